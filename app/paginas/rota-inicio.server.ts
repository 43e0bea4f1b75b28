import type { LoaderFunctionArgs } from '@remix-run/node';
import { comCoracoes } from '~/paginas/coracoes.server';
import { dadosDoInicio } from '~/modules/catalogo/inicio.server';
import type { buscarLotes } from '~/modules/catalogo/busca.server';
import type { destaquesPaginaInicial } from '~/modules/catalogo/leiloes.server';
import { buscarPagina } from '~/modules/conteudo/content.server';
import { carregarDadosDosBlocos } from './dados-blocos.server';

/** The home page's data: its content page (blocks and their data) and the brand mode's auctions or listings. */
export async function carregarInicio({ request, context }: LoaderFunctionArgs) {
  const { db, marca } = context;
  const pagina = await buscarPagina({ db, hotsiteId: marca.id, uri: 'pagina-inicial' });
  const [dadosBlocos, doModo] = await Promise.all([
    carregarDadosDosBlocos({ db, busca: context.busca, hotsiteId: marca.id, pagina }),
    dadosDoInicio({ db, busca: context.busca, marca, cache: context.hotsites }),
  ]);
  // Each mode leaves the other's list empty: both typed as what the page shows either way.
  const anuncios: Awaited<ReturnType<typeof buscarLotes>>['lotes'] = doModo.anuncios;
  const leiloes: Awaited<ReturnType<typeof destaquesPaginaInicial>>['leiloes'] = doModo.leiloes;
  const inicio = { ...doModo, anuncios, leiloes };
  return comCoracoes({ pagina, nome: marca.nome, dadosBlocos, inicio }, request, context);
}
