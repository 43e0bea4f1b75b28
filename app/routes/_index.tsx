import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ELEMENTOS_LARGURA_TOTAL } from '~/components/blocks';
import { PaginaDeBlocos } from '~/components/blocks/pagina-de-blocos';
import { InicioPorModo, type DadosInicio } from '~/components/catalogo/inicio-por-modo';
import { container } from '~/components/layout.css';
import { comCoracoes } from '~/paginas/coracoes.server';
import { dadosDoInicio } from '~/modules/catalogo/inicio.server';
import { buscarPagina } from '~/modules/conteudo/content.server';
import { carregarDadosDosBlocos } from '~/modules/conteudo/dados-blocos.server';
import { metaDaPagina } from '~/components/meta';

/** The page's cards: a favourite toggled on one needs no new search. */
export { revalidarCards as shouldRevalidate } from '~/components/catalogo/favorito-card';
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, marca } = context;
  const pagina = await buscarPagina({ db, hotsiteId: marca.id, uri: 'pagina-inicial' });
  const [dadosBlocos, inicio] = await Promise.all([
    carregarDadosDosBlocos({ db, busca: context.busca, hotsiteId: marca.id, pagina }),
    dadosDoInicio({ db, busca: context.busca, marca, cache: context.hotsites }),
  ]);
  return comCoracoes({ pagina, nome: marca.nome, dadosBlocos, inicio }, request, context);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  metaDaPagina(matches, data?.pagina?.tituloPagina, data?.pagina?.descricaoPagina);

export default function Inicio() {
  const { pagina, nome, dadosBlocos, inicio } = useLoaderData<typeof loader>();
  const modo = <InicioPorModo dados={inicio as unknown as DadosInicio} />;
  if (!pagina) {
    return (
      <>
        <section className={container}>
          <h1>{nome}</h1>
        </section>
        {modo}
      </>
    );
  }
  // The mode's data (auctions, listings) sits right after the page's leading full-width blocks.
  const corte = pagina.sessoes.findIndex((s) => !ELEMENTOS_LARGURA_TOTAL.has(s.elemento));
  const n = corte < 0 ? pagina.sessoes.length : corte;
  return (
    <>
      <PaginaDeBlocos pagina={{ ...pagina, sessoes: pagina.sessoes.slice(0, n) }} dados={dadosBlocos} />
      {modo}
      <PaginaDeBlocos pagina={{ ...pagina, sessoes: pagina.sessoes.slice(n) }} dados={dadosBlocos} />
    </>
  );
}
