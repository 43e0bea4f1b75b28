/**
 * pt-BR wording of the error pages (404, 403, a refusal, a server error), a split-off part of `common`:
 * it comes with the error page's body, which the browser fetches only when one shows (issue #16).
 */
export const erros = {
  nao_encontrado: {
    texto: 'O endereço que você procurou não existe ou foi removido.',
    voltar: 'Voltar para o início',
  },
  acesso_negado: {
    titulo: 'Acesso negado',
  },
  recusado: {
    titulo: 'Não foi possível concluir',
  },
  erro: {
    titulo: 'Algo deu errado',
    texto: 'Não foi possível carregar esta página. Tente novamente em instantes.',
    codigo: 'Código do pedido (informe ao suporte):',
  },
} as const;
