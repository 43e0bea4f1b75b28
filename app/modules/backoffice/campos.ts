import '~/utils/zod-pt-br';
import { z } from 'zod';
import { CENTAVOS_MAXIMO, textoLivre } from '~/utils/entrada';

/*
 * Field rules shared by the back office's forms and its JSON API: a form sends strings, the API sends
 * JSON numbers and booleans, and both go through the same schema. Money is integer centavos; a
 * percentage is integer basis points (500 = 5,00 %).
 */

const vazio = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** An integer between min and max, from a number or a string of digits. */
export const inteiro = (min: number, max: number, mensagem: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d{1,12}\s*$/.test(v) ? Number(v) : v),
    z.number({ error: mensagem }).int(mensagem).min(min, mensagem).max(max, mensagem),
  );

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

/** Reais as a person types them ("1.234,56") → centavos; anything else stays as given (the schema refuses it). */
export function reaisDoFormulario(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const t = v.trim();
  if (!t) return '';
  const limpo = t.replace(/^R\$\s*/, '').replace(/\s/g, '');
  const normal = /,\d{1,2}$/.test(limpo) ? limpo.replace(/\./g, '').replace(',', '.') : limpo.replace(/\.(?=\d{3}(\.|$))/g, '');
  if (!/^\d{1,13}(\.\d{1,2})?$/.test(normal)) return t;
  const [i, d = ''] = normal.split('.');
  return String(Number(i) * 100 + Number(d.padEnd(2, '0')));
}

/** "5,5" or "5.5" (percent) → 550 basis points. */
export function porcentagemDoFormulario(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const t = v.trim().replace('%', '').replace(',', '.');
  if (!t) return '';
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(t)) return v;
  return String(Math.round(Number(t) * 100));
}

/** Centavos → "1.234,56" for a form field. */
export const centavosParaCampo = (c: number | null | undefined) =>
  c == null ? '' : (c / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Basis points → "5,00". */
export const pontosParaCampo = (bp: number | null | undefined) => (bp == null ? '' : (bp / 100).toFixed(2).replace('.', ','));
