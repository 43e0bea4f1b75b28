/**
 * pt-BR wording of exclusive events (the invitation's answer page) and of referral (indique e ganhe).
 * Loja variants in the `_loja` keys (evento, oferta, anúncio). Components read them through
 * `useWording(eventos)`.
 */
export const eventos = {
  convite: {
    titulo: 'Convite para evento exclusivo',
    explicacao: 'Você foi convidado para o leilão exclusivo abaixo. Só convidados veem os lotes e dão lances.',
    explicacao_loja: 'Você foi convidado para o evento exclusivo abaixo. Só convidados veem os anúncios e fazem ofertas.',
    aceitar: 'Aceitar convite',
    recusar: 'Recusar',
    aceito: 'Convite aceito',
    recusado: 'Convite recusado',
    ver_leilao: 'Ver os lotes do leilão exclusivo',
    ver_leilao_loja: 'Ver os anúncios do evento exclusivo',
    nao_encontrado: 'Convite não encontrado. Confira o link recebido por e-mail.',
  },
  indicacao: {
    titulo: 'Indique e ganhe',
    explicacao:
      'Compartilhe seu link com amigos. Quando um amigo se cadastrar por ele e tiver a primeira compra paga, você ganha {{valor}} de crédito na comissão.',
    sem_programa: 'Compartilhe seu link com amigos: o programa de recompensas desta marca ainda não está ativo.',
    seu_link: 'Seu link de indicação',
    seu_codigo: 'Seu código',
    copiar: 'Copiar link',
    amigos: 'Amigos indicados',
    nenhum: 'Nenhum amigo se cadastrou pelo seu link ainda.',
    credito: 'Crédito ganho',
    regras: 'Uma recompensa por amigo, na primeira compra paga. Não vale indicar a si mesmo (mesmo CPF).',
    situacao_cadastrado: 'Cadastrado',
    situacao_habilitado: 'Habilitado',
    situacao_primeira_compra: 'Primeira compra paga',
    desde: 'desde {{data}}',
    aguardando: 'aguardando a primeira compra',
  },
};
