import { z } from 'zod';
import { CANAIS_DE_ENVIO } from '@db/schema/notificacoes';
import { textoLivre } from '~/utils/entrada';
import { ehEvento, REGRAS_DOS_EVENTOS } from './eventos';

/*
 * The staff's forms of the notifications (decisions 209, 210), pure and table-tested beside: an event's
 * setting for the brand, and the brand's e-mail signature.
 */

/** A template field: empty = the built-in text; HTML tags and control characters never reach a notice. */
const campoDeModelo = (max: number) =>
  textoLivre(max)
    .refine((s) => !/[<>]/.test(s), 'Use só texto, sem os sinais < e >')
    .transform((s) => (s === '' ? null : s.replace(/\s+/g, ' ')));

const marcado = z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean());

export const configuracaoSchema = z
  .object({
    evento: z.string({ error: 'Aviso desconhecido' }).refine(ehEvento, 'Aviso desconhecido'),
    ativo: marcado,
    tituloLeilao: campoDeModelo(120).optional().default(''),
    textoLeilao: campoDeModelo(500).optional().default(''),
    tituloLoja: campoDeModelo(120).optional().default(''),
    textoLoja: campoDeModelo(500).optional().default(''),
    canais: z.preprocess(
      (v) => (v == null || v === '' ? [] : Array.isArray(v) ? v : [v]),
      z.array(z.enum(CANAIS_DE_ENVIO, 'Canal desconhecido')).max(CANAIS_DE_ENVIO.length),
    ),
  })
  .transform((c, ctx) => {
    const oferecidos: readonly string[] = ehEvento(c.evento) ? REGRAS_DOS_EVENTOS[c.evento].canais : [];
    const fora = c.canais.filter((canal) => !oferecidos.includes(canal));
    if (fora.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['canais'], message: `Este aviso não é enviado por ${fora.join(', ')}` });
      return z.NEVER;
    }
    return { ...c, canais: [...new Set(c.canais)] };
  });

/** Control characters (but the line break) and the invisible marks that can disguise a text's direction. */
const invisivel = (c: number) =>
  (c < 32 && c !== 10) || c === 127 || (c >= 0x200b && c <= 0x200f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);

/**
 * The signature as stored and appended: plain text, at most 8 lines of 200 characters; tags are taken out
 * (a pasted HTML signature keeps its words), control characters and trailing spaces too.
 */
export function sanitizarAssinatura(bruta: string): string {
  return bruta
    .replace(/\r\n?/g, '\n')
    .replace(/<[^<>]*>/g, '')
    .replace(/[<>]/g, '')
    .split('')
    .filter((ch) => !invisivel(ch.charCodeAt(0)))
    .join('')
    .split('\n')
    .map((l) => l.replace(/\s+$/g, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export const LINHAS_DA_ASSINATURA = 8;
export const assinaturaSchema = z.object({
  texto: textoLivre(2000)
    .transform(sanitizarAssinatura)
    .refine((s) => s.split('\n').length <= LINHAS_DA_ASSINATURA, `Use no máximo ${LINHAS_DA_ASSINATURA} linhas`)
    .refine((s) => s.split('\n').every((l) => l.length <= 200), 'Use no máximo 200 caracteres por linha'),
});

/** The sample lot of the previews (a notice about it, as a client would read it). */
export const AMOSTRA_DA_PREVIA = {
  loteNome: 'Fiat Strada Freedom 1.3 2022',
  dados: { valor: 6_000_000, motivo: 'valor diferente do devido', vendaId: 1234, prazo: '2026-12-01T18:00:00.000Z' },
};
