import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PaginaDeBlocos } from '~/components/blocks/pagina-de-blocos';
import { PaginaNaoEncontrada } from '~/components/pagina-nao-encontrada';
import { common } from '~/locales/pt-BR/common';
import { buscarPagina } from '~/modules/conteudo/content.server';
import { comCoracoes } from '~/paginas/coracoes.server';
import { carregarDadosDosBlocos } from '~/paginas/dados-blocos.server';
import { ALIASES_CONTEUDO } from '~/modules/conteudo/paginas-site';
import { metaDaPagina } from '~/components/meta';
import { visualmenteOculto } from '~/components/layout.css';

/**
 * A brand's content page by its uri (/como-funciona, /quem-somos, /fale-conosco, or any page the owner
 * built), rendered from its content blocks with their live data. Aliases (sobre, sobre-nos, ...)
 * redirect to their page; routes with their own screen (/login, /agenda...) win over this one; an
 * unknown or inactive page is the brand's 404.
 */
/** The page's cards: a favourite toggled on one needs no new search. */
export { revalidarCards as shouldRevalidate } from '~/components/catalogo/card-lote';
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { db, marca } = context;
  const uri = params.pagina ?? '';
  if (uri === 'pagina-inicial') throw redirect('/', 301);
  if (ALIASES_CONTEUDO[uri]) throw redirect(`/${ALIASES_CONTEUDO[uri]}`, 301);
  const pagina = /^[a-z0-9-]{1,80}$/.test(uri) ? await buscarPagina({ db, hotsiteId: marca.id, uri }) : null;
  if (!pagina) throw new Response(null, { status: 404, statusText: 'Not Found' });
  return comCoracoes(
    { pagina, dados: await carregarDadosDosBlocos({ db, busca: context.busca, hotsiteId: marca.id, pagina }) },
    request,
    context,
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? metaDaPagina(matches, data.pagina.tituloPagina ?? data.pagina.titulo, data.pagina.descricaoPagina ?? data.pagina.descricao)
    : metaDaPagina(matches, common.nao_encontrado.titulo);

export default function PaginaDeConteudo() {
  const { pagina, dados } = useLoaderData<typeof loader>();
  // A page whose first block is not a banner (the banner's first slide is the h1) still needs its title as the h1.
  const temH1 = pagina.sessoes.some((s) => s.elemento === 'banner-carrossel');
  return (
    <>
      {temH1 ? null : <h1 className={visualmenteOculto}>{pagina.titulo}</h1>}
      <PaginaDeBlocos pagina={pagina} dados={dados} />
    </>
  );
}

export function ErrorBoundary() {
  return <PaginaNaoEncontrada />;
}
