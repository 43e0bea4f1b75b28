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

/** CNPJ with valid check digits. */
export function cnpjValido(valor: string): boolean {
  const d = soDigitos(valor);
  if (d.length !== 14 || /^(\d)\1{13}$/.test(d)) return false;
  const d1 = digitoVerificador(d, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = digitoVerificador(d, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return d1 === Number(d[12]) && d2 === Number(d[13]);
}

export const formatarCpf = (v: string) => soDigitos(v).replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
export const formatarCnpj = (v: string) => soDigitos(v).replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
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
  const d = soDigitos(v);
  return d.length === 11
    ? `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**`
    : d.length === 14
      ? `**.${d.slice(2, 5)}.${d.slice(5, 8)}/****-**`
      : v;
};
