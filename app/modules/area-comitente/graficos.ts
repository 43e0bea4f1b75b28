/*
 * The seller's result charts (#30, decision 163): what each chart shows, as data, so the page, the staff
 * report and the exports read one list. A chart draws some columns of the results' rows (one row per
 * auction or month); its table and its CSV/XLSX hold the same columns. Pure and browser-safe.
 */

export type TipoColuna = 'numero' | 'dinheiro' | 'porcentagem' | 'dias';

export interface ColunaDeGrafico {
  chave: keyof LinhaDeResultado;
  rotulo: string;
  /** The label on a shop brand (loja) when `rotulo` has an auction word in it. */
  rotuloLoja?: string;
  tipo: TipoColuna;
}

export interface DefinicaoDeGrafico {
  id: string;
  titulo: string;
  /** The title on a shop brand (loja) when `titulo` has an auction word in it. */
  tituloLoja?: string;
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
    tituloLoja: 'Preço de venda contra o mínimo e a FIPE',
    forma: 'barras',
    series: [
      { chave: 'arremateSobreMinimo', rotulo: 'Arremate / mínimo', rotuloLoja: 'Venda / mínimo', tipo: 'porcentagem' },
      { chave: 'arremateSobreFipe', rotulo: 'Arremate / FIPE', rotuloLoja: 'Venda / FIPE', tipo: 'porcentagem' },
    ],
  },
  {
    id: 'prazos',
    titulo: 'Dias do arremate ao pagamento e à retirada',
    tituloLoja: 'Dias da venda ao pagamento e à retirada',
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

export type TipoDaMarca = 'leilao' | 'loja';

const naLoja = (c: ColunaDeGrafico): ColunaDeGrafico => ({ ...c, rotulo: c.rotuloLoja ?? c.rotulo });
const GRAFICOS_LOJA: readonly DefinicaoDeGrafico[] = GRAFICOS.map((g) => ({
  ...g,
  titulo: g.tituloLoja ?? g.titulo,
  series: g.series.map(naLoja),
  extras: g.extras?.map(naLoja),
}));

/** The charts in the brand's wording: a shop (loja) reads no "arremate" in titles, labels or exports. */
export const graficosDaMarca = (tipo: TipoDaMarca = 'leilao') => (tipo === 'loja' ? GRAFICOS_LOJA : GRAFICOS);

export const graficoPorId = (id: string, tipo: TipoDaMarca = 'leilao') => graficosDaMarca(tipo).find((g) => g.id === id);

/** The table's first column: the month, or the auction in the brand's wording. */
export const rotuloDoGrupo = (agrupar: string | undefined, tipo: TipoDaMarca = 'leilao') =>
  agrupar === 'mes' ? 'Mês' : tipo === 'loja' ? 'Evento' : 'Leilão';

/** The table's columns of a chart: the group, then the series, then the extras. */
export const colunasDoGrafico = (g: DefinicaoDeGrafico): ColunaDeGrafico[] => [...g.series, ...(g.extras ?? [])];
