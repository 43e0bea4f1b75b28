import '~/utils/zod-pt-br';
import { z } from 'zod';
import { uidOuIdSchema } from '~/utils/id';
import { sanitizarCor } from '@theme/brand-tokens';
import { itemInputSchema, paginaInputSchema, sessaoInputSchema } from './blocks';

/**
 * The page builder's input (pages, the JSON API): the shared block schemas plus what only an editor
 * sends (which page or section a row belongs to) and stricter checks on values that reach a page
 * (colours re-serialised, images only from our files or https).
 */
/** A uid or an int4 id; `true` or `[]` is no reference (a coerced `true` used to name row 1). */
const referencia = (mensagem: string) => uidOuIdSchema(mensagem);

const corOpcional = z
  .string()
  .trim()
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    const hex = sanitizarCor(v);
    if (!hex) {
      ctx.addIssue({ code: 'custom', message: 'Cor inválida: use #RRGGBB, rgb() ou hsl()' });
      return z.NEVER;
    }
    return hex;
  });

/** Our own file (/marca/arquivo/...) or an https address; nothing else becomes an <img src>. */
export const imagemSchema = z
  .string()
  .trim()
  .max(500)
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || /^\/(?!\/)[A-Za-z0-9/_.\-?=&]{1,300}$/.test(v) || /^https:\/\/[^\s"'<>()]+$/i.test(v), {
    message: 'Imagem inválida: use um arquivo enviado ou um endereço https',
  });

export const itemEdicaoSchema = itemInputSchema.extend({
  imagem: imagemSchema,
  imagemMobile: imagemSchema,
  corTexto: corOpcional,
  corFundo: corOpcional,
});
export const itemNovoSchema = itemEdicaoSchema.extend({ sessaoUid: referencia('sessaoUid obrigatório') });

export const sessaoNovaSchema = sessaoInputSchema.extend({ paginaUid: referencia('paginaUid obrigatório') });
/** Updates may send only what changes. */
export const sessaoEdicaoSchema = sessaoInputSchema.partial();

export const paginaEdicaoSchema = paginaInputSchema.extend({
  imagemPrincipal: imagemSchema,
  uri: z
    .string()
    .trim()
    .max(80)
    .regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/, 'URI inválida'),
  titulo: z.string().trim().min(1, 'Informe o título').max(200),
  descricao: z.string().trim().min(1, 'Informe a descrição').max(500),
});

export const prioridadeSchema = z.object({
  prioridade: z.enum(['aumentar', 'diminuir'], { error: "Prioridade deve ser 'aumentar' ou 'diminuir'" }),
});
