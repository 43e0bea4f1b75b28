import type { LoaderFunctionArgs } from '@remix-run/node';
import { bannerPlaceholder } from '~/modules/catalogo/placeholder';
import { respostaSvg } from '~/modules/catalogo/svg.server';

/** /catalogo/banner.svg?t=<texto>&p=<posição>[&c=<rrggbb>&d=<rrggbb>]: demo banner artwork, in the brand's colours when given. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const cores: [string | null, string | null] = [url.searchParams.get('c'), url.searchParams.get('d')];
  return respostaSvg(bannerPlaceholder(url.searchParams.get('t') ?? '', url.searchParams.get('p') ?? 'home', cores));
}
