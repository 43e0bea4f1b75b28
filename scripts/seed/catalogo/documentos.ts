/**
 * Brazilian document numbers with valid check digits, for demo data. Pure; `rnd` is the caller's
 * deterministic generator (0 <= rnd() < 1).
 */
export type Rnd = () => number;

const LETRAS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const int = (rnd: Rnd, n: number) => Math.floor(rnd() * n);
const digitos = (rnd: Rnd, n: number) => Array.from({ length: n }, () => int(rnd, 10));

/** Mercosul plate: LLL N L NN (e.g. BRA2E19). */
export function placaMercosul(rnd: Rnd): string {
  const l = () => LETRAS[int(rnd, 26)];
  return `${l()}${l()}${l()}${int(rnd, 10)}${l()}${int(rnd, 10)}${int(rnd, 10)}`;
}

export const placaMercosulValida = (p: string) => /^[A-Z]{3}[0-9][A-Z][0-9]{2}$/.test(p);

/** RENAVAM (11 digits): weights 3,2,9,8,7,6,5,4,3,2 over the first 10; (sum*10) mod 11, 10 → 0. */
export function digitoRenavam(base10: string): number {
  const pesos = [3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const soma = [...base10].reduce((acc, d, i) => acc + Number(d) * pesos[i], 0);
  const dv = (soma * 10) % 11;
  return dv === 10 ? 0 : dv;
}
export function renavam(rnd: Rnd): string {
  const base = digitos(rnd, 10).join('');
  return base + digitoRenavam(base);
}
export const renavamValido = (r: string) => /^\d{11}$/.test(r) && digitoRenavam(r.slice(0, 10)) === Number(r[10]);

/** VIN (ISO 3779) with the check digit in position 9 (weights 8..2,10,0,9..2; mod 11, 10 → X). */
const VIN_VALOR: Record<string, number> = Object.fromEntries([
  ...'0123456789'.split('').map((c, i) => [c, i]),
  ...'ABCDEFGH'.split('').map((c, i) => [c, i + 1]),
  ...'JKLMN'.split('').map((c, i) => [c, i + 1]),
  ['P', 7],
  ['R', 9],
  ...'STUVWXYZ'.split('').map((c, i) => [c, i + 2]),
] as [string, number][]);
const VIN_PESOS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const VIN_CARACTERES = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
export function digitoVin(vin: string): string {
  const soma = [...vin].reduce((acc, c, i) => acc + VIN_VALOR[c] * VIN_PESOS[i], 0);
  const r = soma % 11;
  return r === 10 ? 'X' : String(r);
}
/** `wmi` is the manufacturer prefix (9BW Volkswagen do Brasil, 9BG Chevrolet, ...). */
export function chassi(rnd: Rnd, wmi: string, anoModelo: number): string {
  const c = () => VIN_CARACTERES[int(rnd, VIN_CARACTERES.length)];
  // Position 10 is the model year code (A=2010 ... Y=2030 without I, O, Q, U, Z; 1..9 = 2001..2009).
  const anos = 'ABCDEFGHJKLMNPRSTVWXY';
  const ano = anoModelo >= 2010 ? anos[(anoModelo - 2010) % anos.length] : String((anoModelo - 2000) % 10 || 1);
  const corpo = `${wmi}${c()}${c()}${c()}${c()}${c()}0${ano}${c()}${digitos(rnd, 6).join('')}`;
  return corpo.slice(0, 8) + digitoVin(corpo) + corpo.slice(9);
}
export const chassiValido = (v: string) => /^[A-HJ-NPR-Z0-9]{17}$/.test(v) && digitoVin(v) === v[8];

function dvMod11(numeros: number[], pesos: number[]): number {
  const r = numeros.reduce((acc, n, i) => acc + n * pesos[i], 0) % 11;
  return r < 2 ? 0 : 11 - r;
}
export function cnpj(rnd: Rnd): string {
  const b = [...digitos(rnd, 8), 0, 0, 0, 1];
  const d1 = dvMod11(b, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = dvMod11([...b, d1], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return [...b, d1, d2].join('');
}
export function cnpjValido(c: string): boolean {
  if (!/^\d{14}$/.test(c) || /^(\d)\1+$/.test(c)) return false;
  const n = [...c].map(Number);
  return (
    dvMod11(n.slice(0, 12), [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]) === n[12] &&
    dvMod11(n.slice(0, 13), [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]) === n[13]
  );
}
export function cpf(rnd: Rnd): string {
  const b = digitos(rnd, 9);
  const d1 = dvMod11(b, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = dvMod11([...b, d1], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return [...b, d1, d2].join('');
}
export function cpfValido(c: string): boolean {
  if (!/^\d{11}$/.test(c) || /^(\d)\1+$/.test(c)) return false;
  const n = [...c].map(Number);
  return (
    dvMod11(n.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]) === n[9] && dvMod11(n.slice(0, 10), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]) === n[10]
  );
}

/** Small, fast, seedable PRNG (mulberry32): the same seed gives the same demo data. */
export function gerador(semente: number): Rnd {
  let a = semente >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
