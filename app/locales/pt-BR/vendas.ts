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
    leilao: 'Leilão',
    leilao_loja: 'Evento',
    nenhuma: 'Nenhuma compra encontrada',
    extrato: 'Extrato da compra',
  },
};
