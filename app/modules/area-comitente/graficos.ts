/*
 * The seller's result charts (#30, decision 163): what each chart shows, as data, so the page, the staff
 * report and the exports read one list. A chart draws some columns of the results' rows (one row per
 * auction or month); its table and its CSV/XLSX hold the same columns. Pure and browser-safe.
 */

export type TipoColuna = 'numero' | 'dinheiro' | 'porcentagem' | 'dias';

export interface ColunaDeGrafico {
  chave: keyof LinhaDeResultado;
  rotulo: string;
  tipo: TipoColuna;
}

export interface DefinicaoDeGrafico {
  id: string;
  titulo: string;
  /** barras: grouped bars, one per series; linha: a line over the groups (a rate). */
  forma: 'barras' | 'linha';
  /** Drawn series (the table adds the `extras` columns). */
  series: ColunaDeGrafico[];
  extras?: ColunaDeGrafico[];
}

/** One group (an auction or a month) of the seller's results. Money in centavos, rates in basis points. */
export interface LinhaDeResultado {
  grupo: string;
  rotulo: string;
  ofertados: number;
  vendidos: number;
  taxaVenda: number | null;
  arremateSobreMinimo: number | null;
  arremateSobreFipe: number | null;
  diasAtePagamento: number | null;
  diasAteRetirada: number | null;
  documentosPendentes: number;
  recebido: number;
  aReceber: number;
}

export const GRAFICOS: readonly DefinicaoDeGrafico[] = [
  {
    id: 'taxa-venda',
    titulo: 'Taxa de venda',
    forma: 'linha',
    series: [{ chave: 'taxaVenda', rotulo: 'Vendidos / ofertados', tipo: 'porcentagem' }],
    extras: [
      { chave: 'ofertados', rotulo: 'Ofertados', tipo: 'numero' },
      { chave: 'vendidos', rotulo: 'Vendidos', tipo: 'numero' },
    ],
  },
  {
    id: 'arremate',
    titulo: 'Arremate contra o mínimo e a FIPE',
    forma: 'barras',
    series: [
      { chave: 'arremateSobreMinimo', rotulo: 'Arremate / mínimo', tipo: 'porcentagem' },
      { chave: 'arremateSobreFipe', rotulo: 'Arremate / FIPE', tipo: 'porcentagem' },
    ],
  },
  {
    id: 'prazos',
    titulo: 'Dias do arremate ao pagamento e à retirada',
    forma: 'barras',
    series: [
      { chave: 'diasAtePagamento', rotulo: 'Até o pagamento', tipo: 'dias' },
      { chave: 'diasAteRetirada', rotulo: 'Até a retirada', tipo: 'dias' },
    ],
  },
  {
    id: 'documentos',
    titulo: 'Documentos pendentes',
    forma: 'barras',
    series: [{ chave: 'documentosPendentes', rotulo: 'Vendidos sem documentos recebidos', tipo: 'numero' }],
  },
  {
    id: 'dinheiro',
    titulo: 'Dinheiro recebido e a receber',
    forma: 'barras',
    series: [
      { chave: 'recebido', rotulo: 'Recebido', tipo: 'dinheiro' },
      { chave: 'aReceber', rotulo: 'A receber', tipo: 'dinheiro' },
    ],
  },
];

export const graficoPorId = (id: string) => GRAFICOS.find((g) => g.id === id);

/** The table's columns of a chart: the group, then the series, then the extras. */
export const colunasDoGrafico = (g: DefinicaoDeGrafico): ColunaDeGrafico[] => [...g.series, ...(g.extras ?? [])];
