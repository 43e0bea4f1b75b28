/**
 * The one place money, dates and sizes become text. Money is integer centavos all the way to here,
 * and is handed to Intl as an exact decimal string, never as a float.
 */
export const FUSO = 'America/Sao_Paulo';

const moeda = {
  2: new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  0: new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 0, maximumFractionDigits: 0 }),
} as const;

export function centavosParaDecimal(centavos: number | bigint): string {
  if (typeof centavos === 'number' && !Number.isSafeInteger(centavos)) {
    throw new TypeError(`valor em centavos inválido: ${centavos}`);
  }
  const v = BigInt(centavos);
  const negativo = v < 0n;
  const abs = negativo ? -v : v;
  return `${negativo ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** R$ 1.234,56 (casas 2) or R$ 1.235 (casas 0). */
export function formatarMoeda(centavos: number | bigint, opcoes: { casas?: 0 | 2 } = {}): string {
  // Intl.NumberFormat accepts exact decimal strings (ES2023); the cast is for older lib typings.
  return moeda[opcoes.casas ?? 2].format(centavosParaDecimal(centavos) as unknown as number);
}

const numero = new Intl.NumberFormat('pt-BR');
/** 123.456 (whole quantities such as km). */
export const formatarNumero = (n: number) => numero.format(n);

const data = new Intl.DateTimeFormat('pt-BR', { timeZone: FUSO, day: '2-digit', month: '2-digit', year: 'numeric' });
const dataHora = new Intl.DateTimeFormat('pt-BR', {
  timeZone: FUSO,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const comoData = (d: Date | string | number) => (d instanceof Date ? d : new Date(d));

/** 21/11/2026 in São Paulo time. */
export const formatarData = (d: Date | string | number) => data.format(comoData(d));
/** 21/11/2026 15:30 in São Paulo time. */
export const formatarDataHora = (d: Date | string | number) => dataHora.format(comoData(d)).replace(',', '');
