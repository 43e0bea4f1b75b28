/**
 * The lot's value block (spec 000 section 9): current value, next bid, commissions, fees and totals,
 * in integer centavos. Its own module, apart from regras.ts: the lot page computes it in the browser
 * as live bids arrive (decision 103), and regras.ts is loaded by the list page, which does not need it
 * (kept there, it cost the list page 245 bytes of gzip; issue #16).
 */
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
/** Current value = last bid, else the minimum. */
export const valorAtual = (v: Pick<BlocoValor, 'minimo' | 'ultimoLanceValor'>) => v.ultimoLanceValor ?? v.minimo;
/** Accepted next bid = last bid plus increment, else the minimum. */
export const proximoLance = (v: Pick<BlocoValor, 'minimo' | 'incremento' | 'ultimoLanceValor'>) =>
  v.ultimoLanceValor != null ? v.ultimoLanceValor + v.incremento : v.minimo;
/** Percent (basis points) of a value in centavos; `paraBaixo` truncates (one brand's rule), else rounds half up. */
export function porcentagem(centavos: number, pontosBase: number, paraBaixo = false): number {
  const x = (centavos * pontosBase) / 10_000;
  return paraBaixo ? Math.floor(x) : Math.round(x);
}
/**
 * The value block for a base value (by default the current value). Expenses = the positive fees
 * (dispatcher, others, removal, deposit, inspection) + commission + extra commission; total = base + expenses.
 */
export function calcularValores(v: BlocoValor, opcoes: { base?: number; comissaoParaBaixo?: boolean } = {}) {
  const base = opcoes.base ?? valorAtual(v);
  const comissao = porcentagem(base, v.comissaoPorcentagem, opcoes.comissaoParaBaixo);
  const comissaoExtra = porcentagem(base, v.comissaoExtraPorcentagem, opcoes.comissaoParaBaixo);
  const taxas = [v.despachante, v.outros, v.remocao, v.depositoDeBens, v.vistoria].reduce((a, t) => a + (t > 0 ? t : 0), 0);
  const totalDespesas = taxas + comissao + comissaoExtra;
  return {
    base,
    valorAtual: valorAtual(v),
    proximoLance: proximoLance(v),
    comissao,
    comissaoExtra,
    totalDespesas,
    totalAPagar: base + totalDespesas,
  };
}
