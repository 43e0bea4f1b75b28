import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { avaliacaoLeiloeiro, ESTADOS_GERAIS, leilao, lote, usuario } from '@db/schema';
import { operacoes } from '~/locales/pt-BR/operacoes';
import { textoLivre } from '~/utils/entrada';
import { ErroHttp } from '~/utils/errors';
import { idSchema } from '~/utils/id';
import { reaisSchema } from '~/utils/numeros';

/*
 * The auctioneer's appraisal (spec 000 §2 `/admin/avaliacao-leiloeiro/{uid?}`, §6 "SAC + ADM: appraisals";
 * decision 254): what a lot of the brand is worth, the minimum the auctioneer suggests and its general
 * condition. One per lot; every read and write is scoped by the brand.
 */

const m = operacoes.avaliacaoLeiloeiro;
const vazioComoAusente = (v: unknown) => (v === '' || v === null ? undefined : v);

export const avaliacaoLeiloeiroSchema = z
  .object({
    loteId: idSchema(m.loteNaoEncontrado),
    valorAvaliacao: reaisSchema({ mensagem: m.valorAvaliacao, min: 1 }),
    minimoSugerido: z.preprocess(vazioComoAusente, reaisSchema({ mensagem: m.minimoSugerido, min: 1 }).optional()),
    estadoGeral: z.enum(ESTADOS_GERAIS, m.estadoGeral),
    observacao: z.preprocess(vazioComoAusente, textoLivre(2000).optional()),
  })
  .refine((a) => a.minimoSugerido == null || a.minimoSugerido <= a.valorAvaliacao, {
    path: ['minimoSugerido'],
    message: m.minimoAcimaDaAvaliacao,
  });

export const filtroAvaliacoesSchema = z.object({
  estadoGeral: z.preprocess(vazioComoAusente, z.enum(ESTADOS_GERAIS, m.estadoGeral).optional()),
  busca: z.preprocess(vazioComoAusente, textoLivre(80).optional()),
});

const colunas = {
  id: avaliacaoLeiloeiro.id,
  uid: avaliacaoLeiloeiro.uid,
  loteId: lote.id,
  loteUid: lote.uid,
  loteNumero: lote.numero,
  loteNome: lote.nome,
  leilao: leilao.nome,
  minimoAtual: lote.minimo,
  valorAvaliacao: avaliacaoLeiloeiro.valorAvaliacao,
  minimoSugerido: avaliacaoLeiloeiro.minimoSugerido,
  estadoGeral: avaliacaoLeiloeiro.estadoGeral,
  observacao: avaliacaoLeiloeiro.observacao,
  avaliador: usuario.nome,
  updatedAt: avaliacaoLeiloeiro.updatedAt,
};

const consulta = (db: Db) =>
  db
    .select(colunas)
    .from(avaliacaoLeiloeiro)
    .innerJoin(lote, and(eq(lote.id, avaliacaoLeiloeiro.loteId), eq(lote.hotsiteId, avaliacaoLeiloeiro.hotsiteId)))
    .leftJoin(leilao, eq(leilao.id, lote.leilaoId))
    .leftJoin(usuario, eq(usuario.id, avaliacaoLeiloeiro.avaliadorId));

/** The brand's appraisals, newest first; by condition or by a word of the lot's name or number. */
export async function listarAvaliacoesLeiloeiro({ db, hotsiteId, filtro }: { db: Db; hotsiteId: number; filtro: unknown }) {
  const f = filtroAvaliacoesSchema.parse(filtro);
  const busca = f.busca ? `%${f.busca.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return consulta(db)
    .where(
      and(
        eq(avaliacaoLeiloeiro.hotsiteId, hotsiteId),
        f.estadoGeral ? eq(avaliacaoLeiloeiro.estadoGeral, f.estadoGeral) : undefined,
        busca ? sql`(${lote.nome} ILIKE ${busca} OR ${lote.numero} ILIKE ${busca})` : undefined,
      ),
    )
    .orderBy(desc(avaliacaoLeiloeiro.updatedAt), desc(avaliacaoLeiloeiro.id))
    .limit(200);
}

export async function obterAvaliacaoLeiloeiro({ db, hotsiteId, uid }: { db: Db; hotsiteId: number; uid: string }) {
  const u = z.uuid(m.naoEncontrada).safeParse(uid);
  if (!u.success) throw new ErroHttp(404, m.naoEncontrada);
  const [a] = await consulta(db).where(and(eq(avaliacaoLeiloeiro.uid, u.data), eq(avaliacaoLeiloeiro.hotsiteId, hotsiteId)));
  if (!a) throw new ErroHttp(404, m.naoEncontrada);
  return a;
}

/** The appraisal of one lot, if any (shown beside the lot's conditional evaluation). */
export async function avaliacaoDoLote({ db, hotsiteId, loteId }: { db: Db; hotsiteId: number; loteId: number }) {
  const [a] = await consulta(db).where(and(eq(avaliacaoLeiloeiro.loteId, loteId), eq(avaliacaoLeiloeiro.hotsiteId, hotsiteId)));
  return a ?? null;
}

/**
 * Creates (no uid) or updates (uid) an appraisal. The lot must be the brand's; a lot already appraised is
 * refused on create (409) so two people never overwrite each other's appraisal unknowingly.
 */
export async function salvarAvaliacaoLeiloeiro({
  db,
  hotsiteId,
  usuarioId,
  uid,
  entrada,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  uid?: string;
  entrada: unknown;
}): Promise<{ uid: string }> {
  const atual = uid ? await obterAvaliacaoLeiloeiro({ db, hotsiteId, uid }) : null;
  // On edit the lot is the appraisal's own; a posted loteId is not trusted to move it.
  const e = avaliacaoLeiloeiroSchema.parse(atual ? { ...(entrada as object), loteId: atual.loteId } : entrada);
  const [l] = await db
    .select({ id: lote.id })
    .from(lote)
    .where(and(eq(lote.id, e.loteId), eq(lote.hotsiteId, hotsiteId)));
  if (!l) throw new ErroHttp(404, m.loteNaoEncontrado, { loteId: [m.loteNaoEncontrado] });
  const valores = {
    valorAvaliacao: e.valorAvaliacao,
    minimoSugerido: e.minimoSugerido ?? null,
    estadoGeral: e.estadoGeral,
    observacao: e.observacao ?? null,
    avaliadorId: usuarioId,
    updatedAt: new Date(),
  };
  if (atual) {
    await db
      .update(avaliacaoLeiloeiro)
      .set(valores)
      .where(and(eq(avaliacaoLeiloeiro.id, atual.id), eq(avaliacaoLeiloeiro.hotsiteId, hotsiteId)));
    return { uid: atual.uid };
  }
  const [novo] = await db
    .insert(avaliacaoLeiloeiro)
    .values({ hotsiteId, loteId: e.loteId, ...valores })
    .onConflictDoNothing({ target: avaliacaoLeiloeiro.loteId })
    .returning({ uid: avaliacaoLeiloeiro.uid });
  if (!novo) throw new ErroHttp(409, m.jaAvaliado, { loteId: [m.jaAvaliado] });
  return novo;
}
