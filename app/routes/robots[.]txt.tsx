import type { LoaderFunctionArgs } from '@remix-run/node';
import { enderecoPublico } from '~/modules/catalogo/sitemap.server';

/** Staff and customer areas are not for search engines; filter combinations of the list neither. */
export async function loader({ context: { marca, urlBase } }: LoaderFunctionArgs) {
  const base = enderecoPublico(marca.linkCanonico, urlBase);
  const texto = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /cliente',
    'Disallow: /v1/',
    'Disallow: /v2/',
    'Disallow: /*?*pagina=',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(texto, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
