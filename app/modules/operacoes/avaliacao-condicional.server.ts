import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { avaliacaoCondicional, loteFoto, RECOMENDACOES_CONDICIONAL, usuario } from '@db/schema';
import { filtroComitentes, type Comitentes } from '~/modules/comitentes/usuarios-comitente.server';
import { operacoes } from '~/locales/pt-BR/operacoes';
import { textoLivre } from '~/utils/entrada';
import { ErroHttp } from '~/utils/errors';
import { linhas, numeroOuNulo as num } from '~/utils/linhas.server';
import { reaisSchema } from '~/utils/numeros';
import { ESTADOS_ITEM, ITENS_AVALIACAO } from './avaliacao-condicional';
import { avaliacaoDoLote } from './avaliacao-leiloeiro.server';

/*
 * The conditional vehicle evaluation (spec 000 §2 `/admin/avaliacao-veicular-condicional/{uid}`, decision
 * 255). A lot whose winning bid fell below the seller's value waits for the seller's answer; staff (SAC,
 * ADM) evaluate the vehicle so the answer is informed: a checklist, the lot's photos with notes, the market
 * value, the repair cost and a suggested value, and a recommendation among the seller's three answers. The
 * answer form starts from the concluded recommendation. A seller user sees the concluded evaluation of their
 * own sellers' lots only (decision 011); a draft stays with staff.
 */

const m = operacoes.avaliacaoCondicional;
const vazioComoAusente = (v: unknown) => (v === '' || v === null ? undefined : v);
const valorOpcional = z.preprocess(vazioComoAusente, reaisSchema({ mensagem: m.valor, min: 1 }).optional());

export const avaliacaoCondicionalSchema = z.object({
  itens: z
    .array(
      z.object({
        item: z.enum(ITENS_AVALIACAO, m.estadoItem),
        estado: z.enum(ESTADOS_ITEM, m.estadoItem),
        nota: z.preprocess(vazioComoAusente, textoLivre(500).optional()),
      }),
    )
    .max(ITENS_AVALIACAO.length),
  fotos: z
    .array(
      z.object({
        fotoId: z.number({ error: m.fotoInvalida }).int(m.fotoInvalida).positive(m.fotoInvalida),
        nota: z.preprocess(vazioComoAusente, textoLivre(500).optional()),
      }),
    )
    .max(60),
  observacao: z.preprocess(vazioComoAusente, textoLivre(4000).optional()),
  valorMercado: valorOpcional,
  custoReparos: valorOpcional,
  valorSugerido: valorOpcional,
  recomendacao: z.preprocess(vazioComoAusente, z.enum(RECOMENDACOES_CONDICIONAL, m.recomendacao).optional()),
});

type Linha = Record<string, unknown>;

/** The lot behind the page: the brand's, and the caller's seller's when the caller is a seller user. */
async function loteCondicional(db: Db, hotsiteId: number, loteUid: string, comitentes: Comitentes) {
  const u = z.uuid(m.loteNaoEncontrado).safeParse(loteUid);
  if (!u.success) throw new ErroHttp(404, m.loteNaoEncontrado);
  const [l] = linhas<Linha>(
    await db.execute(sql`
      SELECT l.id, l.uid, l.numero, l.nome, l.situacao, l.ultimo_lance_valor, l.valor_comitente, l.minimo, l.quantidade_lances,
             le.nome AS leilao_nome, c.nome_site AS comitente_nome, u.nome AS vencedor_nome,
             (SELECT ll.resposta_condicional FROM leilao_lote ll WHERE ll.lote_id = l.id AND ll.resposta_condicional IS NOT NULL
               ORDER BY ll.id DESC LIMIT 1) AS resposta_condicional
        FROM lote l
        LEFT JOIN leilao le ON le.id = l.leilao_id AND le.hotsite_id = l.hotsite_id
        LEFT JOIN comitente c ON c.id = l.comitente_id AND c.hotsite_id = l.hotsite_id
        LEFT JOIN usuario u ON u.id = l.ultimo_lance_usuario_id AND u.hotsite_id = l.hotsite_id
       WHERE l.uid = ${u.data} AND l.hotsite_id = ${hotsiteId} AND ${filtroComitentes(sql`l.comitente_id`, comitentes)}`),
  );
  if (!l) throw new ErroHttp(404, m.loteNaoEncontrado);
  const resposta = l.resposta_condicional
    ? (JSON.parse(String(l.resposta_condicional)) as {
        resposta: string;
        novoValor: number | null;
        data: string;
        respondidoPor?: string | null;
      })
    : null;
  return {
    id: Number(l.id),
    uid: String(l.uid),
    numero: String(l.numero),
    nome: String(l.nome),
    situacao: String(l.situacao),
    lance: num(l.ultimo_lance_valor),
    valorComitente: num(l.valor_comitente),
    minimo: Number(l.minimo),
    quantidadeLances: Number(l.quantidade_lances),
    leilaoNome: (l.leilao_nome as string | null) ?? null,
    comitenteNome: (l.comitente_nome as string | null) ?? null,
    vencedorNome: (l.vencedor_nome as string | null) ?? null,
    resposta: resposta ? { ...resposta, respondidoPor: resposta.respondidoPor ?? null } : null,
  };
}

async function linhaDaAvaliacao(db: Db, hotsiteId: number, loteId: number) {
  const [a] = await db
    .select({
      id: avaliacaoCondicional.id,
      uid: avaliacaoCondicional.uid,
      itens: avaliacaoCondicional.itens,
      fotos: avaliacaoCondicional.fotos,
      observacao: avaliacaoCondicional.observacao,
      valorMercado: avaliacaoCondicional.valorMercado,
      custoReparos: avaliacaoCondicional.custoReparos,
      valorSugerido: avaliacaoCondicional.valorSugerido,
      recomendacao: avaliacaoCondicional.recomendacao,
      situacao: avaliacaoCondicional.situacao,
      avaliador: usuario.nome,
      concluidaEm: avaliacaoCondicional.concluidaEm,
      updatedAt: avaliacaoCondicional.updatedAt,
    })
    .from(avaliacaoCondicional)
    .leftJoin(usuario, eq(usuario.id, avaliacaoCondicional.avaliadorId))
    .where(and(eq(avaliacaoCondicional.loteId, loteId), eq(avaliacaoCondicional.hotsiteId, hotsiteId)));
  return a ?? null;
}

/**
 * Everything the page shows: the lot and its conditional bid, the seller's answer if given, the lot's
 * photos, the auctioneer's appraisal, and the evaluation (null for a seller user until it is concluded).
 * A lot never conditional and not yet evaluated has nothing to evaluate (404).
 */
export async function obterAvaliacaoCondicional({
  db,
  hotsiteId,
  loteUid,
  comitentes,
  podeAvaliar,
}: {
  db: Db;
  hotsiteId: number;
  loteUid: string;
  comitentes: Comitentes;
  /** SAC/ADM: sees and edits drafts. A seller user sees the concluded evaluation only. */
  podeAvaliar: boolean;
}) {
  const l = await loteCondicional(db, hotsiteId, loteUid, comitentes);
  const [avaliacao, fotos, avaliacaoLeiloeiro] = await Promise.all([
    linhaDaAvaliacao(db, hotsiteId, l.id),
    db
      .select({ id: loteFoto.id, url: loteFoto.url, urlMiniatura: loteFoto.urlMiniatura, descricao: loteFoto.descricao })
      .from(loteFoto)
      .where(and(eq(loteFoto.loteId, l.id), eq(loteFoto.hotsiteId, hotsiteId)))
      .orderBy(asc(loteFoto.ordem), asc(loteFoto.id))
      .limit(60),
    avaliacaoDoLote({ db, hotsiteId, loteId: l.id }),
  ]);
  const condicional = l.situacao === 'CONDICIONAL' || l.resposta != null;
  if (!condicional && !avaliacao) throw new ErroHttp(404, m.naoCondicional);
  const visivel = avaliacao && (podeAvaliar || avaliacao.situacao === 'Concluída') ? avaliacao : null;
  return {
    lote: l,
    aguardandoResposta: l.situacao === 'CONDICIONAL',
    avaliacao: visivel,
    fotos,
    avaliacaoLeiloeiro: avaliacaoLeiloeiro
      ? {
          valorAvaliacao: avaliacaoLeiloeiro.valorAvaliacao,
          minimoSugerido: avaliacaoLeiloeiro.minimoSugerido,
          estadoGeral: avaliacaoLeiloeiro.estadoGeral,
        }
      : null,
  };
}

/**
 * Saves the evaluation of a conditional lot (created on first save), and with `concluir` concludes it:
 * concluding needs a recommendation, and "Novo valor" needs the suggested value. A concluded evaluation
 * is not edited until reopened. The write is one statement that refuses to touch a concluded row, so two
 * saves racing a conclusion cannot change what was concluded.
 */
export async function salvarAvaliacaoCondicional({
  db,
  hotsiteId,
  loteUid,
  usuarioId,
  entrada,
  concluir = false,
}: {
  db: Db;
  hotsiteId: number;
  loteUid: string;
  usuarioId: number;
  entrada: unknown;
  concluir?: boolean;
}) {
  const l = await loteCondicional(db, hotsiteId, loteUid, 'todos');
  if (l.situacao !== 'CONDICIONAL' && l.resposta == null) throw new ErroHttp(409, m.naoCondicional);
  const e = avaliacaoCondicionalSchema.parse(entrada);
  if (e.fotos.length) {
    const ids = new Set(
      (
        await db
          .select({ id: loteFoto.id })
          .from(loteFoto)
          .where(and(eq(loteFoto.loteId, l.id), eq(loteFoto.hotsiteId, hotsiteId)))
      ).map((f) => f.id),
    );
    if (e.fotos.some((f) => !ids.has(f.fotoId))) throw new ErroHttp(400, m.fotoInvalida, { fotos: [m.fotoInvalida] });
  }
  if (concluir && !e.recomendacao) throw new ErroHttp(400, m.semRecomendacao, { recomendacao: [m.semRecomendacao] });
  if (e.recomendacao === 'Novo valor' && e.valorSugerido == null)
    throw new ErroHttp(400, m.semValorSugerido, { valorSugerido: [m.semValorSugerido] });
  const agora = new Date();
  const valores = {
    itens: e.itens.map((i) => ({ item: i.item, estado: i.estado, nota: i.nota ?? null })),
    fotos: e.fotos.map((f) => ({ fotoId: f.fotoId, nota: f.nota ?? null })),
    observacao: e.observacao ?? null,
    valorMercado: e.valorMercado ?? null,
    custoReparos: e.custoReparos ?? null,
    valorSugerido: e.valorSugerido ?? null,
    recomendacao: e.recomendacao ?? null,
    situacao: concluir ? ('Concluída' as const) : ('Em andamento' as const),
    concluidaEm: concluir ? agora : null,
    avaliadorId: usuarioId,
    updatedAt: agora,
  };
  const [gravada] = await db
    .insert(avaliacaoCondicional)
    .values({ hotsiteId, loteId: l.id, ...valores })
    .onConflictDoUpdate({
      target: avaliacaoCondicional.loteId,
      set: valores,
      setWhere: sql`${avaliacaoCondicional.situacao} <> 'Concluída' AND ${avaliacaoCondicional.hotsiteId} = ${hotsiteId}`,
    })
    .returning({ uid: avaliacaoCondicional.uid, situacao: avaliacaoCondicional.situacao });
  if (!gravada) throw new ErroHttp(409, m.jaConcluida);
  return gravada;
}

/** Reopens a concluded evaluation for editing (the seller stops seeing it until concluded again). */
export async function reabrirAvaliacaoCondicional({ db, hotsiteId, loteUid }: { db: Db; hotsiteId: number; loteUid: string }) {
  const l = await loteCondicional(db, hotsiteId, loteUid, 'todos');
  await db
    .update(avaliacaoCondicional)
    .set({ situacao: 'Em andamento', concluidaEm: null, updatedAt: new Date() })
    .where(and(eq(avaliacaoCondicional.loteId, l.id), eq(avaliacaoCondicional.hotsiteId, hotsiteId)));
}

/** The concluded recommendations of these lots (for the conditional list's column), by lot id. */
export async function recomendacoesDosLotes({ db, hotsiteId, loteIds }: { db: Db; hotsiteId: number; loteIds: readonly number[] }) {
  if (loteIds.length === 0) return new Map<number, { recomendacao: string | null; valorSugerido: number | null; situacao: string }>();
  const rows = await db
    .select({
      loteId: avaliacaoCondicional.loteId,
      recomendacao: avaliacaoCondicional.recomendacao,
      valorSugerido: avaliacaoCondicional.valorSugerido,
      situacao: avaliacaoCondicional.situacao,
    })
    .from(avaliacaoCondicional)
    .where(
      and(
        eq(avaliacaoCondicional.hotsiteId, hotsiteId),
        sql`${avaliacaoCondicional.loteId} IN (${sql.join(
          loteIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    );
  return new Map(rows.map((r) => [r.loteId, { recomendacao: r.recomendacao, valorSugerido: r.valorSugerido, situacao: r.situacao }]));
}
