import { createCookie, json, redirect, type AppLoadContext } from '@remix-run/node';
import { caminhoDeVolta } from '~/utils/voltar';
import { z } from 'zod';
import { getEnv } from '~/utils/env.server';
import { ErroHttp, errosPorCampo } from '~/utils/errors';
import { cookieDeLogin } from '~/utils/cookie-de-sessao.server';

/**
 * Page plumbing of identity: form errors as data (status kept), a one-shot notice cookie for
 * "Login efetuado com sucesso" after a redirect, and the same-site return target.
 */
export function comoErroDeFormulario(erro: unknown, valores: Record<string, unknown> = {}) {
  if (erro instanceof ErroHttp)
    return json({ ok: false as const, mensagem: erro.mensagem, erros: erro.detalhes ?? {}, valores }, { status: erro.status });
  if (erro instanceof z.ZodError)
    return json({ ok: false as const, mensagem: 'Confira os campos destacados', erros: errosPorCampo(erro), valores }, { status: 400 });
  throw erro;
}

const env = getEnv();
export const cookieDeAviso = createCookie('martelo_aviso', {
  httpOnly: true,
  sameSite: 'lax',
  path: '/',
  maxAge: 60,
  secure: env.NODE_ENV === 'production',
  secrets: [env.SESSION_SECRET],
});

/** Only a path of this site: '/x?y' yes; '//evil.com', '/\\evil.com', 'https://...' no. */
export function destinoSeguro(valor: unknown, padrao = '/'): string {
  return caminhoDeVolta(valor, padrao);
}

export async function redirecionarLogado(
  destino: string,
  sessao: { token: string; expiraEm: Date },
  manterLogado: boolean,
  aviso = 'Login efetuado com sucesso',
) {
  const headers = new Headers();
  headers.append('Set-Cookie', await cookieDeLogin(sessao.token, sessao.expiraEm, manterLogado));
  headers.append('Set-Cookie', await cookieDeAviso.serialize(aviso));
  return redirect(destino, { headers });
}

export async function redirecionarComAviso(destino: string, aviso: string, headers: Headers = new Headers()) {
  headers.append('Set-Cookie', await cookieDeAviso.serialize(aviso));
  return redirect(destino, { headers });
}

export const origemDoContexto = (request: Request, context: Pick<AppLoadContext, 'ip'>) => ({
  ip: context.ip,
  userAgent: request.headers.get('user-agent'),
});
