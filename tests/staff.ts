import { randomUUID } from 'node:crypto';
import type { Db } from '@db/client.server';
import { usuario, usuarioPapel } from '@db/schema';
import { cookieDeLogin } from '~/utils/cookie-de-sessao.server';
import { criarSessao } from '~/modules/identidade/sessions.server';

/**
 * A staff user with the given roles, logged in on one brand's site: its bearer token (API) and its
 * session cookie "name=value" (pages), as the identity issue's login would give them.
 * `twoFactorObrigatorio`: the account requires 2FA and has not enrolled (a session that may only enrol).
 */
export async function entrarComoStaff(db: Db, papeis: string[], { hotsiteId = 1, nome = 'Operador', twoFactorObrigatorio = false } = {}) {
  const [u] = await db
    .insert(usuario)
    .values({ email: `staff-${randomUUID()}@martelo.test`, nome, twoFactorObrigatorio })
    .returning();
  if (papeis.length) await db.insert(usuarioPapel).values(papeis.map((papel) => ({ usuarioId: u.id, papel })));
  const { token, expiraEm } = await criarSessao({ db, usuarioId: u.id, hotsiteId });
  const cookie = (await cookieDeLogin(token, expiraEm, false)).split(';')[0];
  return { id: u.id, email: u.email, token, cookie, bearer: { authorization: `Bearer ${token}` } };
}
