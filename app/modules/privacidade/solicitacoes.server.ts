import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { solicitacaoTitular, usuario, type SituacaoSolicitacao } from '@db/schema';
import { textoLivre } from '~/utils/entrada';
import { ErroHttp } from '~/utils/errors';
import { prazoDaSolicitacao } from './prazos';
import { anonimizarTitular } from './anonimizacao.server';

/*
 * The data subject's deletion request and the staff's queue (LGPD art. 18 VI, answered within 15 days:
 * art. 19 II; decision 236). The client files it; staff of the brand answer it from the queue, and an
 * answer that grants it anonymises the client in the same transaction (anonimizacao.server.ts).
 */

export const MENSAGENS_SOLICITACAO = {
  naoEncontrada: 'Pedido não encontrado',
  jaRespondida: 'Este pedido já foi respondido',
  respostaObrigatoria: 'Escreva a resposta ao titular para recusar o pedido',
  confirmacao: 'Confirme que quer excluir sua conta',
} as const;

export interface SolicitacaoDoTitular {
  uid: string;
  tipo: 'exclusao';
  situacao: SituacaoSolicitacao;
  motivo: string | null;
  prazo: string;
  resposta: string | null;
  criadaEm: string;
  respondidaEm: string | null;
}

const comoSolicitacao = (s: typeof solicitacaoTitular.$inferSelect): SolicitacaoDoTitular => ({
  uid: s.uid,
  tipo: s.tipo,
  situacao: s.situacao,
  motivo: s.motivo,
  prazo: s.prazo.toISOString(),
  resposta: s.resposta,
  criadaEm: s.createdAt.toISOString(),
  respondidaEm: s.respondidaEm?.toISOString() ?? null,
});

export async function solicitacoesDoTitular({ db, hotsiteId, usuarioId }: { db: Db; hotsiteId: number; usuarioId: number }) {
  const r = await db
    .select()
    .from(solicitacaoTitular)
    .where(and(eq(solicitacaoTitular.hotsiteId, hotsiteId), eq(solicitacaoTitular.usuarioId, usuarioId)))
    .orderBy(desc(solicitacaoTitular.id));
  return r.map(comoSolicitacao);
}

export const pedidoDeExclusaoSchema = z.object({
  motivo: z.preprocess((v) => (v === '' ? undefined : v), textoLivre(1000).optional()),
  confirmo: z.literal('sim', { error: MENSAGENS_SOLICITACAO.confirmacao }),
});

/**
 * Files the client's deletion request. One pending request per client: the partial unique index decides
 * between two presses at once, and the second answers the one already pending.
 */
export async function pedirExclusao({
  db,
  hotsiteId,
  usuarioId,
  entrada,
  agora = new Date(),
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  entrada: unknown;
  agora?: Date;
}): Promise<{ tipo: 'registrada' | 'ja-pendente'; solicitacao: SolicitacaoDoTitular }> {
  const e = pedidoDeExclusaoSchema.parse(entrada);
  const [nova] = await db
    .insert(solicitacaoTitular)
    .values({
      hotsiteId,
      usuarioId,
      tipo: 'exclusao',
      motivo: e.motivo ?? null,
      prazo: prazoDaSolicitacao(agora),
      createdAt: agora,
      updatedAt: agora,
    })
    .onConflictDoNothing({
      target: [solicitacaoTitular.hotsiteId, solicitacaoTitular.usuarioId, solicitacaoTitular.tipo],
      where: sql`situacao = 'Pendente'`,
    })
    .returning();
  if (nova) return { tipo: 'registrada', solicitacao: comoSolicitacao(nova) };
  const [pendente] = await db
    .select()
    .from(solicitacaoTitular)
    .where(
      and(
        eq(solicitacaoTitular.hotsiteId, hotsiteId),
        eq(solicitacaoTitular.usuarioId, usuarioId),
        eq(solicitacaoTitular.tipo, 'exclusao'),
        eq(solicitacaoTitular.situacao, 'Pendente'),
      ),
    );
  return { tipo: 'ja-pendente', solicitacao: comoSolicitacao(pendente!) };
}

export interface SolicitacaoNaFila extends SolicitacaoDoTitular {
  cliente: string;
  email: string;
}

/** The brand's queue: pending requests first, by deadline; then the 50 answered last. */
export async function filaDeSolicitacoes({
  db,
  hotsiteId,
}: {
  db: Db;
  hotsiteId: number;
}): Promise<{ pendentes: SolicitacaoNaFila[]; respondidas: SolicitacaoNaFila[] }> {
  const base = () =>
    db
      .select({ s: solicitacaoTitular, cliente: usuario.nome, email: usuario.email })
      .from(solicitacaoTitular)
      .innerJoin(usuario, eq(usuario.id, solicitacaoTitular.usuarioId));
  const pendentes = await base()
    .where(and(eq(solicitacaoTitular.hotsiteId, hotsiteId), eq(solicitacaoTitular.situacao, 'Pendente')))
    .orderBy(asc(solicitacaoTitular.prazo));
  const respondidas = await base()
    .where(and(eq(solicitacaoTitular.hotsiteId, hotsiteId), sql`${solicitacaoTitular.situacao} <> 'Pendente'`))
    .orderBy(desc(solicitacaoTitular.respondidaEm))
    .limit(50);
  const comoItem = (r: (typeof pendentes)[number]) => ({ ...comoSolicitacao(r.s), cliente: r.cliente, email: r.email });
  return { pendentes: pendentes.map(comoItem), respondidas: respondidas.map(comoItem) };
}

export const respostaSchema = z
  .object({
    uid: z.uuid({ error: MENSAGENS_SOLICITACAO.naoEncontrada }),
    decisao: z.enum(['atender', 'recusar'], { error: 'Escolha atender ou recusar o pedido' }),
    resposta: z.preprocess((v) => (v === '' ? undefined : v), textoLivre(2000).optional()),
  })
  .refine((r) => r.decisao === 'atender' || !!r.resposta, { message: MENSAGENS_SOLICITACAO.respostaObrigatoria, path: ['resposta'] });

/**
 * Staff answer a pending request of their brand. The request is claimed by one conditional UPDATE
 * (pending → answered) before anything else, so two answers at once give one answer and one 409; granting
 * anonymises the client in the same transaction, so a failure leaves the request pending.
 */
export async function responderSolicitacao({
  db,
  hotsiteId,
  staffId,
  entrada,
}: {
  db: Db;
  hotsiteId: number;
  staffId: number;
  entrada: unknown;
}): Promise<{ tipo: 'atendida' | 'recusada' }> {
  const e = respostaSchema.parse(entrada);
  return db.transaction(async (tx) => {
    const [s] = await tx
      .update(solicitacaoTitular)
      .set({
        situacao: e.decisao === 'atender' ? 'Atendida' : 'Recusada',
        resposta: e.resposta ?? null,
        respondidaEm: sql`now()`,
        respondidaPorId: staffId,
        updatedAt: sql`now()`,
      })
      .where(
        and(eq(solicitacaoTitular.uid, e.uid), eq(solicitacaoTitular.hotsiteId, hotsiteId), eq(solicitacaoTitular.situacao, 'Pendente')),
      )
      .returning({ usuarioId: solicitacaoTitular.usuarioId });
    if (!s) {
      const [existe] = await tx
        .select({ id: solicitacaoTitular.id })
        .from(solicitacaoTitular)
        .where(and(eq(solicitacaoTitular.uid, e.uid), eq(solicitacaoTitular.hotsiteId, hotsiteId)));
      throw new ErroHttp(existe ? 409 : 404, existe ? MENSAGENS_SOLICITACAO.jaRespondida : MENSAGENS_SOLICITACAO.naoEncontrada);
    }
    if (e.decisao === 'atender') {
      await anonimizarTitular({ db: tx, hotsiteId, usuarioId: s.usuarioId });
      return { tipo: 'atendida' as const };
    }
    return { tipo: 'recusada' as const };
  });
}
