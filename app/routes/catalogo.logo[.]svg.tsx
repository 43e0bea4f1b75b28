import type { LoaderFunctionArgs } from '@remix-run/node';
import { logoPlaceholder } from '~/modules/catalogo/placeholder';
import { respostaSvg } from '~/modules/catalogo/svg.server';

/** /catalogo/logo.svg?t=<iniciais>&c=<n>: committent logo placeholder. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return respostaSvg(logoPlaceholder(url.searchParams.get('t') ?? '?', Number(url.searchParams.get('c')) || 0));
}
