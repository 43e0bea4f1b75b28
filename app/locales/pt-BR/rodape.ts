/**
 * pt-BR wording of the site's footer, a split-off part of `common`: it comes with the footer's module,
 * which the browser fetches on demand (decision 091).
 */
export const rodape = {
  rodape: {
    atendimento: 'Atendimento',
    institucional: 'Institucional',
    quem_somos: 'Quem somos',
    regulamento: 'Regulamento',
    duvidas: 'Dúvidas frequentes',
    formas_pagamento: 'Formas de pagamento',
    documentos: 'Documentos',
    termos: 'Termos de uso',
    privacidade: 'Política de privacidade',
    acessibilidade: 'Acessibilidade',
    direitos: '© {{ano}} {{nome}}. Todos os direitos reservados.',
    whatsapp: 'WhatsApp',
    telefone: 'Telefone',
    email: 'E-mail',
    redes: 'Redes sociais',
  },
} as const;
