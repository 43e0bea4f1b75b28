/**
 * Money on the ground floor: the one calculation of a lot's value, commission, fees and total, in
 * integer centavos (spec 000 section 9). Pure and browser-safe: the bid engine, the sale's item, the
 * buy-now summary, the lot page (live, as bids arrive; decision 103) and the JSON API all call it, so
 * what is shown is what is charged. Percentages are integer basis points as stored on the lot
 * (500 = 5,00 %). What a person types in reais is read by `reaisParaCentavos` (`~/utils/numeros`).
 */

/** Current value = last bid, else the minimum. */
export const valorAtual = (lance: number | null | undefined, minimo: number) => lance ?? minimo;

/** Accepted next bid = last bid + increment, else the minimum. */
export const proximoLance = (lance: number | null | undefined, minimo: number, incremento: number) =>
  lance == null ? minimo : lance + incremento;

export type Arredondamento = 'metade-acima' | 'truncar';

/**
 * Commission = percent of a base. Rounded half-up to the centavo, or truncated (rounded down) when the
 * brand asks for it (the spec: "rounded down to 2 decimals for one brand"). Exact while
 * base × pontosBase is a safe integer (a base up to R$ 9 bilhões at 100 %).
 */
export function comissao(base: number, pontosBase: number, arredondamento: Arredondamento = 'metade-acima') {
  const bruto = base * pontosBase; // centavos × 1/10000
  return arredondamento === 'truncar' ? Math.floor(bruto / 10_000) : Math.floor((bruto + 5_000) / 10_000);
}

export interface Despesas {
  despachante?: number | null;
  outros?: number | null;
  remocao?: number | null;
  depositoDeBens?: number | null;
  vistoria?: number | null;
}

export interface Totais {
  base: number;
  comissao: number;
  comissaoExtra: number;
  despesas: number;
  totalAPagar: number;
}

/** A fee counts when positive; a negative or missing fee counts as zero. */
const positivo = (v: number | null | undefined) => (v && v > 0 ? v : 0);

/**
 * Total expenses = positive dispatcher, others, removal, deposit and inspection fees + commission
 * + extra commission. Total to pay = base + expenses. The base is the current value (last bid, else
 * the minimum) unless `base` names another.
 */
export function totais({
  lance,
  minimo,
  base = valorAtual(lance, minimo),
  comissaoPorcentagem,
  comissaoExtraPorcentagem = 0,
  despesas = {},
  arredondamento,
}: {
  lance: number | null | undefined;
  minimo: number;
  base?: number;
  /** Basis points (500 = 5 %). */
  comissaoPorcentagem: number;
  comissaoExtraPorcentagem?: number;
  despesas?: Despesas;
  arredondamento?: Arredondamento;
}): Totais {
  const c = comissao(base, comissaoPorcentagem, arredondamento);
  const ce = comissao(base, comissaoExtraPorcentagem, arredondamento);
  const taxas = [despesas.despachante, despesas.outros, despesas.remocao, despesas.depositoDeBens, despesas.vistoria]
    .map(positivo)
    .reduce((a, b) => a + b, 0);
  const total = taxas + c + ce;
  return { base, comissao: c, comissaoExtra: ce, despesas: total, totalAPagar: base + total };
}

/** What a lot sold at `valor` costs its buyer, fee by fee (the sale's item and the buy-now summary). */
export interface CustoDaCompra {
  valor: number;
  /** Commission plus extra commission, as the sale's item keeps it. */
  comissao: number;
  despachante: number;
  outros: number;
  remocao: number;
  depositoDeBens: number;
  vistoria: number;
  total: number;
}

/** A purchase's cost: `totais` at the sold value, with each fee as the sale's item stores it. */
export function custoDaCompra({
  valor,
  minimo,
  comissaoPorcentagem,
  comissaoExtraPorcentagem = 0,
  despesas = {},
}: {
  valor: number;
  minimo: number;
  comissaoPorcentagem: number;
  comissaoExtraPorcentagem?: number;
  despesas?: Despesas;
}): CustoDaCompra {
  const t = totais({ lance: valor, minimo, comissaoPorcentagem, comissaoExtraPorcentagem, despesas });
  return {
    valor: t.base,
    comissao: t.comissao + t.comissaoExtra,
    despachante: positivo(despesas.despachante),
    outros: positivo(despesas.outros),
    remocao: positivo(despesas.remocao),
    depositoDeBens: positivo(despesas.depositoDeBens),
    vistoria: positivo(despesas.vistoria),
    total: t.totalAPagar,
  };
}

/** A lot's money fields as the catalogue reads them (the lot page's value block). */
export interface BlocoValor {
  minimo: number;
  incremento: number;
  ultimoLanceValor: number | null;
  comissaoPorcentagem: number; // basis points
  comissaoExtraPorcentagem: number; // basis points
  despachante: number;
  outros: number;
  remocao: number;
  depositoDeBens: number;
  vistoria: number;
}

/**
 * The lot page's value block: `totais` for a base value (by default the current value), with the
 * current value and the next accepted bid beside it.
 */
export function calcularValores(v: BlocoValor, opcoes: { base?: number; comissaoParaBaixo?: boolean } = {}) {
  const t = totais({
    lance: v.ultimoLanceValor,
    minimo: v.minimo,
    base: opcoes.base,
    comissaoPorcentagem: v.comissaoPorcentagem,
    comissaoExtraPorcentagem: v.comissaoExtraPorcentagem,
    despesas: v,
    arredondamento: opcoes.comissaoParaBaixo ? 'truncar' : 'metade-acima',
  });
  return {
    base: t.base,
    valorAtual: valorAtual(v.ultimoLanceValor, v.minimo),
    proximoLance: proximoLance(v.ultimoLanceValor, v.minimo, v.incremento),
    comissao: t.comissao,
    comissaoExtra: t.comissaoExtra,
    totalDespesas: t.despesas,
    totalAPagar: t.totalAPagar,
  };
}
