import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { comitente, lote } from '@db/schema';
import type { PaginaPublica } from '~/modules/conteudo/content.server';
import { buscarLotes, type ServicoDeBusca } from '~/modules/catalogo/busca.server';
import { CATEGORIAS_VEICULO } from '@db/schema/catalogo';
import { listarLeiloesSite, destaquesPaginaInicial } from '~/modules/catalogo/leiloes.server';
import { tabelaDeFrete } from '~/modules/catalogo/lote.server';
import { listarPatios } from '~/modules/catalogo/patios.server';
import { SITUACOES_LISTAVEIS } from '~/modules/dominio/situacoes';

/**
 * Data for the data-driven content blocks, loaded on the server by the page's loader:
 * sessao uid → whatever that kind's renderer reads. Kinds without data are left out.
 */
type Carregador = (args: {
  db: Db;
  busca: ServicoDeBusca;
  hotsiteId: number;
  sessao: PaginaPublica['sessoes'][number];
}) => Promise<unknown>;

const listaveis = (hotsiteId: number) => and(eq(lote.hotsiteId, hotsiteId), inArray(lote.situacao, [...SITUACOES_LISTAVEIS]));

const CARREGADORES: Record<string, Carregador> = {
  'lotes-destaque': async ({ db, busca, hotsiteId }) => {
    const { lotes } = await buscarLotes({ db, busca, hotsiteId, filtros: { destaque: true }, tamanho: 8 });
    return lotes.length
      ? lotes
      : (await buscarLotes({ db, busca, hotsiteId, ordenacao: [{ campo: 'prioridade', tipoOrdenacao: 'desc' }], tamanho: 8 })).lotes;
  },
  // The category is the first item's title (or the section name), e.g. "Moto".
  'lotes-categoria': async ({ db, busca, hotsiteId, sessao }) => {
    const nome = sessao.itens[0]?.titulo ?? sessao.nome;
    const categoria = CATEGORIAS_VEICULO.find((c) => c.toLowerCase() === nome.toLowerCase());
    if (!categoria) return { categoria: null, lotes: [] };
    return { categoria, lotes: (await buscarLotes({ db, busca, hotsiteId, filtros: { categoria: [categoria] }, tamanho: 8 })).lotes };
  },
  'leiloes-ativos': async ({ db, busca, hotsiteId }) =>
    (await destaquesPaginaInicial({ db, busca, hotsiteId, leiloesMax: 3, lotesPorLeilao: 4 })).leiloes,
  agenda: async ({ db, hotsiteId }) => (await listarLeiloesSite({ db, hotsiteId })).slice(0, 8),
  'mapa-patios': async ({ db, hotsiteId }) => listarPatios({ db, hotsiteId }),
  'tabela-frete': async ({ db }) => tabelaDeFrete({ db }),
  'logos-comitentes': async ({ db, hotsiteId }) =>
    db
      .select({ nome: comitente.nomeSite, logomarcaUrl: comitente.logomarcaUrl })
      .from(comitente)
      .where(and(eq(comitente.hotsiteId, hotsiteId), eq(comitente.ativo, true))),
  categorias: async ({ db, hotsiteId }) =>
    db
      .select({ valor: lote.categoria, quantidade: sql<number>`count(*)::int` })
      .from(lote)
      .where(listaveis(hotsiteId))
      .groupBy(lote.categoria)
      .orderBy(sql`2 desc`),
  marcas: async ({ db, hotsiteId }) =>
    db
      .select({ valor: sql<string>`${lote.marcaNome}`, quantidade: sql<number>`count(*)::int` })
      .from(lote)
      .where(and(listaveis(hotsiteId), sql`${lote.marcaNome} is not null`))
      .groupBy(lote.marcaNome)
      .orderBy(sql`2 desc`)
      .limit(16),
};

export async function carregarDadosDosBlocos({
  db,
  busca,
  hotsiteId,
  pagina,
}: {
  db: Db;
  busca: ServicoDeBusca;
  hotsiteId: number;
  pagina: Pick<PaginaPublica, 'sessoes'> | null;
}): Promise<Record<string, unknown>> {
  if (!pagina) return {};
  const pares = await Promise.all(
    pagina.sessoes
      .filter((s) => CARREGADORES[s.elemento])
      .map(async (sessao) => [sessao.uid, await CARREGADORES[sessao.elemento]({ db, busca, hotsiteId, sessao })] as const),
  );
  return Object.fromEntries(pares);
}
