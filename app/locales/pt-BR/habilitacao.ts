/**
 * pt-BR wording of habilitation (the box on the lot page, the auction's lot list and the agenda; its
 * answers; the e-mail of staff's decision). Loja variants in the `_loja` keys (evento, oferta).
 * Server code reads them through textoDaMarca; components through `useWording(habilitacao)`.
 */
export const habilitacao = {
  habilitacao: {
    titulo: 'Habilitar-se para este leilão',
    titulo_loja: 'Habilitar-se para este evento',
    explicacao: 'Para dar lances neste leilão, leia e aceite as condições de participação.',
    explicacao_loja: 'Para fazer ofertas neste evento, leia e aceite as condições de participação.',
    explicacao_aprovacao: 'Seu pedido será analisado pela nossa equipe antes de liberar os lances.',
    explicacao_aprovacao_loja: 'Seu pedido será analisado pela nossa equipe antes de liberar as ofertas.',
    edital: 'Edital do leilão',
    edital_loja: 'Condições do evento',
    regulamento: 'Regulamento',
    aceite: 'Li e aceito o edital e o regulamento deste leilão',
    aceite_loja: 'Li e aceito as condições e o regulamento deste evento',
    botao: 'Habilitar-me',
    botao_novamente: 'Pedir habilitação novamente',
    entrar: 'Entre para se habilitar e dar lances',
    entrar_loja: 'Entre para se habilitar e fazer ofertas',
    habilitado: 'Você está habilitado para este leilão',
    habilitado_loja: 'Você está habilitado para este evento',
    pendente: 'Habilitação em análise: aguarde a aprovação da nossa equipe.',
    recusado: 'Habilitação recusada. Motivo: {{motivo}}',
    ir_para_habilitacao: 'Habilitar-se para este leilão',
    ir_para_habilitacao_loja: 'Habilitar-se para este evento',
  },
  habilitacao_mensagens: {
    realizada: 'Habilitação realizada com sucesso',
    pedido_enviado: 'Pedido de habilitação enviado: aguarde a análise da nossa equipe',
    aceite_obrigatorio: 'Aceite o edital e o regulamento para se habilitar',
    aceite_obrigatorio_loja: 'Aceite as condições do evento para se habilitar',
    leilao_nao_encontrado: 'Leilão não encontrado',
    leilao_nao_encontrado_loja: 'Evento não encontrado',
    nao_exigida: 'Este site não exige habilitação para dar lances',
    nao_exigida_loja: 'Este site não exige habilitação para fazer ofertas',
    ja_habilitado: 'Você já está habilitado para este leilão',
    ja_habilitado_loja: 'Você já está habilitado para este evento',
    ja_pendente: 'Sua habilitação já está em análise',
  },
  habilitacao_email: {
    assunto_aprovada: 'Habilitação aprovada: {{leilao}}',
    assunto_recusada: 'Habilitação recusada: {{leilao}}',
    aprovada: 'Olá, {{nome}}. Sua habilitação para o leilão {{leilao}} foi aprovada. Você já pode dar lances: {{link}}',
    aprovada_loja: 'Olá, {{nome}}. Sua habilitação para o evento {{leilao}} foi aprovada. Você já pode fazer ofertas: {{link}}',
    recusada: 'Olá, {{nome}}. Sua habilitação para o leilão {{leilao}} foi recusada. Motivo: {{motivo}}. Dúvidas: {{link}}',
    recusada_loja: 'Olá, {{nome}}. Sua habilitação para o evento {{leilao}} foi recusada. Motivo: {{motivo}}. Dúvidas: {{link}}',
  },
} as const;
