import './zod-pt-br';
import { z } from 'zod';

/**
 * Bounds on untrusted input, shared by the JSON API, the pages and the hub (docs/decisions/010).
 * Each bound keeps a value inside what PostgreSQL stores, so bad input is a 400 in pt-BR and never
 * reaches the database as a data exception (SQLSTATE class 22) answered 500.
 */

/** PostgreSQL text cannot hold U+0000; the spec has no message for it, this one is ours. */
export const MENSAGEM_CARACTERE_INVALIDO = 'Caractere inválido no texto';
export const temCaractereNulo = (s: string) => s.includes('\u0000');

/** Free text: a string without NUL, trimmed, at most `max` characters. */
export const textoLivre = (max: number, mensagem?: string) =>
  z
    .string(mensagem ? { error: mensagem } : undefined)
    .refine((s) => !temCaractereNulo(s), MENSAGEM_CARACTERE_INVALIDO)
    .transform((s) => s.trim())
    .pipe(z.string().max(max, mensagem ?? `Use no máximo ${max} caracteres`));

/**
 * Money in integer centavos. Bids and prices are `bigint` columns; 10^13 centavos (R$ 100 bilhões) is far
 * above any lot and far below 2^53, so arithmetic on it stays exact.
 */
export const CENTAVOS_MAXIMO = 10_000_000_000_000;
export const centavosSchema = (mensagem = 'Valor inválido', maximo = CENTAVOS_MAXIMO) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,16}\s*$/.test(v) ? Number(v) : v),
    z.number({ error: mensagem }).int(mensagem).positive(mensagem).max(maximo, mensagem),
  );

/** Paging of list endpoints: integers from a query string, within bounds, else 400. */
export const PAGINA_MAXIMA = 10_000;
const inteiroDaConsulta = (nome: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d{1,9}\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: `${nome} precisa ser um número inteiro` })
      .int(`${nome} precisa ser um número inteiro`)
      .min(min, `${nome} deve estar entre ${min} e ${max}`)
      .max(max, `${nome} deve estar entre ${min} e ${max}`),
  );
export const paginacaoSchema = ({ porPaginaMaximo = 100, porPaginaPadrao = 50 } = {}) =>
  z.object({
    pagina: inteiroDaConsulta('pagina', 1, PAGINA_MAXIMA).default(1),
    porPagina: inteiroDaConsulta('porPagina', 1, porPaginaMaximo).default(porPaginaPadrao),
  });
/** `?limit=` of the spec's lists: absent means the endpoint's own default. */
export const limiteSchema = (maximo: number) => inteiroDaConsulta('limit', 1, maximo).optional();

/**
 * A date or instant within a window PostgreSQL and JavaScript both hold, from an ISO string or a Date
 * (never from a bare number: `1e15` is no one's date). Default window: years 1900 to 2100.
 */
export const dataSchema = ({
  mensagem = 'Data inválida',
  de = new Date('1900-01-01T00:00:00Z'),
  ate = new Date('2100-12-31T23:59:59Z'),
} = {}) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}([T ][0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v.trim()) ? new Date(v.trim()) : v),
    z.date({ error: mensagem }).min(de, mensagem).max(ate, mensagem),
  );
