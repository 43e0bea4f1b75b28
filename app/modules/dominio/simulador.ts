import { custoDaCompra, type BlocoValor, type CustoDaCompra } from './dinheiro';

/**
 * The lot page's fee simulator and card simulation (issue #33, decision 224). The simulated purchase is
 * `custoDaCompra`, the very function the sale's item is built with, so the total shown for a typed value
 * is the total the sale charges if the lot is won at that value. Card instalments split that total with
 * no surcharge, in exact centavos: the first instalment carries the remainder, so they add up to it.
 */

/** Most instalments a card simulation offers, and the smallest instalment it shows. */
export const PARCELAS_MAXIMAS = 12;
export const PARCELA_MINIMA = 100_00;

export interface Parcelamento {
  quantidade: number;
  /** Each instalment after the first. */
  valor: number;
  /** The first instalment: `valor` plus the centavos that do not divide. */
  primeira: number;
  total: number;
}

export type Simulacao = { tipo: 'ok'; valor: number; custo: CustoDaCompra; parcelas: Parcelamento[] } | { tipo: 'abaixo'; minimo: number };

/** 1x up to `PARCELAS_MAXIMAS`x of `total`, while each instalment is at least `PARCELA_MINIMA` (1x always). */
export function parcelasNoCartao(total: number): Parcelamento[] {
  const lista: Parcelamento[] = [];
  for (let quantidade = 1; quantidade <= PARCELAS_MAXIMAS; quantidade++) {
    const valor = Math.floor(total / quantidade);
    if (quantidade > 1 && valor < PARCELA_MINIMA) break;
    lista.push({ quantidade, valor, primeira: valor + (total % quantidade), total });
  }
  return lista;
}

/** The lowest value the simulator accepts: the next accepted bid (a lower one could not win the lot). */
export const minimoSimulavel = (v: Pick<BlocoValor, 'minimo' | 'incremento' | 'ultimoLanceValor'>) =>
  v.ultimoLanceValor == null ? v.minimo : v.ultimoLanceValor + v.incremento;

/** What winning the lot at `valor` costs, fee by fee, and its card instalments. */
export function simularCompra(v: BlocoValor, valor: number): Simulacao {
  const minimo = minimoSimulavel(v);
  if (valor < minimo) return { tipo: 'abaixo', minimo };
  const custo = custoDaCompra({
    valor,
    minimo: v.minimo,
    comissaoPorcentagem: v.comissaoPorcentagem,
    comissaoExtraPorcentagem: v.comissaoExtraPorcentagem,
    despesas: v,
  });
  return { tipo: 'ok', valor, custo, parcelas: parcelasNoCartao(custo.total) };
}
