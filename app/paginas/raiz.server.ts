import type { AppLoadContext } from '@remix-run/node';
import { usuarioDoPedido } from '~/modules/identidade/guard.server';
import { cookieDeAviso } from './paginas.server';

/** What the root loader needs of identity: who is logged in (for the header) and a one-shot notice. */
export async function dadosDeSessaoDaRaiz(request: Request, context: Pick<AppLoadContext, 'db' | 'marca'>) {
  const u = await usuarioDoPedido(request, context);
  const headers = new Headers();
  const bruto = request.headers.get('cookie');
  const aviso: unknown = bruto?.includes('martelo_aviso=') ? await cookieDeAviso.parse(bruto) : null;
  if (aviso) headers.append('Set-Cookie', await cookieDeAviso.serialize('', { maxAge: 0 }));
  return {
    usuario: u ? { id: u.id, nome: u.nome, interno: u.interno } : null,
    aviso: typeof aviso === 'string' ? aviso : null,
    headers,
  };
}
