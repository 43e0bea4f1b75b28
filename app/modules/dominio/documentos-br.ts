/** Brazilian document and format checks (pure; shared by the browser and the server). */

export const soDigitos = (v: string) => v.replace(/\D/g, '');

function digitoVerificador(base: string, pesos: number[]): number {
  const soma = pesos.reduce((acc, peso, i) => acc + Number(base[i]) * peso, 0);
  const resto = soma % 11;
  return resto < 2 ? 0 : 11 - resto;
}

/** CPF with valid check digits (repeated digits like 111.111.111-11 are refused). */
export function cpfValido(valor: string): boolean {
  const d = soDigitos(valor);
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  const d1 = digitoVerificador(d, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = digitoVerificador(d, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return d1 === Number(d[9]) && d2 === Number(d[10]);
}

/**
 * A CNPJ as we store and compare it: its 14 characters, letters upper-cased, without dots, slash or dash.
 * Since July 2026 the Receita Federal issues alphanumeric CNPJs (IN RFB 2.229/2024): letters A–Z and
 * digits in the first 12 positions, the last 2 always digits. Older CNPJs are the all-digit case.
 */
export const normalizarCnpj = (v: string) => v.toUpperCase().replace(/[^0-9A-Z]/g, '');

/** Check digit of a CNPJ base: mod 11 over (ASCII code − 48) of each character, so '0'–'9' weigh 0–9 and 'A'–'Z' 17–42. */
function digitoCnpj(base: string, pesos: readonly number[]): number {
  const soma = pesos.reduce((acc, peso, i) => acc + (base.charCodeAt(i) - 48) * peso, 0);
  const resto = soma % 11;
  return resto < 2 ? 0 : 11 - resto;
}
const PESOS_CNPJ = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/** CNPJ, numeric or alphanumeric, with valid check digits (all-zero and repeated digits are refused). */
export function cnpjValido(valor: string): boolean {
  const d = normalizarCnpj(valor);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(d) || /^(\d)\1{13}$/.test(d)) return false;
  return digitoCnpj(d, PESOS_CNPJ.slice(1)) === Number(d[12]) && digitoCnpj(d, PESOS_CNPJ) === Number(d[13]);
}

export const formatarCpf = (v: string) => soDigitos(v).replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
/** XX.XXX.XXX/XXXX-XX, letters upper-cased; anything that is not 14 CNPJ characters comes back as they are. */
export const formatarCnpj = (v: string) =>
  normalizarCnpj(v).replace(/^([0-9A-Z]{2})([0-9A-Z]{3})([0-9A-Z]{3})([0-9A-Z]{4})(\d{2})$/, '$1.$2.$3/$4-$5');
/** CEP as the spec stores it: exactly 9 characters, 00000-000. */
export const formatarCep = (v: string) => soDigitos(v).replace(/^(\d{5})(\d{3})$/, '$1-$2');

/** Phone with DDD: 10 (landline) or 11 (mobile, starting with 9) digits. */
export function telefoneValido(valor: string): boolean {
  const d = soDigitos(valor);
  if (!/^[1-9]{2}/.test(d)) return false;
  return d.length === 10 || (d.length === 11 && d[2] === '9');
}
export const formatarTelefone = (v: string) => {
  const d = soDigitos(v);
  return d.length === 11 ? d.replace(/^(\d{2})(\d{5})(\d{4})$/, '($1) $2-$3') : d.replace(/^(\d{2})(\d{4})(\d{4})$/, '($1) $2-$3');
};

/** Masks a CPF/CNPJ for display to people who should not read it whole. */
export const mascararDocumento = (v: string) => {
  const d = normalizarCnpj(v);
  return /^\d{11}$/.test(d)
    ? `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**`
    : d.length === 14
      ? `**.${d.slice(2, 5)}.${d.slice(5, 8)}/****-**`
      : v;
};
