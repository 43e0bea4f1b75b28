import type { LoaderFunctionArgs } from '@remix-run/node';
import { comCoracoes } from '~/paginas/coracoes.server';
import { dadosDoInicio } from '~/modules/catalogo/inicio.server';
import { buscarPagina } from '~/modules/conteudo/content.server';
import { carregarDadosDosBlocos } from '~/modules/conteudo/dados-blocos.server';

/** The home page's data: its content page (blocks and their data) and the brand mode's auctions or listings. */
export async function carregarInicio({ request, context }: LoaderFunctionArgs) {
  const { db, marca } = context;
  const pagina = await buscarPagina({ db, hotsiteId: marca.id, uri: 'pagina-inicial' });
  const [dadosBlocos, inicio] = await Promise.all([
    carregarDadosDosBlocos({ db, busca: context.busca, hotsiteId: marca.id, pagina }),
    dadosDoInicio({ db, busca: context.busca, marca, cache: context.hotsites }),
  ]);
  return comCoracoes({ pagina, nome: marca.nome, dadosBlocos, inicio }, request, context);
}
