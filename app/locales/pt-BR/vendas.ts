/** pt-BR wording of the post-sale pages (loja: compra, comprador, anúncio). */
export const vendas = {
  vendas: {
    minhas_compras: 'Minhas compras',
    compra: 'Compra',
    arrematante: 'Arrematante',
    arrematante_loja: 'Comprador',
    arremate: 'Arremate',
    arremate_loja: 'Valor da compra',
    lote: 'Lote',
    lote_loja: 'Anúncio',
    lotes: 'Lotes',
    lotes_loja: 'Anúncios',
    leilao: 'Leilão',
    leilao_loja: 'Evento',
    nenhuma: 'Nenhuma compra encontrada',
    extrato: 'Extrato da compra',
    ofertas: 'Ofertas para você',
    ofertas_explicacao:
      'O arrematante desistiu e você foi o segundo maior lance. Você pode comprar o lote pelo seu maior lance até o prazo.',
    ofertas_explicacao_loja:
      'O comprador desistiu e você fez a segunda maior oferta. Você pode comprar o anúncio pela sua maior oferta até o prazo.',
    comprovante_arrematacao: 'Comprovante de arrematação',
    comprovante_arrematacao_loja: 'Comprovante de compra',
    retirada_terceiros: 'Autorização de retirada por terceiros',
    notaDeVenda: 'Nota de venda em leilão',
    notaDeVenda_loja: 'Nota de venda',
    notasDoLeilao: 'Notas do leilão',
    notasDoLeilao_loja: 'Notas do evento',
    comissaoDoLeiloeiro: 'Comissão do leiloeiro',
    comissaoDoLeiloeiro_loja: 'Taxa de intermediação',
    comissao: 'Comissão',
    comissao_loja: 'Taxa de intermediação',
    leiloeiro: 'Leiloeiro',
    leiloeiro_loja: 'Responsável pela venda',
    comitente: 'Comitente',
    comitente_loja: 'Vendedor',
    total_do_lote: 'Total do lote',
    total_do_lote_loja: 'Total do anúncio',
    /** "Eu, {{nome}}, arrematante da compra…" on the third-party pickup authorisation. */
    autorizo: 'Eu, {{nome}}, arrematante da compra {{compra}}, autorizo {{autorizado}}, CPF {{cpf}}, a retirar em meu nome:',
    autorizo_loja: 'Eu, {{nome}}, comprador da compra {{compra}}, autorizo {{autorizado}}, CPF {{cpf}}, a retirar em meu nome:',
  },
  // A conditional win waiting for the seller (decision 126): what was offered, until when, what follows.
  condicional: {
    titulo: 'Seu lance condicional',
    titulo_loja: 'Sua oferta condicional',
    explicacao: 'Seu lance ficou abaixo do valor mínimo do comitente: a venda depende da aprovação dele.',
    explicacao_loja: 'Sua oferta ficou abaixo do valor pedido pelo vendedor: a compra depende da aprovação dele.',
    oferta: 'Seu lance',
    oferta_loja: 'Sua oferta',
    prazo: 'Resposta do comitente até',
    prazo_loja: 'Resposta do vendedor até',
    contraproposta: 'Proposta do comitente',
    contraproposta_loja: 'Proposta do vendedor',
    proximos: 'O que acontece agora',
    se_aceitar:
      'Se o comitente aceitar, a compra passa a Aguardando Pagamento: você recebe um e-mail e esta página mostra o total, com a comissão, e como pagar.',
    se_aceitar_loja:
      'Se o vendedor aceitar, a compra passa a Aguardando Pagamento: você recebe um e-mail e esta página mostra o total e como pagar.',
    se_recusar: 'Se recusar, o lance é encerrado e nada é devido.',
    se_recusar_loja: 'Se recusar, a oferta é encerrada e nada é devido.',
    se_propor: 'Se propuser outro valor, você recebe um e-mail com a proposta.',
    sem_pagamento: 'Até a resposta não há pagamento, retirada nem envio.',
    resumo: 'Nada a pagar até a resposta',
  },
};

/** The brand's wording for a document drawn on the server (PDFs): `t('vendas.arremate')` reads as its tipo asks. */
export type TextoDoDocumento = (chave: string, opcoes?: Record<string, unknown>) => string;
