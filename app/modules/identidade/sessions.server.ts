import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { sessao, usuario } from '@db/schema';
import { cadastro2faPendente } from './dois-fatores.server';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Opens a session for a user on a brand and answers its bearer token (shown once, stored hashed). */
export async function criarSessao({
  db,
  usuarioId,
  hotsiteId,
  duracaoMs = 8 * 60 * 60 * 1000,
}: {
  db: Db;
  usuarioId: number;
  hotsiteId: number;
  duracaoMs?: number;
}): Promise<{ token: string; expiraEm: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiraEm = new Date(Date.now() + duracaoMs);
  await db.insert(sessao).values({ usuarioId, hotsiteId, tokenHash: hashToken(token), expiraEm });
  return { token, expiraEm };
}

/**
 * The user behind a bearer token on this brand: the session must be live, issued on this brand, and
 * its user either a client of this brand or staff (platform-wide). Null otherwise. `cadastro2faPendente`:
 * the user must enrol in 2FA before the session counts as a login (read from the user on every lookup,
 * so confirming the first code turns every session of the user on).
 */
export async function autenticarToken({ db, hotsiteId, token }: { db: Db; hotsiteId: number; token: string }) {
  if (token.length < 20 || token.length > 200) return null;
  const [linha] = await db
    .select({ usuarioId: usuario.id, twoFactorObrigatorio: usuario.twoFactorObrigatorio, twoFactorHabilitado: usuario.twoFactorHabilitado })
    .from(sessao)
    .innerJoin(usuario, eq(usuario.id, sessao.usuarioId))
    .where(
      and(
        eq(sessao.tokenHash, hashToken(token)),
        eq(sessao.hotsiteId, hotsiteId),
        isNull(sessao.revogadaEm),
        gt(sessao.expiraEm, new Date()),
        eq(usuario.bloqueado, false),
        or(isNull(usuario.hotsiteId), eq(usuario.hotsiteId, hotsiteId)),
      ),
    )
    .limit(1);
  return linha ? { usuarioId: linha.usuarioId, cadastro2faPendente: cadastro2faPendente(linha) } : null;
}
