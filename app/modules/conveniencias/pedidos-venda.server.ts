import { aliasedTable, and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { lote, pedidoVendaComentario, pedidoVendaVeiculo, SITUACOES_PEDIDO_VENDA, usuario, usuarioPapel } from '@db/schema';
import { ACESSOS } from '~/modules/dominio/acessos';
import { UFS_SIGLAS } from '~/modules/dominio/ufs';
import { textoLivre } from '~/utils/entrada';
import { ErroHttp } from '~/utils/errors';
import { idSchema } from '~/utils/id';

/*
 * The staff's side of "Vender seu carro" (decision 256): the brand's requests, their status (Novo,
 * Contatado, Virou lote, Recusado), who handles each, the lot it became, and comments. Every read and write
 * is scoped by the brand; a request of another brand is "not found".
 */

export const MENSAGENS_PEDIDO_VENDA = {
  naoEncontrado: 'Pedido não encontrado',
  atribuido: 'Responsável atualizado',
  comentado: 'Comentário registrado',
  situacaoAlterada: 'Situação atualizada',
  situacaoInvalida: 'Escolha a situação: Novo, Contatado, Virou lote ou Recusado',
  responsavelInvalido: 'O responsável precisa ser da equipe que atende os pedidos (SAC, GerenteSAC, Leilão ou ADM)',
  loteNaoEncontrado: 'Lote não encontrado nesta marca',
  loteObrigatorio: 'Informe o código do lote em que o pedido virou',
  motivoObrigatorio: 'Escreva o motivo da recusa',
  comentarioVazio: 'Escreva o comentário',
} as const;
const m = MENSAGENS_PEDIDO_VENDA;

/** Who handles the requests: the roles of the screen (decision 256), also the ones a request may be assigned to. */
const PAPEIS_DOS_PEDIDOS = ACESSOS['/admin/pedidos-venda'] as readonly string[];

const vazioComoAusente = (v: unknown) => (v === '' || v === null ? undefined : v);

export const filtroPedidosSchema = z.object({
  situacao: z.preprocess(vazioComoAusente, z.enum(SITUACOES_PEDIDO_VENDA, m.situacaoInvalida).optional()),
  uf: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() ? v.trim().toUpperCase() : undefined),
    z
      .string()
      .refine((u) => UFS_SIGLAS.has(u), 'Escolha o estado')
      .optional(),
  ),
  busca: z.preprocess(vazioComoAusente, textoLivre(80).optional()),
  meus: z.preprocess((v) => v === '1' || v === 'on', z.boolean()).optional(),
});

const responsavel = aliasedTable(usuario, 'responsavel');

const colunasDaLista = {
  id: pedidoVendaVeiculo.id,
  uid: pedidoVendaVeiculo.uid,
  nome: pedidoVendaVeiculo.nome,
  email: pedidoVendaVeiculo.email,
  telefone: pedidoVendaVeiculo.telefone,
  marcaModelo: pedidoVendaVeiculo.marcaModelo,
  anoModelo: pedidoVendaVeiculo.anoModelo,
  km: pedidoVendaVeiculo.km,
  valorPretendido: pedidoVendaVeiculo.valorPretendido,
  cidade: pedidoVendaVeiculo.cidade,
  uf: pedidoVendaVeiculo.uf,
  situacao: pedidoVendaVeiculo.situacao,
  responsavelId: pedidoVendaVeiculo.responsavelId,
  responsavel: responsavel.nome,
  loteId: pedidoVendaVeiculo.loteId,
  createdAt: pedidoVendaVeiculo.createdAt,
};

/** /admin/pedidos-venda: new ones first, then newest first; by status, state, a word, or "mine". */
export async function listarPedidosVenda({
  db,
  hotsiteId,
  usuarioId,
  filtro,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  filtro: unknown;
}) {
  const f = filtroPedidosSchema.parse(filtro);
  const busca = f.busca ? `%${f.busca.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return db
    .select(colunasDaLista)
    .from(pedidoVendaVeiculo)
    .leftJoin(responsavel, eq(responsavel.id, pedidoVendaVeiculo.responsavelId))
    .where(
      and(
        eq(pedidoVendaVeiculo.hotsiteId, hotsiteId),
        f.situacao ? eq(pedidoVendaVeiculo.situacao, f.situacao) : undefined,
        f.uf ? eq(pedidoVendaVeiculo.uf, f.uf) : undefined,
        f.meus ? eq(pedidoVendaVeiculo.responsavelId, usuarioId) : undefined,
        busca
          ? sql`(${pedidoVendaVeiculo.nome} ILIKE ${busca} OR ${pedidoVendaVeiculo.marcaModelo} ILIKE ${busca} OR ${pedidoVendaVeiculo.email} ILIKE ${busca} OR ${pedidoVendaVeiculo.cidade} ILIKE ${busca})`
          : undefined,
      ),
    )
    .orderBy(sql`${pedidoVendaVeiculo.situacao} <> 'Novo'`, desc(pedidoVendaVeiculo.createdAt), desc(pedidoVendaVeiculo.id))
    .limit(200);
}

async function pedidoDaMarca(db: Db, hotsiteId: number, uid: string) {
  const u = z.uuid(m.naoEncontrado).safeParse(uid);
  if (!u.success) throw new ErroHttp(404, m.naoEncontrado);
  const [p] = await db
    .select({ id: pedidoVendaVeiculo.id, situacao: pedidoVendaVeiculo.situacao })
    .from(pedidoVendaVeiculo)
    .where(and(eq(pedidoVendaVeiculo.uid, u.data), eq(pedidoVendaVeiculo.hotsiteId, hotsiteId)));
  if (!p) throw new ErroHttp(404, m.naoEncontrado);
  return p;
}

export async function obterPedidoVenda({ db, hotsiteId, uid }: { db: Db; hotsiteId: number; uid: string }) {
  const { id } = await pedidoDaMarca(db, hotsiteId, uid);
  const [p] = await db
    .select({
      ...colunasDaLista,
      observacao: pedidoVendaVeiculo.observacao,
      updatedAt: pedidoVendaVeiculo.updatedAt,
      lote: sql<
        string | null
      >`(SELECT l.numero || ' – ' || l.nome FROM lote l WHERE l.id = ${pedidoVendaVeiculo.loteId} AND l.hotsite_id = ${hotsiteId})`,
    })
    .from(pedidoVendaVeiculo)
    .leftJoin(responsavel, eq(responsavel.id, pedidoVendaVeiculo.responsavelId))
    .where(and(eq(pedidoVendaVeiculo.id, id), eq(pedidoVendaVeiculo.hotsiteId, hotsiteId)));
  const comentarios = await db
    .select({
      id: pedidoVendaComentario.id,
      texto: pedidoVendaComentario.texto,
      createdAt: pedidoVendaComentario.createdAt,
      autor: usuario.nome,
    })
    .from(pedidoVendaComentario)
    .leftJoin(usuario, eq(usuario.id, pedidoVendaComentario.usuarioId))
    .where(and(eq(pedidoVendaComentario.pedidoId, id), eq(pedidoVendaComentario.hotsiteId, hotsiteId)))
    .orderBy(asc(pedidoVendaComentario.createdAt), asc(pedidoVendaComentario.id));
  return { ...p!, comentarios };
}

/** Platform staff who handle requests (the screen's roles), for the assign list. */
export async function responsaveisDosPedidos({ db }: { db: Db }) {
  return db
    .selectDistinct({ id: usuario.id, nome: usuario.nome })
    .from(usuario)
    .innerJoin(usuarioPapel, eq(usuarioPapel.usuarioId, usuario.id))
    .where(and(inArray(usuarioPapel.papel, [...PAPEIS_DOS_PEDIDOS]), sql`${usuario.hotsiteId} IS NULL`))
    .orderBy(usuario.nome);
}

/** Assigns the request; a new request assigned is still "Novo" until someone contacts the person. */
export async function atribuirPedidoVenda({
  db,
  hotsiteId,
  uid,
  responsavelId,
}: {
  db: Db;
  hotsiteId: number;
  uid: string;
  responsavelId: unknown;
}) {
  const p = await pedidoDaMarca(db, hotsiteId, uid);
  const rid = idSchema(m.responsavelInvalido).parse(responsavelId);
  const possiveis = await responsaveisDosPedidos({ db });
  if (!possiveis.some((r) => r.id === rid)) throw new ErroHttp(400, m.responsavelInvalido, { responsavelId: [m.responsavelInvalido] });
  await db
    .update(pedidoVendaVeiculo)
    .set({ responsavelId: rid, updatedAt: new Date() })
    .where(and(eq(pedidoVendaVeiculo.id, p.id), eq(pedidoVendaVeiculo.hotsiteId, hotsiteId)));
}

export const situacaoSchema = z
  .object({
    situacao: z.enum(SITUACOES_PEDIDO_VENDA, m.situacaoInvalida),
    loteId: z.preprocess(vazioComoAusente, idSchema(m.loteNaoEncontrado).optional()),
    texto: z.preprocess(vazioComoAusente, textoLivre(4000).optional()),
  })
  .refine((s) => s.situacao !== 'Virou lote' || s.loteId != null, { path: ['loteId'], message: m.loteObrigatorio })
  .refine((s) => s.situacao !== 'Recusado' || s.texto != null, { path: ['texto'], message: m.motivoObrigatorio });

/**
 * Moves the request to a status. "Virou lote" names the brand's lot it became; "Recusado" needs the reason,
 * kept as a comment; any status may be set again (a refused person may call back). With the comment, one
 * transaction.
 */
export async function mudarSituacaoPedidoVenda({
  db,
  hotsiteId,
  uid,
  usuarioId,
  entrada,
}: {
  db: Db;
  hotsiteId: number;
  uid: string;
  usuarioId: number;
  entrada: unknown;
}) {
  const p = await pedidoDaMarca(db, hotsiteId, uid);
  const e = situacaoSchema.parse(entrada);
  if (e.loteId != null && e.situacao === 'Virou lote') {
    const [l] = await db
      .select({ id: lote.id })
      .from(lote)
      .where(and(eq(lote.id, e.loteId), eq(lote.hotsiteId, hotsiteId)));
    if (!l) throw new ErroHttp(404, m.loteNaoEncontrado, { loteId: [m.loteNaoEncontrado] });
  }
  await db.transaction(async (tx) => {
    await tx
      .update(pedidoVendaVeiculo)
      .set({ situacao: e.situacao, loteId: e.situacao === 'Virou lote' ? e.loteId! : null, updatedAt: new Date() })
      .where(and(eq(pedidoVendaVeiculo.id, p.id), eq(pedidoVendaVeiculo.hotsiteId, hotsiteId)));
    if (e.texto)
      await tx.insert(pedidoVendaComentario).values({ hotsiteId, pedidoId: p.id, usuarioId, texto: `${e.situacao}: ${e.texto}` });
  });
}

export const comentarioPedidoSchema = z.object({ texto: textoLivre(4000).pipe(z.string().min(1, m.comentarioVazio)) });

export async function comentarPedidoVenda({
  db,
  hotsiteId,
  uid,
  usuarioId,
  entrada,
}: {
  db: Db;
  hotsiteId: number;
  uid: string;
  usuarioId: number;
  entrada: unknown;
}) {
  const p = await pedidoDaMarca(db, hotsiteId, uid);
  const { texto } = comentarioPedidoSchema.parse(entrada);
  await db.transaction(async (tx) => {
    await tx.insert(pedidoVendaComentario).values({ hotsiteId, pedidoId: p.id, usuarioId, texto });
    await tx
      .update(pedidoVendaVeiculo)
      .set({ updatedAt: new Date() })
      .where(and(eq(pedidoVendaVeiculo.id, p.id), eq(pedidoVendaVeiculo.hotsiteId, hotsiteId)));
  });
}
