/*
 * FEBRABAN boleto (bank collection) barcode and digitable line, as pure functions. The barcode has 44
 * digits: bank (3), currency 9, general check digit (mod 11), due factor (4), value (10), free field (25).
 * The digitable line splits it in five fields, the first three with a mod-10 digit each.
 */

const BASE_FATOR = Date.UTC(1997, 9, 7);
const DIA_MS = 86_400_000;

/** Due factor: days since 07/10/1997, restarting at 1000 on 22/02/2025 (FEBRABAN, factor 9999 + 1). */
export function fatorVencimento(vencimento: Date): string {
  const dia = Date.UTC(vencimento.getUTCFullYear(), vencimento.getUTCMonth(), vencimento.getUTCDate());
  const dias = Math.round((dia - BASE_FATOR) / DIA_MS);
  const fator = dias >= 10_000 ? ((dias - 10_000) % 9_000) + 1_000 : dias;
  return String(fator).padStart(4, '0');
}

export function modulo10(numero: string): number {
  let soma = 0;
  let peso = 2;
  for (let i = numero.length - 1; i >= 0; i--) {
    const p = Number(numero[i]) * peso;
    soma += p > 9 ? Math.floor(p / 10) + (p % 10) : p;
    peso = peso === 2 ? 1 : 2;
  }
  return (10 - (soma % 10)) % 10;
}

/** General check digit of the barcode: weights 2..9 from the right; 0, 10 and 11 become 1. */
export function modulo11Boleto(numero: string): number {
  let soma = 0;
  let peso = 2;
  for (let i = numero.length - 1; i >= 0; i--) {
    soma += Number(numero[i]) * peso;
    peso = peso === 9 ? 2 : peso + 1;
  }
  const dv = 11 - (soma % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

const so = (s: string, n: number) => s.replace(/\D/g, '').padStart(n, '0').slice(-n);

/** Free field in the Bradesco layout: agency (4), wallet (2), our number (11), account (7), 0. */
export function campoLivre({
  agencia,
  carteira,
  nossoNumero,
  conta,
}: {
  agencia: string;
  carteira: string;
  nossoNumero: number;
  conta: string;
}) {
  return `${so(agencia, 4)}${so(carteira, 2)}${so(String(nossoNumero), 11)}${so(conta, 7)}0`;
}

export interface Boleto {
  codigoBarras: string;
  linhaDigitavel: string;
}

export function boleto({ banco, vencimento, valor, livre }: { banco: string; vencimento: Date; valor: number; livre: string }): Boleto {
  if (!/^\d{25}$/.test(livre)) throw new Error('campo livre deve ter 25 dígitos');
  if (!Number.isSafeInteger(valor) || valor < 0 || valor > 99_999_999_99) throw new Error('valor fora do limite do boleto');
  const b = so(banco, 3);
  const fator = fatorVencimento(vencimento);
  const v = String(valor).padStart(10, '0');
  const semDv = `${b}9${fator}${v}${livre}`;
  const dv = modulo11Boleto(semDv);
  const codigoBarras = `${b}9${dv}${fator}${v}${livre}`;
  const c1 = `${b}9${livre.slice(0, 5)}`;
  const c2 = livre.slice(5, 15);
  const c3 = livre.slice(15, 25);
  const f1 = `${c1}${modulo10(c1)}`;
  const f2 = `${c2}${modulo10(c2)}`;
  const f3 = `${c3}${modulo10(c3)}`;
  const linhaDigitavel = `${f1.slice(0, 5)}.${f1.slice(5)} ${f2.slice(0, 5)}.${f2.slice(5)} ${f3.slice(0, 5)}.${f3.slice(5)} ${dv} ${fator}${v}`;
  return { codigoBarras, linhaDigitavel };
}

/** Rebuilds the barcode from a digitable line (what a bank app does), or null if a check digit fails. */
export function barrasDaLinha(linha: string): string | null {
  const d = linha.replace(/\D/g, '');
  if (d.length !== 47) return null;
  const f1 = d.slice(0, 10);
  const f2 = d.slice(10, 21);
  const f3 = d.slice(21, 32);
  for (const f of [f1, f2, f3]) if (modulo10(f.slice(0, -1)) !== Number(f.at(-1))) return null;
  const barras = `${f1.slice(0, 4)}${d[32]}${d.slice(33, 47)}${f1.slice(4, 9)}${f2.slice(0, 10)}${f3.slice(0, 10)}`;
  return modulo11Boleto(barras.slice(0, 4) + barras.slice(5)) === Number(barras[4]) ? barras : null;
}
