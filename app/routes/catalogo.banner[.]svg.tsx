import type { LoaderFunctionArgs } from '@remix-run/node';
import { bannerPlaceholder } from '~/modules/catalogo/placeholder';
import { respostaSvg } from '~/modules/catalogo/svg.server';

/** /catalogo/banner.svg?t=<texto>&p=<posição>: demo banner artwork. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return respostaSvg(bannerPlaceholder(url.searchParams.get('t') ?? '', url.searchParams.get('p') ?? 'home'));
}
