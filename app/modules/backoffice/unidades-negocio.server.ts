import '~/utils/zod-pt-br';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { UFS_SIGLAS } from '~/modules/dominio/ufs';
import { textoLivre } from '~/utils/entrada';
import { ErroHttp, naoEncontrado } from '~/utils/errors';
import { linhas } from '~/utils/linhas.server';
import { booleano, inteiro } from '~/modules/dominio/campos';

/*
 * Business units (unidade de negócio, spec 001 §3: id, nome, ativo, prioridade, uf; `/admin/unidades-negocio`,
 * ADM alone in 000 §6; `GET /{v}/veiculos/unidades-negocio`). A vehicle and a seller's bank account may point
 * at one (decision 066).
 */

export const MENSAGENS_UNIDADE = {
  naoEncontrada: 'Unidade de negócio não encontrada',
  repetida: 'Já existe uma unidade de negócio com este nome',
} as const;

const vazioParaIndefinido = (v: unknown) => (v === '' ? undefined : v);

export const filtroUnidadesSchema = z.object({
  nome: z.preprocess(vazioParaIndefinido, textoLivre(100).optional()),
  ativo: z.preprocess(vazioParaIndefinido, z.enum(['true', 'false'], { error: 'ativo deve ser true ou false' }).optional()),
  pagina: inteiro(1, 10_000, 'pagina deve estar entre 1 e 10000').default(1),
  porPagina: inteiro(1, 200, 'porPagina deve estar entre 1 e 200').default(25),
});

export const unidadeSchema = z.object({
  nome: z.preprocess((v) => v ?? '', textoLivre(120).pipe(z.string().min(2, 'Informe o nome da unidade de negócio'))),
  ativo: booleano,
  prioridade: z.preprocess((v) => (v === '' || v == null ? 0 : v), inteiro(0, 999, 'Prioridade deve estar entre 0 e 999')),
  uf: z
    .preprocess(
      (v) => (typeof v === 'string' ? (v.trim() ? v.trim().toUpperCase() : null) : (v ?? null)),
      z
        .string({ error: 'UF inválida' })
        .refine((s) => UFS_SIGLAS.has(s), 'UF inválida')
        .nullable(),
    )
    .optional(),
});

export interface UnidadeNegocio {
  id: number;
  nome: string;
  ativo: boolean;
  prioridade: number;
  uf: string | null;
}
const normal = (r: UnidadeNegocio): UnidadeNegocio => ({ ...r, id: Number(r.id), prioridade: Number(r.prioridade) });
const escapar = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listarUnidades({ db, hotsiteId, filtro }: { db: Db; hotsiteId: number; filtro: unknown }) {
  const f = filtroUnidadesSchema.parse(filtro);
  const onde = sql.join(
    [
      sql`hotsite_id = ${hotsiteId}`,
      f.nome ? sql`nome ILIKE ${escapar(f.nome)}` : sql`TRUE`,
      f.ativo ? sql`ativo = ${f.ativo === 'true'}` : sql`TRUE`,
    ],
    sql` AND `,
  );
  const [{ total }] = linhas<{ total: number }>(await db.execute(sql`SELECT count(*)::int AS total FROM unidade_negocio WHERE ${onde}`));
  const itens = linhas<UnidadeNegocio>(
    await db.execute(sql`SELECT id, nome, ativo, prioridade, uf FROM unidade_negocio WHERE ${onde} ORDER BY prioridade, nome, id
                          LIMIT ${f.porPagina} OFFSET ${(f.pagina - 1) * f.porPagina}`),
  ).map(normal);
  return { itens, total: Number(total), pagina: f.pagina, porPagina: f.porPagina };
}

/** The active units, by prioridade then name: the vehicle form's select and `/v1/veiculos/unidades-negocio`. */
export async function unidadesAtivas({ db, hotsiteId }: { db: Db; hotsiteId: number }) {
  return linhas<UnidadeNegocio>(
    await db.execute(sql`SELECT id, nome, ativo, prioridade, uf FROM unidade_negocio WHERE hotsite_id = ${hotsiteId} AND ativo
                          ORDER BY prioridade, nome, id`),
  ).map(normal);
}

export async function obterUnidade({ db, hotsiteId, id }: { db: Db; hotsiteId: number; id: number }) {
  const [r] = linhas<UnidadeNegocio>(
    await db.execute(sql`SELECT id, nome, ativo, prioridade, uf FROM unidade_negocio WHERE hotsite_id = ${hotsiteId} AND id = ${id}`),
  );
  if (!r) throw naoEncontrado(MENSAGENS_UNIDADE.naoEncontrada);
  return normal(r);
}

export async function salvarUnidade({ db, hotsiteId, id, entrada }: { db: Db; hotsiteId: number; id: number | null; entrada: unknown }) {
  const e = unidadeSchema.parse(entrada);
  const [repetida] = linhas(
    await db.execute(sql`SELECT 1 FROM unidade_negocio WHERE hotsite_id = ${hotsiteId} AND lower(nome) = lower(${e.nome})
                           AND ${id === null ? sql`TRUE` : sql`id <> ${id}`}`),
  );
  if (repetida) throw new ErroHttp(409, MENSAGENS_UNIDADE.repetida, { nome: [MENSAGENS_UNIDADE.repetida] });
  if (id === null) {
    const [novo] = linhas<{ id: number }>(
      await db.execute(sql`INSERT INTO unidade_negocio (hotsite_id, nome, ativo, prioridade, uf)
                           VALUES (${hotsiteId}, ${e.nome}, ${e.ativo}, ${e.prioridade}, ${e.uf ?? null}) RETURNING id`),
    );
    return { id: Number(novo.id) };
  }
  const [r] = linhas<{ id: number }>(
    await db.execute(sql`UPDATE unidade_negocio SET nome = ${e.nome}, ativo = ${e.ativo}, prioridade = ${e.prioridade}, uf = ${e.uf ?? null},
                           updated_at = now() WHERE hotsite_id = ${hotsiteId} AND id = ${id} RETURNING id`),
  );
  if (!r) throw naoEncontrado(MENSAGENS_UNIDADE.naoEncontrada);
  return { id: Number(r.id) };
}
