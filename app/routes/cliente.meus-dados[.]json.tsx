import type { LoaderFunctionArgs } from '@remix-run/node';
import { exigirLogin } from '~/modules/identidade/guard.server';
import { dadosDoTitular } from '~/modules/privacidade/titular.server';

/** /cliente/meus-dados.json: everything this brand holds about the logged-in client (decision 234). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const u = await exigirLogin(request, context);
  const dados = await dadosDoTitular({ db: context.db, hotsiteId: context.marca.id, usuarioId: u.id, marca: context.marca });
  return new Response(JSON.stringify(dados, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="meus-dados-${dados.geradoEm.slice(0, 10)}.json"`,
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex',
    },
  });
}
