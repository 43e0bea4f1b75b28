import { createCookie } from '@remix-run/node';
import { getEnv } from './env.server';

/**
 * The signed, httpOnly session cookie (plumbing: the guard in app/modules/identidade reads it through
 * `tokenDoPedido`, the page layer sets and clears it). Its value is the session token.
 */
const env = getEnv();
export const cookieDeSessao = createCookie('martelo_sessao', {
  httpOnly: true,
  sameSite: 'lax',
  path: '/',
  secure: env.NODE_ENV === 'production',
  secrets: [env.SESSION_SECRET],
});

/** Set-Cookie value for a fresh session; `manterLogado` keeps it across browser restarts. */
export function cookieDeLogin(token: string, expiraEm: Date, manterLogado: boolean) {
  return cookieDeSessao.serialize(token, manterLogado ? { expires: expiraEm } : {});
}
export const cookieDeLogout = () => cookieDeSessao.serialize('', { maxAge: 0 });
