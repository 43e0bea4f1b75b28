import type { MetaFunction } from '@remix-run/node';
import { PaginaNaoEncontrada } from '~/components/pagina-nao-encontrada';
import { PaginaPatio } from '~/paginas/agenda-e-patios';
import type { carregarPatio } from '~/paginas/rotas-site.server';
import { metaDaPagina } from '~/components/meta';

/** The page's cards: a favourite toggled on one needs no new search. */
export { revalidarCards as shouldRevalidate } from '~/components/catalogo/card-lote';
export { carregarPatio as loader } from '~/paginas/rotas-site.server';
export const meta: MetaFunction<typeof carregarPatio> = ({ data, matches }) =>
  metaDaPagina(matches, data ? `${data.patio.nome} — ${data.patio.cidade}/${data.patio.estadoUf}` : null, data?.patio.explicacaoVisitacao);
export default PaginaPatio;
export function ErrorBoundary() {
  return <PaginaNaoEncontrada />;
}
