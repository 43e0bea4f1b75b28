import '~/utils/zod-pt-br';
import { z } from 'zod';
import { CENTAVOS_MAXIMO, textoLivre } from '~/utils/entrada';
import { lerQuantidade } from '~/utils/numeros';

/*
 * Field rules shared by the back office's forms and its JSON API: a form sends strings, the API sends
 * JSON numbers and booleans, and both go through the same schema. Money is integer centavos; a
 * percentage is integer basis points (500 = 5,00 %). Money typed in reais is read by `centavosDoTexto`
 * (`~/utils/numeros`), the one reader of typed numbers.
 */

const vazio = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** An integer between min and max, from a number or a string of digits. */
export const inteiro = (min: number, max: number, mensagem: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d{1,12}\s*$/.test(v) ? Number(v) : v),
    z.number({ error: mensagem }).int(mensagem).min(min, mensagem).max(max, mensagem),
  );

/**
 * A count or measure typed by a person ("65.432" km) or sent as a JSON number, between min and max;
 * ids stay with `inteiro` (a dot in an id is no thousands separator).
 */
export const quantidade = (min: number, max: number, mensagem: string) =>
  z.preprocess((v) => (typeof v === 'string' && !Number.isNaN(lerQuantidade(v)) ? lerQuantidade(v) : v), inteiro(min, max, mensagem));
/** Optional quantity: empty text is null. */
export const quantidadeOpcional = (min: number, max: number, mensagem: string) =>
  z.preprocess((v) => (vazio(v) ? null : v), quantidade(min, max, mensagem).nullable()).optional();

/** Optional integer: empty text is null. */
export const inteiroOpcional = (min: number, max: number, mensagem: string) =>
  z.preprocess((v) => (vazio(v) ? null : v), inteiro(min, max, mensagem).nullable()).optional();

/** Money in centavos, zero allowed (fees). */
export const centavosOuZero = (mensagem: string) => inteiro(0, CENTAVOS_MAXIMO, mensagem);
/** Money in centavos, above zero (minimum, increment). */
export const centavosPositivos = (mensagem: string) => inteiro(1, CENTAVOS_MAXIMO, mensagem);
/** Optional money: empty is null. */
export const centavosOpcional = (mensagem: string) => inteiroOpcional(1, CENTAVOS_MAXIMO, mensagem);

/** Basis points, 0 to 100 %. */
export const pontosBase = (mensagem: string) => inteiro(0, 10_000, mensagem);

/** A checkbox ('on', 'true', '1') or a JSON boolean. */
export const booleano = z.preprocess(
  (v) => (typeof v === 'string' ? ['on', 'true', '1', 'sim'].includes(v.toLowerCase()) : v === undefined || v === null ? false : v),
  z.boolean({ error: 'Valor inválido: use verdadeiro ou falso' }),
);

/** Optional free text: empty is null. */
export const textoOpcional = (max: number) => z.preprocess((v) => (vazio(v) ? null : v), textoLivre(max).nullable()).optional();

/** Optional http(s) address or a path of this site. */
export const urlOpcional = (mensagem = 'Endereço inválido') =>
  z
    .preprocess(
      (v) => (vazio(v) ? null : v),
      textoLivre(500)
        .refine((s) => /^https?:\/\/[^\s]+$/i.test(s) || /^\/[^\s/\\][^\s]*$/.test(s), mensagem)
        .nullable(),
    )
    .optional();

/** "5,5" or "5.5" (percent) → 550 basis points. */
export function porcentagemDoFormulario(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const t = v.trim().replace(/%$/, '');
  if (!t) return '';
  const n = lerQuantidade(t, { casas: 2 });
  return Number.isNaN(n) ? v : String(Math.round(n * 100));
}

/** Centavos → "1.234,56" for a form field. */
export const centavosParaCampo = (c: number | null | undefined) =>
  c == null ? '' : (c / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Basis points → "5,00". */
export const pontosParaCampo = (bp: number | null | undefined) => (bp == null ? '' : (bp / 100).toFixed(2).replace('.', ','));
