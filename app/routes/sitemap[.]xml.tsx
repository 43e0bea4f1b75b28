import { textoDaMarca } from '~/utils/i18n';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { enderecoPublico, sitemapDaMarca } from '~/modules/catalogo/sitemap.server';

export async function loader({ context: { db, marca, urlBase } }: LoaderFunctionArgs) {
  const xml = await sitemapDaMarca({
    db,
    hotsiteId: marca.id,
    base: enderecoPublico(marca.linkCanonico, urlBase),
    prefixo: textoDaMarca(marca.tipo, 'caminho_lista'),
    vitrine: marca,
  });
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
