import '~/utils/zod-pt-br';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { inteiro } from '~/modules/dominio/campos';
import { LISTA_PERMISSOES_INTEGRACAO } from '~/modules/dominio/papeis';
import { type Comitentes, filtroComitentes, MENSAGENS_USUARIO_COMITENTE } from '~/modules/comitentes/usuarios-comitente.server';
import { textoLivre } from '~/utils/entrada';
import { ErroHttp, naoEncontrado } from '~/utils/errors';
import { ID_MAXIMO } from '~/utils/id';
import { linhas } from '~/utils/linhas.server';

/*
 * Sellers' API keys (the spec's client-credentials login, 000 §5 and 001 §7; decision 167). ADM creates a
 * key for one seller of the brand with the partner permissions it needs; the secret is answered once, at
 * creation or rotation, and kept only as its SHA-256 digest (256 random bits: a slow hash adds nothing).
 * The client-credentials login trades client id + secret for an access token (also stored as a digest),
 * valid for an hour, on the brand of the key only. A token opens only the calls that accept keys, and there
 * only the key's seller's data: the ordinary session lookup never finds it, so every other call answers 401.
 */

export const MENSAGENS_CREDENCIAL = {
  naoEncontrada: 'Chave de API não encontrada',
  invalidas: 'Credenciais inválidas',
  revogada: 'Chave de API revogada',
  semPermissao: (p: string) => `A chave de API não tem a permissão necessária: ${p}`,
  criada: 'Chave criada: copie o segredo agora, ele não será mostrado de novo',
  rotacionada: 'Segredo trocado: o anterior deixou de valer; copie o novo agora, ele não será mostrado de novo',
  revogadaOk: 'Chave revogada: ela não abre mais nenhuma chamada',
} as const;

/** Access tokens of keys start with this, so a bearer token is looked up in one table only. */
export const PREFIXO_TOKEN_CHAVE = 'mck_';
const PREFIXO_CLIENT_ID = 'cmt_';
export const VALIDADE_TOKEN_S = 3600;

const digest = (s: string) => createHash('sha256').update(s).digest('hex');
const segredoNovo = () => randomBytes(32).toString('base64url');

const permissaoSchema = z.enum(LISTA_PERMISSOES_INTEGRACAO as [string, ...string[]], { error: 'Permissão de integração inválida' });

export const credencialSchema = z.object({
  comitenteId: inteiro(1, ID_MAXIMO, 'Escolha o comitente'),
  descricao: z.preprocess(
    (v) => v ?? '',
    textoLivre(120).pipe(z.string().min(2, 'Descreva o uso da chave (ex.: sistema de leilões do banco)')),
  ),
  permissoes: z.preprocess(
    (v) => (typeof v === 'string' ? [v] : v),
    z.array(permissaoSchema, { error: 'Escolha ao menos uma permissão' }).min(1, 'Escolha ao menos uma permissão').max(20),
  ),
});

/**
 * The client-credentials login (spec: client id, secret min 6, 2FA 6 digits), in OAuth's names. A key has
 * no authenticator: the 2FA code is accepted when sent (6 digits) and not required (decision 167).
 */
export const loginCredencialSchema = z.object({
  grant_type: z.literal('client_credentials', { error: 'grant_type deve ser client_credentials' }).optional(),
  client_id: textoLivre(80, 'Informe o client_id').pipe(z.string().min(1, 'Informe o client_id')),
  client_secret: z
    .string({ error: 'Informe o client_secret' })
    .min(6, 'O segredo deve ter no mínimo 6 caracteres')
    .max(200, 'Credenciais inválidas'),
  twoFactorCode: z
    .string()
    .regex(/^\d{6}$/, 'O código de dois fatores deve ter exatamente 6 dígitos')
    .optional(),
});

export interface CredencialResumo {
  uid: string;
  comitente: { id: number; nomeSite: string };
  descricao: string;
  clientId: string;
  permissoes: string[];
  versao: number;
  createdAt: string;
  rotacionadaEm: string | null;
  revogadaEm: string | null;
  ultimoUsoEm: string | null;
}

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

/** The brand's keys (no secret, ever), newest first; a seller user only their sellers'. */
export async function listarCredenciais({ db, hotsiteId, comitentes }: { db: Db; hotsiteId: number; comitentes: Comitentes }) {
  return linhas<Record<string, unknown>>(
    await db.execute(sql`SELECT k.uid, k.comitente_id, c.nome_site, k.descricao, k.client_id, k.permissoes, k.versao, k.created_at,
        k.rotacionada_em, k.revogada_em, k.ultimo_uso_em
      FROM comitente_credencial k JOIN comitente c ON c.id = k.comitente_id AND c.hotsite_id = k.hotsite_id
      WHERE k.hotsite_id = ${hotsiteId} AND ${filtroComitentes(sql`k.comitente_id`, comitentes)}
      ORDER BY k.revogada_em IS NOT NULL, k.created_at DESC, k.id DESC`),
  ).map((r): CredencialResumo => ({
    uid: String(r.uid),
    comitente: { id: Number(r.comitente_id), nomeSite: String(r.nome_site) },
    descricao: String(r.descricao),
    clientId: String(r.client_id),
    permissoes: r.permissoes as string[],
    versao: Number(r.versao),
    createdAt: iso(r.created_at)!,
    rotacionadaEm: iso(r.rotacionada_em),
    revogadaEm: iso(r.revogada_em),
    ultimoUsoEm: iso(r.ultimo_uso_em),
  }));
}

/** Creates a key for one of the brand's sellers; answers the secret this once. */
export async function criarCredencial({
  db,
  hotsiteId,
  usuarioId,
  entrada,
  comitentes = 'todos',
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  entrada: unknown;
  /** Whose keys the author manages: ADM every seller's, a seller user its own sellers' (decision 201). */
  comitentes?: Comitentes;
}): Promise<{ uid: string; clientId: string; segredo: string }> {
  const e = credencialSchema.parse(entrada);
  const [c] = linhas(
    await db.execute(
      sql`SELECT 1 FROM comitente c WHERE c.hotsite_id = ${hotsiteId} AND c.id = ${e.comitenteId} AND ${filtroComitentes(sql`c.id`, comitentes)}`,
    ),
  );
  if (!c)
    throw new ErroHttp(404, MENSAGENS_USUARIO_COMITENTE.comitenteNaoEncontrado, {
      comitenteId: [MENSAGENS_USUARIO_COMITENTE.comitenteNaoEncontrado],
    });
  const clientId = `${PREFIXO_CLIENT_ID}${randomBytes(12).toString('hex')}`;
  const segredo = segredoNovo();
  const [k] = linhas<{ uid: string }>(
    await db.execute(sql`INSERT INTO comitente_credencial (hotsite_id, comitente_id, descricao, client_id, segredo_hash, permissoes, criado_por)
      VALUES (${hotsiteId}, ${e.comitenteId}, ${e.descricao}, ${clientId}, ${digest(segredo)},
              ARRAY[${sql.join(
                [...new Set(e.permissoes)].map((p) => sql`${p}`),
                sql`, `,
              )}]::text[], ${usuarioId})
      RETURNING uid`),
  );
  return { uid: String(k.uid), clientId, segredo };
}

const uidSchema = z.uuid({ error: MENSAGENS_CREDENCIAL.naoEncontrada });

/** A new secret for the same client id: the old secret and every token it gave stop at once. */
export async function rotacionarCredencial({
  db,
  hotsiteId,
  uid,
  comitentes = 'todos',
}: {
  db: Db;
  hotsiteId: number;
  uid: string;
  comitentes?: Comitentes;
}) {
  const u = uidSchema.safeParse(uid);
  if (!u.success) throw naoEncontrado(MENSAGENS_CREDENCIAL.naoEncontrada);
  const segredo = segredoNovo();
  return db.transaction(async (tx) => {
    const [k] = linhas<{ id: number; client_id: string }>(
      await tx.execute(sql`UPDATE comitente_credencial SET segredo_hash = ${digest(segredo)}, versao = versao + 1, rotacionada_em = now(),
          updated_at = now() WHERE hotsite_id = ${hotsiteId} AND uid = ${u.data} AND revogada_em IS NULL
          AND ${filtroComitentes(sql`comitente_id`, comitentes)} RETURNING id, client_id`),
    );
    if (!k) throw naoEncontrado(MENSAGENS_CREDENCIAL.naoEncontrada);
    await tx.execute(sql`DELETE FROM comitente_credencial_token WHERE credencial_id = ${k.id}`);
    return { clientId: String(k.client_id), segredo };
  });
}

/** Revokes a key for good: its secret and tokens stop at once; the row stays for the record. */
export async function revogarCredencial({
  db,
  hotsiteId,
  uid,
  comitentes = 'todos',
}: {
  db: Db;
  hotsiteId: number;
  uid: string;
  comitentes?: Comitentes;
}) {
  const u = uidSchema.safeParse(uid);
  if (!u.success) throw naoEncontrado(MENSAGENS_CREDENCIAL.naoEncontrada);
  return db.transaction(async (tx) => {
    const [k] = linhas<{ id: number }>(
      await tx.execute(sql`UPDATE comitente_credencial SET revogada_em = coalesce(revogada_em, now()), updated_at = now()
          WHERE hotsite_id = ${hotsiteId} AND uid = ${u.data} AND ${filtroComitentes(sql`comitente_id`, comitentes)} RETURNING id`),
    );
    if (!k) throw naoEncontrado(MENSAGENS_CREDENCIAL.naoEncontrada);
    await tx.execute(sql`DELETE FROM comitente_credencial_token WHERE credencial_id = ${k.id}`);
    return { mensagem: MENSAGENS_CREDENCIAL.revogadaOk };
  });
}

/** The client-credentials login: an access token for the key, on the key's brand only. Anything wrong → 401. */
export async function entrarComCredencial({ db, hotsiteId, entrada }: { db: Db; hotsiteId: number; entrada: unknown }) {
  const e = loginCredencialSchema.parse(entrada);
  const [k] = linhas<{ id: number; segredo_hash: string; revogada_em: unknown }>(
    await db.execute(sql`SELECT k.id, k.segredo_hash, k.revogada_em FROM comitente_credencial k
      JOIN comitente c ON c.id = k.comitente_id AND c.hotsite_id = k.hotsite_id AND c.ativo
      WHERE k.hotsite_id = ${hotsiteId} AND k.client_id = ${e.client_id}`),
  );
  // The digest is compared even when the id is unknown, so the answer's time tells nothing of which ids exist.
  const esperado = Buffer.from(k?.segredo_hash ?? digest(''), 'hex');
  const confere = timingSafeEqual(esperado, Buffer.from(digest(e.client_secret), 'hex'));
  if (!k || !confere || k.revogada_em != null) throw new ErroHttp(401, MENSAGENS_CREDENCIAL.invalidas);
  const token = `${PREFIXO_TOKEN_CHAVE}${randomBytes(32).toString('base64url')}`;
  const expira = new Date(Date.now() + VALIDADE_TOKEN_S * 1000);
  await db.transaction(async (tx) => {
    // Expired tokens of the key go as new ones come, so the table holds only what can still be used.
    await tx.execute(sql`DELETE FROM comitente_credencial_token WHERE credencial_id = ${k.id} AND expira_em < now()`);
    await tx.execute(sql`INSERT INTO comitente_credencial_token (token_hash, credencial_id, hotsite_id, expira_em)
                         VALUES (${digest(token)}, ${k.id}, ${hotsiteId}, ${expira.toISOString()})`);
    await tx.execute(sql`UPDATE comitente_credencial SET ultimo_uso_em = now() WHERE id = ${k.id}`);
  });
  return { access_token: token, expires_in: VALIDADE_TOKEN_S, refresh_token: null, token_type: 'Bearer' as const };
}

/** The key behind an access token on this brand (live, not revoked, seller active), or null. */
export async function credencialDoToken({
  db,
  hotsiteId,
  token,
}: {
  db: Db;
  hotsiteId: number;
  token: string;
}): Promise<{ uid: string; comitenteId: number; permissoes: string[] } | null> {
  if (!token.startsWith(PREFIXO_TOKEN_CHAVE) || token.length > 200) return null;
  const [k] = linhas<{ uid: string; comitente_id: number; permissoes: string[] }>(
    await db.execute(sql`SELECT k.uid, k.comitente_id, k.permissoes FROM comitente_credencial_token t
      JOIN comitente_credencial k ON k.id = t.credencial_id AND k.hotsite_id = t.hotsite_id
      JOIN comitente c ON c.id = k.comitente_id AND c.hotsite_id = k.hotsite_id AND c.ativo
      WHERE t.token_hash = ${digest(token)} AND t.hotsite_id = ${hotsiteId} AND t.expira_em > now() AND k.revogada_em IS NULL`),
  );
  return k ? { uid: String(k.uid), comitenteId: Number(k.comitente_id), permissoes: k.permissoes } : null;
}

/** The seller ids a key reads (one), after checking it holds `permissao` (403 otherwise). */
export function comitentesDaCredencial(k: { comitenteId: number; permissoes: string[] }, permissao: string): Comitentes {
  if (!k.permissoes.includes(permissao)) throw new ErroHttp(403, MENSAGENS_CREDENCIAL.semPermissao(permissao));
  return [k.comitenteId];
}
