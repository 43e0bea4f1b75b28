import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { PAPEIS_INTERNOS } from '~/modules/dominio/papeis';
import { ErroHttp, naoEncontrado } from '~/utils/errors';
import { ID_MAXIMO } from '~/utils/id';
import { linhas } from '~/utils/linhas.server';

/*
 * Users tied to sellers (spec 001 §7, the `usuario-comitente` calls; decision 011). A user with the
 * seller role answers for the sellers they are tied to on this brand and for no other. Staff whose work
 * is every seller of the brand (ADM, SAC) are not tied: `comitentesDoUsuario` answers 'todos' for them.
 * Sellers are brand-owned, so every query here filters by hotsiteId; users are platform-wide staff (or
 * the brand's own users), never another brand's.
 */

export const MENSAGENS_USUARIO_COMITENTE = {
  usuarioNaoEncontrado: 'Usuário não encontrado',
  comitenteNaoEncontrado: 'Comitente não encontrado',
  vinculoNaoEncontrado: 'Vínculo entre usuário e comitente não encontrado',
} as const;

/** Roles that see every seller of the brand; anyone else sees only the sellers they are tied to. */
export const PAPEIS_TODOS_COMITENTES: readonly string[] = [PAPEIS_INTERNOS.ADM, PAPEIS_INTERNOS.SAC];

/** Every seller of the brand, or only these ids. */
export type Comitentes = 'todos' | readonly number[];

export interface ComitenteResumo {
  id: number;
  uid: string;
  nomeSite: string;
  logomarcaUrl: string | null;
  existeLogomarca: boolean;
  grupo: string | null;
  ativo: boolean;
}

const idComitente = z
  .number({ error: 'comIds deve ser uma lista de ids' })
  .int('id de comitente inválido')
  .positive('id de comitente inválido')
  .max(ID_MAXIMO, 'id de comitente inválido');

/**
 * POST body: the sellers to tie (`comIds`). The spec's `nomeSite` and `cogId` are the seller picker's
 * search filters; the link is decided by the ids alone, so they are not read (zod drops them).
 */
export const vincularSchema = z.object({
  comIds: z
    .array(idComitente, { error: 'Informe comIds: a lista de comitentes' })
    .min(1, 'Informe ao menos um comitente')
    .max(200, 'No máximo 200 comitentes por vez'),
});

/** SQL condition restricting `coluna` (a seller id) to `comitentes`; an empty list matches nothing. */
export function filtroComitentes(coluna: SQL, comitentes: Comitentes): SQL {
  if (comitentes === 'todos') return sql`TRUE`;
  if (comitentes.length === 0) return sql`FALSE`;
  return sql`${coluna} IN (${sql.join(
    comitentes.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** The sellers whose lots this user may see and answer on this brand. */
export async function comitentesDoUsuario({
  db,
  hotsiteId,
  usuario,
}: {
  db: Db;
  hotsiteId: number;
  usuario: { id: number; papeis: readonly string[] };
}): Promise<Comitentes> {
  if (usuario.papeis.some((p) => PAPEIS_TODOS_COMITENTES.includes(p))) return 'todos';
  const rows = linhas<{ id: number }>(
    await db.execute(
      sql`SELECT comitente_id AS id FROM usuario_comitente WHERE hotsite_id = ${hotsiteId} AND usuario_id = ${usuario.id} ORDER BY comitente_id`,
    ),
  );
  return rows.map((r) => Number(r.id));
}

const colunasComitente = sql`c.id, c.uid, c.nome_site AS "nomeSite", c.logomarca_url AS "logomarcaUrl", c.existe_logomarca AS "existeLogomarca", c.grupo, c.ativo`;
const comoResumo = (r: ComitenteResumo): ComitenteResumo => ({ ...r, id: Number(r.id) });

/** The brand's sellers (`listar-comitentes`), or only those given. */
export async function listarComitentes({
  db,
  hotsiteId,
  comitentes = 'todos',
}: {
  db: Db;
  hotsiteId: number;
  comitentes?: Comitentes;
}): Promise<ComitenteResumo[]> {
  return linhas<ComitenteResumo>(
    await db.execute(sql`SELECT ${colunasComitente} FROM comitente c
                          WHERE c.hotsite_id = ${hotsiteId} AND ${filtroComitentes(sql`c.id`, comitentes)}
                          ORDER BY c.nome_site, c.id`),
  ).map(comoResumo);
}

/**
 * The user a call is about, by id or uid: platform-wide staff or the brand's own user; another brand's
 * user is not found (404), like one that does not exist.
 */
export async function usuarioAlvo({
  db,
  hotsiteId,
  ref,
}: {
  db: Db;
  hotsiteId: number;
  ref: { id: number } | { uid: string };
}): Promise<{ id: number; uid: string; nome: string }> {
  const onde = 'id' in ref ? sql`id = ${ref.id}` : sql`uid = ${ref.uid}`;
  const [u] = linhas<{ id: number; uid: string; nome: string }>(
    await db.execute(sql`SELECT id, uid, nome FROM usuario WHERE ${onde} AND (hotsite_id IS NULL OR hotsite_id = ${hotsiteId})`),
  );
  if (!u) throw naoEncontrado(MENSAGENS_USUARIO_COMITENTE.usuarioNaoEncontrado);
  return { id: Number(u.id), uid: String(u.uid), nome: String(u.nome) };
}

/** The sellers a user is tied to on this brand. */
export async function comitentesDeUsuario({
  db,
  hotsiteId,
  usuarioId,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
}): Promise<ComitenteResumo[]> {
  return linhas<ComitenteResumo>(
    await db.execute(sql`SELECT ${colunasComitente} FROM usuario_comitente uc JOIN comitente c ON c.id = uc.comitente_id AND c.hotsite_id = uc.hotsite_id
                          WHERE uc.hotsite_id = ${hotsiteId} AND uc.usuario_id = ${usuarioId}
                          ORDER BY c.nome_site, c.id`),
  ).map(comoResumo);
}

/**
 * Ties a user to sellers of this brand. All or nothing: a seller id that is not the brand's is a 404
 * and nothing is tied. Tying twice is harmless. Answers the user's sellers afterwards.
 */
export async function vincularComitentes({
  db,
  hotsiteId,
  usuarioId,
  entrada,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  entrada: unknown;
}): Promise<ComitenteResumo[]> {
  const { comIds } = vincularSchema.parse(entrada);
  const ids = [...new Set(comIds)];
  await db.transaction(async (tx) => {
    // hotsite_id is copied from the seller row itself, so a link can never name another brand's seller.
    const novos = linhas<{ comitente_id: number }>(
      await tx.execute(sql`INSERT INTO usuario_comitente (hotsite_id, usuario_id, comitente_id)
                           SELECT c.hotsite_id, ${usuarioId}, c.id FROM comitente c
                            WHERE c.hotsite_id = ${hotsiteId} AND ${filtroComitentes(sql`c.id`, ids)}
                           ON CONFLICT (usuario_id, comitente_id) DO NOTHING
                           RETURNING comitente_id`),
    );
    if (novos.length === ids.length) return;
    const [{ n }] = linhas<{ n: number }>(
      await tx.execute(
        sql`SELECT count(*)::int AS n FROM comitente c WHERE c.hotsite_id = ${hotsiteId} AND ${filtroComitentes(sql`c.id`, ids)}`,
      ),
    );
    if (Number(n) !== ids.length) throw naoEncontrado(MENSAGENS_USUARIO_COMITENTE.comitenteNaoEncontrado);
  });
  return comitentesDeUsuario({ db, hotsiteId, usuarioId });
}

/** Unties a user from one seller of this brand; 404 when they were not tied. */
export async function desvincularComitente({
  db,
  hotsiteId,
  usuarioId,
  comitenteId,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  comitenteId: number;
}) {
  const r = linhas(
    await db.execute(
      sql`DELETE FROM usuario_comitente WHERE hotsite_id = ${hotsiteId} AND usuario_id = ${usuarioId} AND comitente_id = ${comitenteId} RETURNING comitente_id`,
    ),
  );
  if (r.length === 0) throw new ErroHttp(404, MENSAGENS_USUARIO_COMITENTE.vinculoNaoEncontrado);
  return { mensagem: 'Item apagado com sucesso' };
}
