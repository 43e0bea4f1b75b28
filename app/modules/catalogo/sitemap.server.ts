import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { hotsitePagina, lote, veiculoTipo } from '@db/schema';
import { listarPatios } from './patios.server';
import { caminhoDoLote, caminhoDoPatio } from './regras';
import { SITUACOES_LISTAVEIS } from '~/modules/dominio/situacoes';
import { PAGINAS_CONTEUDO } from '~/modules/conteudo/paginas-site';
import { restricaoDaVitrine, type RegrasDaVitrine } from '~/modules/dominio/janelas';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const urlset = (urls: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;

/**
 * sitemap.xml of one brand: home, list, agenda, yards, content pages and every listable lot (up to 45,000).
 * A sitemap is read by visitors nobody logged in (search engines), so it lists what such a visitor may
 * open: nothing while the brand requires login to view or is outside its viewing window (every page it
 * would list is `vitrine`), whoever asks for it.
 */
export async function sitemapDaMarca({
  db,
  hotsiteId,
  base,
  prefixo,
  vitrine,
}: {
  db: Db;
  hotsiteId: number;
  base: string;
  prefixo: string;
  vitrine: RegrasDaVitrine;
}) {
  if (restricaoDaVitrine(vitrine, { logado: false, interno: false }) !== null) return urlset([]);
  const [lotes, patios, paginas] = await Promise.all([
    db
      .select({
        id: lote.id,
        nome: lote.nome,
        modelo: lote.modelo,
        marcaNome: lote.marcaNome,
        anoModelo: lote.anoModelo,
        localizacaoCidade: lote.localizacaoCidade,
        localizacaoUf: lote.localizacaoUf,
        tipoNome: veiculoTipo.nome,
        updatedAt: lote.updatedAt,
      })
      .from(lote)
      .innerJoin(veiculoTipo, eq(veiculoTipo.id, lote.veiculoTipoId))
      .where(and(eq(lote.hotsiteId, hotsiteId), inArray(lote.situacao, [...SITUACOES_LISTAVEIS])))
      .orderBy(asc(lote.id))
      .limit(45_000),
    listarPatios({ db, hotsiteId }),
    db
      .select({ uri: hotsitePagina.uri })
      .from(hotsitePagina)
      .where(and(eq(hotsitePagina.hotsiteId, hotsiteId), eq(hotsitePagina.ativo, true), inArray(hotsitePagina.uri, [...PAGINAS_CONTEUDO])))
      .orderBy(asc(hotsitePagina.uri)),
  ]);
  // Only the content pages this brand has (and keeps active): a sitemap must not list a 404.
  const caminhos = ['/', `/${prefixo}`, '/agenda', '/patios', ...paginas.map((p) => `/${p.uri}`), ...patios.map(caminhoDoPatio)];
  const urls = [
    ...caminhos.map((c) => `<url><loc>${esc(base + c)}</loc></url>`),
    ...lotes.map(
      (l) => `<url><loc>${esc(base + caminhoDoLote(prefixo, l))}</loc><lastmod>${l.updatedAt.toISOString().slice(0, 10)}</lastmod></url>`,
    ),
  ];
  return urlset(urls);
}

/** The brand's public address: its canonical link, else its configured base (never the request's Host). */
export function enderecoPublico(linkCanonico: string | null | undefined, urlBase: string) {
  return linkCanonico ? linkCanonico.replace(/\/$/, '') : urlBase;
}
