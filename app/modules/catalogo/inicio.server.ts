import type { Db } from '@db/client.server';
import type { Marca } from '~/modules/hotsites/hotsite.schema';
import { buscarLotes, type ServicoDeBusca } from './busca.server';
import { bannersAtivos, type CacheDaMarca } from '~/modules/conteudo/banners.server';
import { destaquesPaginaInicial } from './leiloes.server';

/**
 * Home data per site mode (spec: each mode loads different home data): the auction site shows the
 * active auctions with their highlighted lots and the banners in their positions; the dealer shop
 * and the automatic-offer mode show listings (the latter adds the visitor's proposals, kept on the device).
 */
export async function dadosDoInicio({
  db,
  busca,
  marca,
  cache,
}: {
  db: Db;
  busca: ServicoDeBusca;
  marca: Pick<Marca, 'id' | 'modoSite'>;
  cache?: CacheDaMarca;
}) {
  const hotsiteId = marca.id;
  const banners = await bannersAtivos({ db, hotsiteId, cache });
  const porPosicao = (p: string) => banners.filter((b) => b.posicaoBannerUid === p);
  const bannersDoInicio = { home: porPosicao('home'), entreLeiloes: porPosicao('entre-leiloes'), cabecalho: porPosicao('cabecalho') };
  if (marca.modoSite === 'leilao') {
    const { leiloes } = await destaquesPaginaInicial({ db, busca, hotsiteId, leiloesMax: 4, lotesPorLeilao: 4 });
    return { modo: 'leilao' as const, banners: bannersDoInicio, leiloes, anuncios: [] };
  }
  const { lotes } = await buscarLotes({
    db,
    busca,
    hotsiteId,
    ordenacao: [
      { campo: 'prioridade', tipoOrdenacao: 'desc' },
      { campo: 'dataFim', tipoOrdenacao: 'asc' },
    ],
    tamanho: 12,
  });
  return { modo: marca.modoSite, banners: bannersDoInicio, leiloes: [], anuncios: lotes };
}
