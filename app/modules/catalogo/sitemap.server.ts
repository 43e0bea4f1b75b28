import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { hotsitePagina, lote, veiculoTipo } from '@db/schema';
import { listarPatios } from './patios.server';
import { SITUACOES_LISTAVEIS, caminhoDoLote, caminhoDoPatio } from './regras';
import { PAGINAS_CONTEUDO } from '~/modules/conteudo/paginas-site';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** sitemap.xml of one brand: home, list, agenda, yards, content pages and every listable lot (up to 45,000). */
export async function sitemapDaMarca({ db, hotsiteId, base, prefixo }: { db: Db; hotsiteId: number; base: string; prefixo: string }) {
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
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** The brand's public address: its canonical link, else its configured base (never the request's Host). */
export function enderecoPublico(linkCanonico: string | null | undefined, urlBase: string) {
  return linkCanonico ? linkCanonico.replace(/\/$/, '') : urlBase;
}
