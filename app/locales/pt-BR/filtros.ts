/**
 * pt-BR wording of the list page's filter column, a split-off part of `common`: it comes with the
 * column's module, which the browser fetches on demand (decision 091).
 */
export const filtros = {
  catalogo: {
    aplicar: 'Aplicar filtros',
    limpar: 'Limpar filtros',
    fechar_filtros: 'Fechar',
    ver_todos: 'Ver todos ({{count}})',
    ver_menos: 'Ver menos',
    faceta_categoria: 'Tipo',
    faceta_marca: 'Marca',
    faceta_modelo: 'Modelo',
    faceta_uf: 'Estado',
    faceta_cidade: 'Cidade',
    faceta_combustivel: 'Combustível',
    faceta_cor: 'Cor',
    faceta_retomada: 'Tipo de revenda',
    faceta_comitente: 'Comitente',
    faceta_leilao: 'Leilão',
    faceta_leilao_loja: 'Evento',
    faceta_promocao: 'Promoção',
    faceta_anoModelo: 'Ano modelo',
    ano_min: 'Ano de',
    ano_max: 'Ano até',
    valor_min: 'Valor de (R$)',
    valor_max: 'Valor até (R$)',
    km_min: 'Km de',
    km_max: 'Km até',
  },
} as const;
