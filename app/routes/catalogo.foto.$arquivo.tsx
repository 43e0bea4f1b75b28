import type { LoaderFunctionArgs } from '@remix-run/node';
import { fotoPlaceholder } from '~/modules/catalogo/placeholder';
import { respostaSvg } from '~/modules/catalogo/svg.server';

/** /catalogo/foto/<tipo>.svg?cor=<cor>&n=<n>: placeholder lot photos. */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const tipo = /^([a-z]+)\.svg$/.exec(params.arquivo ?? '')?.[1] ?? '';
  const url = new URL(request.url);
  const svg = fotoPlaceholder(tipo, url.searchParams.get('cor') ?? 'cinza', Number(url.searchParams.get('n')) || 1);
  if (!svg) throw new Response('Foto não encontrada', { status: 404 });
  return respostaSvg(svg);
}
