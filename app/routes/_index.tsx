import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import type { carregarInicio } from '~/paginas/rota-inicio.server';
import { PaginaInicialSobDemanda as PaginaInicial } from '~/components/sob-demanda';
import { metaDaPagina } from '~/components/meta';

export { carregarInicio as loader } from '~/paginas/rota-inicio.server';
/** The page's cards: a favourite toggled on one needs no new search. */
export { revalidarCards as shouldRevalidate } from '~/components/catalogo/card-lote';

export const meta: MetaFunction<typeof carregarInicio> = ({ data, matches }) =>
  metaDaPagina(matches, data?.pagina?.tituloPagina, data?.pagina?.descricaoPagina);

/** The body comes on demand: every page's HTML names this module (components/sob-demanda.ts). */
export default function Inicio() {
  const { pagina, nome, dadosBlocos, inicio } = useLoaderData<typeof carregarInicio>();
  return <PaginaInicial pagina={pagina} nome={nome} dadosBlocos={dadosBlocos} inicio={inicio} />;
}
