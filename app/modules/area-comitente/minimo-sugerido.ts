/*
 * The suggested minimum for a seller's new lot (#30, decision 165), as a pure decision: from the brand's
 * history of closed lots of the same model, year range and condition, the lots are put in levels by their
 * minimum against their FIPE value; each level shows how many lots it holds and how many of them sold.
 * The suggestion is the highest level whose sell-through reaches the target, among the levels that hold
 * at least the minimum sample. No level with enough lots, no suggestion.
 */

/** One closed lot of the history: its minimum and FIPE in centavos, and whether it sold. */
export interface LoteDoHistorico {
  minimo: number;
  fipe: number;
  vendido: boolean;
}

export interface NivelDoMinimo {
  /** The level's lower bound, in percent of FIPE (a lot at 62% of FIPE is in the 60% level). */
  porcentagem: number;
  amostra: number;
  vendidos: number;
  /** Sold / sample, in basis points (10000 = 100%); null with no lot. */
  taxaVenda: number | null;
  /** Whether the level holds at least the minimum sample (only those may be suggested). */
  suficiente: boolean;
}

export interface MinimoSugerido {
  niveis: NivelDoMinimo[];
  amostraTotal: number;
  /** The suggested level and value (centavos), or null when no level has enough lots or reaches the target. */
  sugestao: { porcentagem: number; valor: number; taxaVenda: number; amostra: number } | null;
}

/** Lots a level needs before it counts: below it a rate says more about chance than about the market. */
export const AMOSTRA_MINIMA = 10;
/** The sell-through a suggested level must reach (basis points). */
export const TAXA_ALVO = 7000;
/** Levels of 10 points of FIPE, from 30% to 120%. */
export const NIVEIS = [30, 40, 50, 60, 70, 80, 90, 100, 110, 120] as const;

/** The level of a minimum against FIPE (the highest level not above it); null outside 30%..130%. */
export function nivelDe(minimo: number, fipe: number): number | null {
  if (!(fipe > 0) || !(minimo > 0)) return null;
  const p = (minimo * 100) / fipe;
  if (p < NIVEIS[0] || p >= NIVEIS[NIVEIS.length - 1] + 10) return null;
  let nivel: number = NIVEIS[0];
  for (const n of NIVEIS) if (p >= n) nivel = n;
  return nivel;
}

export function minimoSugerido(
  historico: readonly LoteDoHistorico[],
  fipeDoNovo: number,
  { amostraMinima = AMOSTRA_MINIMA, taxaAlvo = TAXA_ALVO } = {},
): MinimoSugerido {
  const conta = new Map<number, { amostra: number; vendidos: number }>(NIVEIS.map((n) => [n, { amostra: 0, vendidos: 0 }]));
  let amostraTotal = 0;
  for (const l of historico) {
    const n = nivelDe(l.minimo, l.fipe);
    if (n == null) continue;
    const c = conta.get(n)!;
    c.amostra++;
    if (l.vendido) c.vendidos++;
    amostraTotal++;
  }
  const niveis = NIVEIS.map((porcentagem): NivelDoMinimo => {
    const c = conta.get(porcentagem)!;
    return {
      porcentagem,
      amostra: c.amostra,
      vendidos: c.vendidos,
      taxaVenda: c.amostra ? Math.round((c.vendidos * 10000) / c.amostra) : null,
      suficiente: c.amostra >= amostraMinima,
    };
  });
  let sugestao: MinimoSugerido['sugestao'] = null;
  if (fipeDoNovo > 0) {
    for (const n of niveis) {
      if (n.suficiente && n.taxaVenda != null && n.taxaVenda >= taxaAlvo) {
        sugestao = {
          porcentagem: n.porcentagem,
          valor: Math.round((fipeDoNovo * n.porcentagem) / 100),
          taxaVenda: n.taxaVenda,
          amostra: n.amostra,
        };
      }
    }
  }
  return { niveis, amostraTotal, sugestao };
}
