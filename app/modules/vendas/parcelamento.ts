/*
 * The payment schedule of a sale made from a judicial lot's instalment proposal (CPC 895, decision 250):
 * the down payment on the sale's payment day, then the rest in monthly instalments on the same day of each
 * following month (the month's last day when it has no such day). Centavos split exactly: the first
 * instalments take the leftover centavos, one each, so the schedule adds up to the price to the centavo.
 * Pure.
 */

export interface Parcela {
  /** 0 = the down payment; 1..n the instalments. */
  numero: number;
  /** YYYY-MM-DD (São Paulo calendar day). */
  vencimento: string;
  valor: number;
}

const doisDigitos = (n: number) => String(n).padStart(2, '0');

/** `dia` (YYYY-MM-DD) moved `meses` months ahead, kept within the target month (31/01 + 1 → 28/02 or 29/02). */
export function somarMeses(dia: string, meses: number): string {
  const [a, m, d] = dia.split('-').map(Number);
  const indice = a * 12 + (m - 1) + meses;
  const ano = Math.floor(indice / 12);
  const mes = (indice % 12) + 1;
  const ultimo = new Date(Date.UTC(ano, mes, 0)).getUTCDate();
  return `${ano}-${doisDigitos(mes)}-${doisDigitos(Math.min(d, ultimo))}`;
}

/**
 * The schedule of `valor` with `entrada` down on `diaPagamento` and `parcelas` monthly instalments. A cash
 * proposal (no instalments, or the down payment covering the price) is one line: the whole price.
 */
export function cronogramaCpc895({
  valor,
  entrada,
  parcelas,
  diaPagamento,
}: {
  valor: number;
  entrada: number | null;
  parcelas: number | null;
  diaPagamento: string;
}): Parcela[] {
  if (entrada == null || parcelas == null || parcelas < 1 || entrada >= valor) return [{ numero: 0, vencimento: diaPagamento, valor }];
  const resto = valor - entrada;
  const base = Math.floor(resto / parcelas);
  const sobra = resto - base * parcelas;
  return [
    { numero: 0, vencimento: diaPagamento, valor: entrada },
    ...Array.from({ length: parcelas }, (_, i) => ({
      numero: i + 1,
      vencimento: somarMeses(diaPagamento, i + 1),
      valor: base + (i < sobra ? 1 : 0),
    })),
  ];
}

export type SituacaoDaParcela = 'paga' | 'em-validacao' | 'vencida' | 'a-vencer';

export const ROTULO_DA_PARCELA: Record<SituacaoDaParcela, string> = {
  paga: 'Paga',
  'em-validacao': 'Em validação',
  vencida: 'Vencida',
  'a-vencer': 'A vencer',
};

export interface ParcelaDaVenda {
  /** The row's id: the instalment's own boleto "nosso número" and PIX txid are built from it. */
  id: number;
  loteId: number;
  numero: number;
  vencimento: string;
  valor: number;
}

export interface EstadoDaParcela extends ParcelaDaVenda {
  /** What this line asks: its value, and for the down payments also the sale's part outside the schedules. */
  devido: number;
  /** What is still to pay on this line (0 once covered by approved payments or proofs awaiting validation). */
  restante: number;
  situacao: SituacaoDaParcela;
}

/**
 * The state of each line of a sale's CPC 895 schedules (decision 288). What the sale owes outside the later
 * instalments (the down payments, the commission and fees, any other lot of the sale) is due with the down
 * payment: it goes on the first down payment line. Money received covers the lines in due order (the down
 * payments, then the instalments by due date): approved money makes a line `paga`, money whose proof awaits
 * validation `em-validacao`; an uncovered line is `vencida` after its due day (São Paulo `hoje`, YYYY-MM-DD),
 * else `a-vencer`. Lines come back in the order given. Pure.
 */
export function estadoDasParcelas({
  parcelas,
  totalDaVenda,
  aprovado,
  emValidacao,
  hoje,
}: {
  parcelas: readonly ParcelaDaVenda[];
  /** The sale's total less discount and receipts already settled (what payments must cover). */
  totalDaVenda: number;
  aprovado: number;
  emValidacao: number;
  hoje: string;
}): EstadoDaParcela[] {
  const emOrdem = [...parcelas].sort(
    (a, b) =>
      Number(a.numero > 0) - Number(b.numero > 0) || a.vencimento.localeCompare(b.vencimento) || a.loteId - b.loteId || a.numero - b.numero,
  );
  const foraDoCronograma = Math.max(0, totalDaVenda - parcelas.reduce((s, p) => s + p.valor, 0));
  const estados = new Map<number, EstadoDaParcela>();
  let pago = aprovado;
  let validando = emValidacao;
  emOrdem.forEach((p, i) => {
    const devido = p.valor + (i === 0 ? foraDoCronograma : 0);
    const doPago = Math.min(pago, devido);
    pago -= doPago;
    const doValidando = Math.min(validando, devido - doPago);
    validando -= doValidando;
    const restante = devido - doPago - doValidando;
    const situacao: SituacaoDaParcela =
      restante > 0 ? (p.vencimento < hoje ? 'vencida' : 'a-vencer') : doValidando > 0 ? 'em-validacao' : 'paga';
    estados.set(p.id, { ...p, devido, restante, situacao });
  });
  return parcelas.map((p) => estados.get(p.id)!);
}
