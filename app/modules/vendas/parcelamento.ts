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
