import type { LoaderFunctionArgs } from '@remix-run/node';
import { exigirLogin } from '~/modules/identidade/guard.server';
import { pdfDosDados } from '~/modules/privacidade/pdf-dos-dados.server';
import { dadosDoTitular } from '~/modules/privacidade/titular.server';

/** /cliente/meus-dados.pdf: the same export as the JSON, laid out to be read (decision 234). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const u = await exigirLogin(request, context);
  const dados = await dadosDoTitular({ db: context.db, hotsiteId: context.marca.id, usuarioId: u.id, marca: context.marca });
  const pdf = await pdfDosDados(dados);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="meus-dados-${dados.geradoEm.slice(0, 10)}.pdf"`,
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex',
    },
  });
}
