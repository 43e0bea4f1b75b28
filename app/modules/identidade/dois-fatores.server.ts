import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { usuario } from '@db/schema';
import { passoDoCodigo } from './totp.server';

/**
 * Two-factor state shared by every way in. A session is a login only when the user's 2FA duty is met:
 * an account that requires 2FA (`twoFactorObrigatorio`) and has not enrolled yet gets a session that can
 * only enrol (the route guard and the API's user lookup refuse it everywhere else).
 */
export const cadastro2faPendente = (u: { twoFactorObrigatorio: boolean; twoFactorHabilitado: boolean }) =>
  u.twoFactorObrigatorio && !u.twoFactorHabilitado;

/**
 * Accepts a TOTP code of a user once: the code must be right and of a newer time step than the last
 * accepted one, checked and stored in one conditional update, so two requests with the same code cannot
 * both pass. Answers whether it was accepted.
 */
export async function aceitarCodigo2fa({
  db,
  usuarioId,
  segredo,
  codigo,
}: {
  db: Db;
  usuarioId: number;
  segredo: string | null;
  codigo: string;
}): Promise<boolean> {
  const passo = segredo ? passoDoCodigo(segredo, codigo) : null;
  if (passo === null) return false;
  const aceitos = await db
    .update(usuario)
    .set({ twoFactorUltimoPasso: passo, twoFactorUltimoUso: new Date() })
    .where(and(eq(usuario.id, usuarioId), or(isNull(usuario.twoFactorUltimoPasso), lt(usuario.twoFactorUltimoPasso, passo))))
    .returning({ id: usuario.id });
  return aceitos.length > 0;
}
