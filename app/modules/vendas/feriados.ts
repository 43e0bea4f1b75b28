import { getHolidays } from '@brazilian-utils/brazilian-utils';

/*
 * Brazilian national holidays (Lei 662/1949, Lei 10.607/2002, Lei 6.802/1980, Lei 14.759/2023, and Sexta-feira
 * Santa, which hangs on Easter), from @brazilian-utils/brazilian-utils: the yard does not serve pickups on them
 * (decision 125). Pure, by calendar day in São Paulo. Carnaval and Corpus Christi are pontos facultativos, not
 * holidays: a yard that closes on them records them as its recess days (/admin/patio-recesso), which the same
 * rule already skips.
 */
export interface Feriado {
  /** YYYY-MM-DD */
  dia: string;
  nome: string;
}

const doisDigitos = (n: number) => String(n).padStart(2, '0');

// Each year computed once (at most 200 of them): deadlines ask for the same years over and over.
const porAno = new Map<number, readonly Feriado[]>();

/** The national holidays of a year, in calendar order (the library covers 1900 to 2099). */
export function feriadosNacionais(ano: number): Feriado[] {
  // A copy of each: callers may change what they get.
  return doAno(ano).map((f) => ({ ...f }));
}

function doAno(ano: number): readonly Feriado[] {
  if (!Number.isInteger(ano) || ano < 1900 || ano > 2099) return [];
  let feriados = porAno.get(ano);
  if (!feriados) {
    // The library dates each holiday at local midnight: read its local calendar day.
    feriados = getHolidays(ano)
      .filter((h) => h.type === 'national')
      .map((h) => ({
        dia: `${h.date.getFullYear()}-${doisDigitos(h.date.getMonth() + 1)}-${doisDigitos(h.date.getDate())}`,
        nome: h.name,
      }));
    porAno.set(ano, feriados);
  }
  return feriados;
}

/** The holiday's name when `dia` (YYYY-MM-DD) is a national holiday, else null. */
export function feriadoNacional(dia: string): string | null {
  const ano = Number(dia.slice(0, 4));
  if (!Number.isInteger(ano)) return null;
  return doAno(ano).find((f) => f.dia === dia)?.nome ?? null;
}
