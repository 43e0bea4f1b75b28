import './zod-pt-br';
import { z } from 'zod';

/** The largest id a PostgreSQL `integer` column holds: anything above it is no row of ours. */
export const ID_MAXIMO = 2_147_483_647;

/** Whether a number from a URL or a form can be a row id (a positive `integer`); else it is a 404. */
export const idValido = (n: number) => Number.isSafeInteger(n) && n > 0 && n <= ID_MAXIMO;

/**
 * The one zod rule for a row id from outside (path param, query, JSON or form field): a positive
 * `integer` (int4), given as a number or a string of digits. Nothing else is coerced: `true`, `[]`,
 * `1.5`, `1e3` or `99999999999` are refused with `mensagem`, never turned into id 1 or sent to SQL.
 */
export const idSchema = (mensagem = 'Identificador inválido') =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,12}\s*$/.test(v) ? Number(v) : v),
    z.number({ error: mensagem }).int(mensagem).min(1, mensagem).max(ID_MAXIMO, mensagem),
  );

/** A row named by its uid or its numeric id (the page builder's references). */
export const uidOuIdSchema = (mensagem: string) => z.union([z.uuid(mensagem), idSchema(mensagem)], { error: mensagem });
