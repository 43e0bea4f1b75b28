import '~/utils/zod-pt-br';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { soDigitos } from '~/modules/dominio/documentos-br';
import { textoLivre } from '~/utils/entrada';
import { ErroHttp, naoEncontrado } from '~/utils/errors';
import { idValido } from '~/utils/id';
import { linhas } from '~/utils/linhas.server';

/*
 * Client groups (spec 001 §7: grupos-cliente, grupos-possiveis-para-cliente, grupos-clientes, grupos-do-cliente;
 * the lot's gruposCliente; decision 269). Staff gather a brand's clients in named groups; a lot tied to one or
 * more groups takes bids only from their members (the bid gate in lances/participantes.server.ts reads the same
 * tables). Every read and write is scoped by the brand: a group, a client and a lot of another brand are
 * "not found".
 */

export const MENSAGENS_GRUPO_CLIENTE = {
  naoEncontrado: 'Grupo de clientes não encontrado',
  nomeRepetido: 'Já existe um grupo de clientes com este nome',
  clienteNaoEncontrado: 'Cliente não encontrado',
  loteNaoEncontrado: 'Lote não encontrado',
  grupoDeOutraMarca: 'Grupo de clientes não encontrado nesta marca',
} as const;

const UID = z.uuid({ error: 'uid inválido' });

export const grupoClienteSchema = z.object({
  nome: z.preprocess((v) => v ?? '', textoLivre(80).pipe(z.string().min(2, 'Informe o nome do grupo'))),
  descricao: z.preprocess((v) => (v === '' || v == null ? undefined : v), textoLivre(500).optional()),
});

/** POST grupos-clientes/{uid}: the client's groups, all of them (an empty list takes the client out of every group). */
export const gruposDoClienteSchema = z.object({
  grupoUids: z.array(UID, { error: 'Informe a lista grupoUids' }).max(200, 'Use no máximo 200 grupos'),
});

export interface GrupoCliente {
  uid: string;
  nome: string;
  descricao: string | null;
  quantidadeClientes: number;
  quantidadeLotes: number;
}

const colunas = sql`g.uid, g.nome, g.descricao,
  (SELECT count(*)::int FROM grupo_cliente_membro m WHERE m.grupo_id = g.id) AS "quantidadeClientes",
  (SELECT count(*)::int FROM lote_grupo_cliente lg WHERE lg.grupo_id = g.id) AS "quantidadeLotes"`;
const normal = (g: GrupoCliente): GrupoCliente => ({
  ...g,
  quantidadeClientes: Number(g.quantidadeClientes),
  quantidadeLotes: Number(g.quantidadeLotes),
});

/** GET grupos-cliente: the brand's groups, by name. */
export async function listarGruposCliente({ db, hotsiteId }: { db: Db; hotsiteId: number }) {
  return linhas<GrupoCliente>(
    await db.execute(sql`SELECT ${colunas} FROM grupo_cliente g WHERE g.hotsite_id = ${hotsiteId} ORDER BY g.nome, g.id`),
  ).map(normal);
}

async function idDoGrupo(db: Db, hotsiteId: number, uid: string) {
  if (!UID.safeParse(uid).success) throw naoEncontrado(MENSAGENS_GRUPO_CLIENTE.naoEncontrado);
  const [g] = linhas<{ id: number }>(await db.execute(sql`SELECT id FROM grupo_cliente WHERE hotsite_id = ${hotsiteId} AND uid = ${uid}`));
  if (!g) throw naoEncontrado(MENSAGENS_GRUPO_CLIENTE.naoEncontrado);
  return Number(g.id);
}

/** A group with its members and its lots (the staff screen). */
export async function obterGrupoCliente({ db, hotsiteId, uid }: { db: Db; hotsiteId: number; uid: string }) {
  const id = await idDoGrupo(db, hotsiteId, uid);
  const [g] = linhas<GrupoCliente>(await db.execute(sql`SELECT ${colunas} FROM grupo_cliente g WHERE g.id = ${id}`));
  const [membros, lotes] = await Promise.all([
    db.execute(sql`
      SELECT u.uid, u.nome, u.email, c.cpf, c.cnpj FROM grupo_cliente_membro m
        JOIN usuario u ON u.id = m.usuario_id LEFT JOIN cliente c ON c.usuario_id = u.id
       WHERE m.grupo_id = ${id} AND m.hotsite_id = ${hotsiteId} ORDER BY u.nome, u.id`),
    db.execute(sql`
      SELECT l.id, l.numero, l.nome, l.situacao, le.nome AS leilao FROM lote_grupo_cliente lg
        JOIN lote l ON l.id = lg.lote_id LEFT JOIN leilao le ON le.id = l.leilao_id
       WHERE lg.grupo_id = ${id} AND lg.hotsite_id = ${hotsiteId} ORDER BY l.id`),
  ]);
  return {
    ...normal(g!),
    membros: linhas<{ uid: string; nome: string; email: string; cpf: string | null; cnpj: string | null }>(membros),
    lotes: linhas<{ id: number; numero: string | number | null; nome: string; situacao: string; leilao: string | null }>(lotes).map(
      (l) => ({
        ...l,
        id: Number(l.id),
        numero: l.numero == null ? null : String(l.numero),
      }),
    ),
  };
}

/** Creates (uid null) or renames a group; a name is unique per brand. */
export async function salvarGrupoCliente({
  db,
  hotsiteId,
  uid,
  entrada,
}: {
  db: Db;
  hotsiteId: number;
  uid: string | null;
  entrada: unknown;
}) {
  const e = grupoClienteSchema.parse(entrada);
  const repetido = () => new ErroHttp(409, MENSAGENS_GRUPO_CLIENTE.nomeRepetido, { nome: [MENSAGENS_GRUPO_CLIENTE.nomeRepetido] });
  if (uid === null) {
    const [novo] = linhas<{ uid: string }>(
      await db.execute(sql`INSERT INTO grupo_cliente (hotsite_id, nome, descricao) VALUES (${hotsiteId}, ${e.nome}, ${e.descricao ?? null})
                           ON CONFLICT (hotsite_id, nome) DO NOTHING RETURNING uid`),
    );
    if (!novo) throw repetido();
    return { uid: novo.uid };
  }
  const id = await idDoGrupo(db, hotsiteId, uid);
  const [outro] = linhas<{ id: number }>(
    await db.execute(sql`SELECT id FROM grupo_cliente WHERE hotsite_id = ${hotsiteId} AND nome = ${e.nome} AND id <> ${id}`),
  );
  if (outro) throw repetido();
  await db.execute(sql`UPDATE grupo_cliente SET nome = ${e.nome}, descricao = ${e.descricao ?? null}, updated_at = now()
                       WHERE id = ${id} AND hotsite_id = ${hotsiteId}`);
  return { uid };
}

/** Deletes a group: its members leave it and its lots are open to every client again. */
export async function excluirGrupoCliente({ db, hotsiteId, uid }: { db: Db; hotsiteId: number; uid: string }) {
  const id = await idDoGrupo(db, hotsiteId, uid);
  await db.execute(sql`DELETE FROM grupo_cliente WHERE id = ${id} AND hotsite_id = ${hotsiteId}`);
}

/** The brand's client by its account uid or client uid, or by e-mail, CPF or CNPJ as staff type it. */
async function idDoCliente(db: Db, hotsiteId: number, chave: string): Promise<number> {
  const t = chave.trim().slice(0, 200);
  const digitos = soDigitos(t);
  const porUid = UID.safeParse(t).success;
  const [u] = linhas<{ id: number }>(
    await db.execute(sql`
      SELECT u.id FROM usuario u LEFT JOIN cliente c ON c.usuario_id = u.id
       WHERE u.hotsite_id = ${hotsiteId}
         AND (${porUid ? sql`(u.uid = ${t}::uuid OR c.uid = ${t}::uuid)` : sql`false`}
              OR lower(u.email) = lower(${t})
              OR (${digitos.length === 11 || digitos.length === 14} AND regexp_replace(coalesce(c.cpf, c.cnpj, ''), '\\D', '', 'g') = ${digitos}))
       LIMIT 1`),
  );
  if (!u) throw naoEncontrado(MENSAGENS_GRUPO_CLIENTE.clienteNaoEncontrado);
  return Number(u.id);
}

/** A client's groups among the brand's: GET grupos-do-cliente/{uid} (only theirs) and grupos-possiveis-para-cliente/{uid} (all, marked). */
export async function gruposDoCliente({
  db,
  hotsiteId,
  clienteUid,
  todos,
  somenteDe,
}: {
  db: Db;
  hotsiteId: number;
  clienteUid: string;
  todos: boolean;
  /** A client asking: only their own groups (another client's uid is refused like a missing one). */
  somenteDe?: number;
}) {
  const usuarioId = await idDoCliente(db, hotsiteId, UID.safeParse(clienteUid).success ? clienteUid : '');
  if (somenteDe !== undefined && somenteDe !== usuarioId) throw naoEncontrado(MENSAGENS_GRUPO_CLIENTE.clienteNaoEncontrado);
  const r = linhas<GrupoCliente & { membro: boolean }>(
    await db.execute(sql`
      SELECT ${colunas}, EXISTS (SELECT 1 FROM grupo_cliente_membro m WHERE m.grupo_id = g.id AND m.usuario_id = ${usuarioId}) AS membro
        FROM grupo_cliente g WHERE g.hotsite_id = ${hotsiteId} ORDER BY g.nome, g.id`),
  ).map((g) => ({ ...normal(g), membro: Boolean(g.membro) }));
  return todos ? r : r.filter((g) => g.membro);
}

/** POST grupos-clientes/{uid}: the client's groups become exactly these (each must be the brand's). */
export async function definirGruposDoCliente({
  db,
  hotsiteId,
  clienteUid,
  entrada,
}: {
  db: Db;
  hotsiteId: number;
  clienteUid: string;
  entrada: unknown;
}) {
  const { grupoUids } = gruposDoClienteSchema.parse(entrada);
  const usuarioId = await idDoCliente(db, hotsiteId, UID.safeParse(clienteUid).success ? clienteUid : '');
  const unicos = [...new Set(grupoUids)];
  return db.transaction(async (tx) => {
    const ids = linhas<{ id: number }>(
      await tx.execute(sql`SELECT id FROM grupo_cliente WHERE hotsite_id = ${hotsiteId}
                            AND uid = ANY(${sql.param(unicos)}::uuid[]) FOR SHARE`),
    ).map((g) => Number(g.id));
    if (ids.length !== unicos.length)
      throw new ErroHttp(400, MENSAGENS_GRUPO_CLIENTE.grupoDeOutraMarca, { grupoUids: [MENSAGENS_GRUPO_CLIENTE.grupoDeOutraMarca] });
    await tx.execute(sql`DELETE FROM grupo_cliente_membro WHERE hotsite_id = ${hotsiteId} AND usuario_id = ${usuarioId}
                          AND NOT (grupo_id = ANY(${sql.param(ids)}::int[]))`);
    if (ids.length)
      await tx.execute(sql`INSERT INTO grupo_cliente_membro (hotsite_id, grupo_id, usuario_id)
                           SELECT ${hotsiteId}, g, ${usuarioId} FROM unnest(${sql.param(ids)}::int[]) AS g
                           ON CONFLICT DO NOTHING`);
    return { quantidade: ids.length };
  });
}

/** The staff screen's "Adicionar cliente" (by e-mail, CPF, CNPJ or uid) and "Remover". */
export async function incluirNoGrupo({ db, hotsiteId, uid, cliente }: { db: Db; hotsiteId: number; uid: string; cliente: string }) {
  const grupoId = await idDoGrupo(db, hotsiteId, uid);
  const usuarioId = await idDoCliente(db, hotsiteId, cliente);
  await db.execute(sql`INSERT INTO grupo_cliente_membro (hotsite_id, grupo_id, usuario_id) VALUES (${hotsiteId}, ${grupoId}, ${usuarioId})
                       ON CONFLICT DO NOTHING`);
}

export async function retirarDoGrupo({ db, hotsiteId, uid, cliente }: { db: Db; hotsiteId: number; uid: string; cliente: string }) {
  const grupoId = await idDoGrupo(db, hotsiteId, uid);
  const usuarioId = await idDoCliente(db, hotsiteId, cliente);
  await db.execute(
    sql`DELETE FROM grupo_cliente_membro WHERE grupo_id = ${grupoId} AND usuario_id = ${usuarioId} AND hotsite_id = ${hotsiteId}`,
  );
}

const loteIdSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: 'Informe o número (id) do lote' })
    .int('Informe o número (id) do lote')
    .refine(idValido, 'Informe o número (id) do lote'),
);

/** Ties a lot of the brand to the group (its bids are then the members' alone) or unties it. */
export async function restringirLote({
  db,
  hotsiteId,
  uid,
  loteId,
  restrito,
}: {
  db: Db;
  hotsiteId: number;
  uid: string;
  loteId: unknown;
  restrito: boolean;
}) {
  const grupoId = await idDoGrupo(db, hotsiteId, uid);
  const id = loteIdSchema.safeParse(loteId);
  if (!id.success) throw new ErroHttp(400, id.error.issues[0]!.message, { loteId: [id.error.issues[0]!.message] });
  const [l] = linhas<{ id: number }>(await db.execute(sql`SELECT id FROM lote WHERE id = ${id.data} AND hotsite_id = ${hotsiteId}`));
  if (!l) throw new ErroHttp(404, MENSAGENS_GRUPO_CLIENTE.loteNaoEncontrado, { loteId: [MENSAGENS_GRUPO_CLIENTE.loteNaoEncontrado] });
  if (restrito)
    await db.execute(sql`INSERT INTO lote_grupo_cliente (hotsite_id, lote_id, grupo_id) VALUES (${hotsiteId}, ${id.data}, ${grupoId})
                         ON CONFLICT DO NOTHING`);
  else
    await db.execute(
      sql`DELETE FROM lote_grupo_cliente WHERE lote_id = ${id.data} AND grupo_id = ${grupoId} AND hotsite_id = ${hotsiteId}`,
    );
  return { loteId: id.data };
}

/**
 * The lot's gruposCliente and, for a client, whether they belong to one: `restrito` false = open to every
 * client. The lot page shows the non-member why they cannot bid; the bid gate refuses them on its own.
 */
export async function gruposDoLote({
  db,
  hotsiteId,
  loteId,
  usuarioId,
}: {
  db: Db;
  hotsiteId: number;
  loteId: number;
  usuarioId: number | null;
}) {
  const r = linhas<{ uid: string; nome: string; membro: boolean }>(
    await db.execute(sql`
      SELECT g.uid, g.nome,
             ${usuarioId === null ? sql`false` : sql`EXISTS (SELECT 1 FROM grupo_cliente_membro m WHERE m.grupo_id = g.id AND m.usuario_id = ${usuarioId})`} AS membro
        FROM lote_grupo_cliente lg JOIN grupo_cliente g ON g.id = lg.grupo_id
       WHERE lg.lote_id = ${loteId} AND lg.hotsite_id = ${hotsiteId} ORDER BY g.nome`),
  );
  return {
    restrito: r.length > 0,
    membro: r.some((g) => Boolean(g.membro)),
    grupos: r.map((g) => ({ uid: g.uid, nome: g.nome })),
  };
}
export type GruposDoLote = Awaited<ReturnType<typeof gruposDoLote>>;
