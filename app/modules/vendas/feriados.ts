/*
 * Brazilian national holidays on fixed dates (Lei 662/1949 with Lei 6.802/1980 and Lei 14.759/2023): the
 * yard does not serve pickups on them (decision 125). Pure, by calendar day in São Paulo.
 *
 * Movable feasts (Sexta-feira Santa, and Carnaval and Corpus Christi where a yard closes on them) hang on
 * Easter. They are not computed here: Easter belongs to a maintained library
 * (@brazilian-utils/brazilian-utils), and until it is a dependency staff record those days as the yard's
 * recess days (/admin/patio-recesso), which the same rule already skips.
 */
const FIXOS: readonly (readonly [mesDia: string, nome: string, desde?: number])[] = [
  ['01-01', 'Confraternização Universal'],
  ['04-21', 'Tiradentes'],
  ['05-01', 'Dia do Trabalho'],
  ['09-07', 'Independência do Brasil'],
  ['10-12', 'Nossa Senhora Aparecida'],
  ['11-02', 'Finados'],
  ['11-15', 'Proclamação da República'],
  // National since Lei 14.759/2023.
  ['11-20', 'Dia Nacional de Zumbi e da Consciência Negra', 2024],
  ['12-25', 'Natal'],
];

export interface Feriado {
  /** YYYY-MM-DD */
  dia: string;
  nome: string;
}

/** The fixed national holidays of a year, in calendar order. */
export function feriadosNacionais(ano: number): Feriado[] {
  return FIXOS.filter(([, , desde]) => desde == null || ano >= desde).map(([md, nome]) => ({ dia: `${ano}-${md}`, nome }));
}

/** The holiday's name when `dia` (YYYY-MM-DD) is a national holiday, else null. */
export function feriadoNacional(dia: string): string | null {
  const ano = Number(dia.slice(0, 4));
  if (!Number.isInteger(ano)) return null;
  return feriadosNacionais(ano).find((f) => f.dia === dia)?.nome ?? null;
}
