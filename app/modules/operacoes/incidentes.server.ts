import { aliasedTable, and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { cliente, incidente, incidenteComentario, lote, SITUACOES_INCIDENTE, usuario, usuarioPapel, venda } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { operacoes } from '~/locales/pt-BR/operacoes';
import { textoLivre } from '~/utils/entrada';
import { ErroHttp } from '~/utils/errors';
import { idSchema } from '~/utils/id';

const m = operacoes.incidente;

/** Who may take an incident: the roles of its screens (000 §6, SAC + ADM). */
const PAPEIS_DO_INCIDENTE = [P.SAC, P.GERENTE_SAC, P.ADM];

const vazioComoAusente = (v: unknown) => (v === '' || v === null ? undefined : v);

export const aberturaSchema = z.object({
  titulo: textoLivre(160).pipe(z.string().min(3, 'Informe um título de ao menos 3 caracteres')),
  descricao: textoLivre(4000).pipe(z.string().min(3, 'Descreva o incidente')),
  clienteId: z.preprocess(vazioComoAusente, idSchema(m.clienteNaoEncontrado).optional()),
  loteId: z.preprocess(vazioComoAusente, idSchema(m.loteNaoEncontrado).optional()),
  vendaId: z.preprocess(vazioComoAusente, idSchema(m.vendaNaoEncontrada).optional()),
});

/**
 * Opens an incident about a client, a lot or a sale of this brand (or none). A sale brings its buyer
 * along; each reference must belong to the brand, else 404 (another brand's row is not there).
 */
export async function abrirIncidente({
  db,
  hotsiteId,
  usuarioId,
  entrada,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  entrada: unknown;
}) {
  const e = aberturaSchema.parse(entrada);
  let clienteUsuarioId: number | null = null;
  if (e.clienteId) {
    const [c] = await db
      .select({ usuarioId: cliente.usuarioId })
      .from(cliente)
      .where(and(eq(cliente.id, e.clienteId), eq(cliente.hotsiteId, hotsiteId)));
    if (!c) throw new ErroHttp(404, m.clienteNaoEncontrado);
    clienteUsuarioId = c.usuarioId;
  }
  if (e.loteId) {
    const [l] = await db
      .select({ id: lote.id })
      .from(lote)
      .where(and(eq(lote.id, e.loteId), eq(lote.hotsiteId, hotsiteId)));
    if (!l) throw new ErroHttp(404, m.loteNaoEncontrado);
  }
  if (e.vendaId) {
    const [v] = await db
      .select({ usuarioId: venda.usuarioId })
      .from(venda)
      .where(and(eq(venda.id, e.vendaId), eq(venda.hotsiteId, hotsiteId)));
    if (!v) throw new ErroHttp(404, m.vendaNaoEncontrada);
    clienteUsuarioId ??= v.usuarioId;
  }
  const [novo] = await db
    .insert(incidente)
    .values({
      hotsiteId,
      titulo: e.titulo,
      descricao: e.descricao,
      clienteUsuarioId,
      loteId: e.loteId ?? null,
      vendaId: e.vendaId ?? null,
      abertoPorId: usuarioId,
    })
    .returning({ uid: incidente.uid });
  return novo!;
}

const responsavel = aliasedTable(usuario, 'responsavel');
const clienteU = aliasedTable(usuario, 'cliente_usuario');

const colunasDaLista = {
  id: incidente.id,
  uid: incidente.uid,
  titulo: incidente.titulo,
  situacao: incidente.situacao,
  createdAt: incidente.createdAt,
  responsavel: responsavel.nome,
  cliente: clienteU.nome,
  loteId: incidente.loteId,
  lote: sql<string | null>`(SELECT l.numero || ' – ' || l.nome FROM lote l WHERE l.id = ${incidente.loteId})`,
  vendaId: incidente.vendaId,
};

export const filtroIncidentesSchema = z.object({
  situacao: z.preprocess(vazioComoAusente, z.enum(SITUACOES_INCIDENTE, 'Situação inválida').optional()),
  meus: z.preprocess((v) => v === '1' || v === 'on', z.boolean()).optional(),
});

/** /admin/incidentes: open ones first, newest first; by situation or "mine". */
export async function listarIncidentes({
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
  const f = filtroIncidentesSchema.parse(filtro);
  return db
    .select(colunasDaLista)
    .from(incidente)
    .leftJoin(responsavel, eq(responsavel.id, incidente.responsavelId))
    .leftJoin(clienteU, eq(clienteU.id, incidente.clienteUsuarioId))
    .where(
      and(
        eq(incidente.hotsiteId, hotsiteId),
        f.situacao ? eq(incidente.situacao, f.situacao) : undefined,
        f.meus ? eq(incidente.responsavelId, usuarioId) : undefined,
      ),
    )
    .orderBy(sql`${incidente.situacao} = 'Fechado'`, desc(incidente.createdAt), desc(incidente.id))
    .limit(200);
}

/** The incidents of one client (by cliente id) or one lot, for their staff screens. */
export async function incidentesDe({
  db,
  hotsiteId,
  clienteId,
  loteId,
}: {
  db: Db;
  hotsiteId: number;
  clienteId?: number;
  loteId?: number;
}) {
  const porCliente = clienteId
    ? sql`${incidente.clienteUsuarioId} = (SELECT c.usuario_id FROM cliente c WHERE c.id = ${clienteId} AND c.hotsite_id = ${hotsiteId})`
    : undefined;
  return db
    .select(colunasDaLista)
    .from(incidente)
    .leftJoin(responsavel, eq(responsavel.id, incidente.responsavelId))
    .leftJoin(clienteU, eq(clienteU.id, incidente.clienteUsuarioId))
    .where(and(eq(incidente.hotsiteId, hotsiteId), porCliente, loteId ? eq(incidente.loteId, loteId) : undefined))
    .orderBy(desc(incidente.createdAt))
    .limit(50);
}

export async function obterIncidente({ db, hotsiteId, uid }: { db: Db; hotsiteId: number; uid: string }) {
  const u = z.uuid(m.naoEncontrado).safeParse(uid);
  if (!u.success) throw new ErroHttp(404, m.naoEncontrado);
  const abertoPor = aliasedTable(usuario, 'aberto_por');
  const [i] = await db
    .select({
      ...colunasDaLista,
      descricao: incidente.descricao,
      responsavelId: incidente.responsavelId,
      abertoPor: abertoPor.nome,
      fechadoEm: incidente.fechadoEm,
      clienteId: sql<
        number | null
      >`(SELECT c.id FROM cliente c WHERE c.usuario_id = ${incidente.clienteUsuarioId} AND c.hotsite_id = ${incidente.hotsiteId})`,
      vendaUid: sql<string | null>`(SELECT v.uid FROM venda v WHERE v.id = ${incidente.vendaId})`,
    })
    .from(incidente)
    .leftJoin(responsavel, eq(responsavel.id, incidente.responsavelId))
    .leftJoin(clienteU, eq(clienteU.id, incidente.clienteUsuarioId))
    .leftJoin(abertoPor, eq(abertoPor.id, incidente.abertoPorId))
    .where(and(eq(incidente.uid, u.data), eq(incidente.hotsiteId, hotsiteId)));
  if (!i) throw new ErroHttp(404, m.naoEncontrado);
  const comentarios = await db
    .select({ id: incidenteComentario.id, texto: incidenteComentario.texto, createdAt: incidenteComentario.createdAt, autor: usuario.nome })
    .from(incidenteComentario)
    .leftJoin(usuario, eq(usuario.id, incidenteComentario.usuarioId))
    .where(and(eq(incidenteComentario.incidenteId, i.id), eq(incidenteComentario.hotsiteId, hotsiteId)))
    .orderBy(asc(incidenteComentario.createdAt), asc(incidenteComentario.id));
  return { ...i, comentarios };
}

/** Staff who may take incidents (SAC, GerenteSAC, ADM), for the assign list. */
export async function responsaveisPossiveis({ db }: { db: Db }) {
  return db
    .selectDistinct({ id: usuario.id, nome: usuario.nome })
    .from(usuario)
    .innerJoin(usuarioPapel, eq(usuarioPapel.usuarioId, usuario.id))
    .where(and(inArray(usuarioPapel.papel, PAPEIS_DO_INCIDENTE), sql`${usuario.hotsiteId} IS NULL`))
    .orderBy(usuario.nome);
}

async function incidenteAberto(db: Db, hotsiteId: number, uid: string) {
  const u = z.uuid(m.naoEncontrado).safeParse(uid);
  if (!u.success) throw new ErroHttp(404, m.naoEncontrado);
  const [i] = await db
    .select({ id: incidente.id, situacao: incidente.situacao })
    .from(incidente)
    .where(and(eq(incidente.uid, u.data), eq(incidente.hotsiteId, hotsiteId)));
  if (!i) throw new ErroHttp(404, m.naoEncontrado);
  return i;
}

/** Assigns the incident to a SAC/ADM staff member; an open incident becomes "Em atendimento". */
export async function atribuirIncidente({
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
  const i = await incidenteAberto(db, hotsiteId, uid);
  if (i.situacao === 'Fechado') throw new ErroHttp(409, m.jaFechado);
  const rid = idSchema(m.responsavelInvalido).parse(responsavelId);
  const possiveis = await responsaveisPossiveis({ db });
  if (!possiveis.some((p) => p.id === rid)) throw new ErroHttp(400, m.responsavelInvalido, { responsavelId: [m.responsavelInvalido] });
  await db
    .update(incidente)
    .set({ responsavelId: rid, situacao: 'Em atendimento', updatedAt: new Date() })
    .where(and(eq(incidente.id, i.id), eq(incidente.hotsiteId, hotsiteId)));
}

export const comentarioSchema = z.object({ texto: textoLivre(4000).pipe(z.string().min(1, 'Escreva o comentário')) });

export async function comentarIncidente({
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
  const i = await incidenteAberto(db, hotsiteId, uid);
  const { texto } = comentarioSchema.parse(entrada);
  await db.insert(incidenteComentario).values({ hotsiteId, incidenteId: i.id, usuarioId, texto });
  await db.update(incidente).set({ updatedAt: new Date() }).where(eq(incidente.id, i.id));
}

/** Closes (with an optional last comment) or reopens an incident. */
export async function fecharIncidente({
  db,
  hotsiteId,
  uid,
  usuarioId,
  reabrir = false,
  comentario,
}: {
  db: Db;
  hotsiteId: number;
  uid: string;
  usuarioId: number;
  reabrir?: boolean;
  comentario?: unknown;
}) {
  const i = await incidenteAberto(db, hotsiteId, uid);
  if (!reabrir && i.situacao === 'Fechado') throw new ErroHttp(409, m.jaFechado);
  const texto = typeof comentario === 'string' && comentario.trim() ? comentarioSchema.parse({ texto: comentario }).texto : null;
  await db.transaction(async (tx) => {
    if (texto) await tx.insert(incidenteComentario).values({ hotsiteId, incidenteId: i.id, usuarioId, texto });
    await tx
      .update(incidente)
      .set(
        reabrir
          ? { situacao: 'Aberto', fechadoEm: null, updatedAt: new Date() }
          : { situacao: 'Fechado', fechadoEm: new Date(), updatedAt: new Date() },
      )
      .where(and(eq(incidente.id, i.id), eq(incidente.hotsiteId, hotsiteId)));
  });
}
