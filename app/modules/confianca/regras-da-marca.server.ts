import { eq, sql } from 'drizzle-orm';
import Holidays from 'date-holidays';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { hotsite } from '@db/schema';
import { naoEncontrado } from '~/utils/errors';
import { prazosDaMarca, prazosDaMarcaSchema, type PrazosDaMarca } from './prazos';

/*
 * The brand's own rules that staff set (decision 249): the days with no auction besides the holidays the
 * decree's check already knows (hotsite.datas_sem_leilao, read by the checks beside "Publicar") and the
 * buyer's deadline rules (hotsite.prazos_comprador, read by the purchase page's timeline and its
 * reminders). Both are read straight from the brand's row by those readers, so a change counts at once.
 * Each write is one statement on the row, so two staff adding dates at the same moment keep both.
 */

const MENSAGENS = {
  dia: 'Informe uma data válida (dd/mm/aaaa)',
  diaFora: 'Informe uma data entre 2000 e 2099',
  dias: 'Informe um número inteiro de dias úteis entre 0 e 10',
} as const;

/** A real calendar day, YYYY-MM-DD (what the date input sends), 2000–2099. */
const diaSchema = z
  .string(MENSAGENS.dia)
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, MENSAGENS.dia)
  .refine((d) => {
    const t = new Date(`${d}T12:00:00Z`);
    return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d;
  }, MENSAGENS.dia)
  .refine((d) => d >= '2000-01-01' && d <= '2099-12-31', MENSAGENS.diaFora);

export const dataSemLeilaoSchema = z.object({ dia: diaSchema });

/** The form's deadline rules: the same bounds as the stored schema, with pt-BR messages for a typed value. */
export const prazosDoCompradorSchema = z.object({
  diasUteisComprovantes: z.preprocess(
    (v) => (typeof v === 'string' ? (/^\s*\d{1,2}\s*$/.test(v) ? Number(v) : undefined) : v),
    z.number(MENSAGENS.dias).int(MENSAGENS.dias).min(0, MENSAGENS.dias).max(10, MENSAGENS.dias),
  ),
}) satisfies z.ZodType<PrazosDaMarca, unknown>;

const soDatas = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((d): d is string => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d)).sort() : [];

/** The brand's dates (sorted) and deadline rules, each read leniently as the checks and the timeline read them. */
export async function regrasDaMarca({ db, hotsiteId }: { db: Db; hotsiteId: number }) {
  const [h] = await db
    .select({ datas: hotsite.datasSemLeilao, prazos: hotsite.prazosComprador })
    .from(hotsite)
    .where(eq(hotsite.id, hotsiteId));
  if (!h) throw naoEncontrado('Marca não encontrada');
  return { datas: soDatas(h.datas), prazos: prazosDaMarca(h.prazos) };
}

/** Adds a day (a second add of the same day changes nothing). */
export async function adicionarDataSemLeilao({ db, hotsiteId, entrada }: { db: Db; hotsiteId: number; entrada: unknown }) {
  const { dia } = dataSemLeilaoSchema.parse(entrada);
  // One statement: the stored list read and rewritten under the row's lock, sorted and without repeats.
  await db.execute(sql`
    UPDATE hotsite h SET datas_sem_leilao = (
        SELECT coalesce(jsonb_agg(d ORDER BY d), '[]'::jsonb)
          FROM (SELECT d FROM jsonb_array_elements_text(
                  CASE WHEN jsonb_typeof(h.datas_sem_leilao) = 'array' THEN h.datas_sem_leilao ELSE '[]'::jsonb END) AS x(d)
                UNION SELECT ${dia}::text) AS todas(d)),
        updated_at = now()
     WHERE h.id = ${hotsiteId}`);
  return { dia };
}

/** Removes a day from the brand's list (a day not in it is not an error: the list is as asked). */
export async function removerDataSemLeilao({ db, hotsiteId, entrada }: { db: Db; hotsiteId: number; entrada: unknown }) {
  const { dia } = dataSemLeilaoSchema.parse(entrada);
  await db.execute(sql`
    UPDATE hotsite h SET datas_sem_leilao = (
        SELECT coalesce(jsonb_agg(d ORDER BY d), '[]'::jsonb)
          FROM (SELECT DISTINCT d FROM jsonb_array_elements_text(
                  CASE WHEN jsonb_typeof(h.datas_sem_leilao) = 'array' THEN h.datas_sem_leilao ELSE '[]'::jsonb END) AS x(d)
                 WHERE d <> ${dia}) AS restantes(d)),
        updated_at = now()
     WHERE h.id = ${hotsiteId}`);
  return { dia };
}

/** Saves the buyer's deadline rules (the stored schema's shape, so the timeline reads them as given). */
export async function salvarPrazosDoComprador({ db, hotsiteId, entrada }: { db: Db; hotsiteId: number; entrada: unknown }) {
  const prazos = prazosDaMarcaSchema.parse(prazosDoCompradorSchema.parse(entrada));
  const r = await db
    .update(hotsite)
    .set({ prazosComprador: prazos, updatedAt: new Date() })
    .where(eq(hotsite.id, hotsiteId))
    .returning({ id: hotsite.id });
  if (!r.length) throw naoEncontrado('Marca não encontrada');
  return prazos;
}

export interface FeriadoSugerido {
  dia: string;
  nome: string;
  /** The decree's check already refuses this day (a public holiday): adding it changes nothing. */
  jaBloqueado: boolean;
}

/**
 * The year's national holidays and optional days (Carnaval, Corpus Christi, Christmas and New Year's eves)
 * from date-holidays, the library behind the decree's check: public ones are already refused by it, the
 * others are what a brand that closes on them adds. One line per day, in calendar order.
 */
export function feriadosDoAno(ano: number): FeriadoSugerido[] {
  if (!Number.isInteger(ano) || ano < 2000 || ano > 2099) return [];
  const vistos = new Map<string, FeriadoSugerido>();
  for (const f of new Holidays('BR').getHolidays(ano, 'pt')) {
    if (f.type === 'observance') continue;
    const dia = f.date.slice(0, 10);
    const atual = vistos.get(dia);
    const jaBloqueado = f.type === 'public';
    if (!atual) vistos.set(dia, { dia, nome: f.name, jaBloqueado });
    else if (jaBloqueado) atual.jaBloqueado = true;
  }
  return [...vistos.values()].sort((a, b) => a.dia.localeCompare(b.dia));
}
