/**
 * Instants in and out of an <input type="datetime-local"> (the back office's forms), apart from
 * format.ts so the public pages, which show dates but edit none, do not ship them.
 */
import { FUSO } from './format';

const campo = new Intl.DateTimeFormat('sv-SE', {
  timeZone: FUSO,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** A stored instant as the value of an <input type="datetime-local">, in São Paulo time. */
export const paraCampoDataHora = (d: Date | string | number | null | undefined) => (d ? campo.format(new Date(d)).replace(' ', 'T') : '');

/**
 * An <input type="datetime-local"> value read as São Paulo time (UTC-3; Brazil has had no daylight
 * saving since 2019). Empty → null; anything else that is not a date is passed on for zod to refuse.
 */
export function deCampoDataHora(valor: unknown): string | null {
  if (typeof valor !== 'string' || valor.trim() === '') return null;
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(valor) ? `${valor}:00-03:00` : valor;
}
