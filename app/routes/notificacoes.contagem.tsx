import type { LoaderFunctionArgs } from '@remix-run/node';
import { exigirLogin } from '~/modules/identidade/guard.server';
import { contarNaoLidas } from '~/modules/notificacoes/fila.server';

/** /notificacoes/contagem: the bell's unread count, fetched after the page is up (the socket keeps it current). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const u = await exigirLogin(request, context);
  const naoLidas = await contarNaoLidas({ db: context.db, hotsiteId: context.marca.id, usuarioId: u.id });
  return Response.json({ naoLidas }, { headers: { 'cache-control': 'private, no-store' } });
}
