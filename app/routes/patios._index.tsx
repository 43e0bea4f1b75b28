import type { MetaFunction } from '@remix-run/node';
import { PaginaNaoEncontrada } from '~/components/pagina-nao-encontrada';
import { PaginaPatios } from '~/paginas/agenda-e-patios';
import type { carregarPatios } from '~/paginas/rotas-site.server';
import { paginas } from '~/locales/pt-BR/paginas';
import { metaDaPagina } from '~/components/meta';

export { carregarPatios as loader } from '~/paginas/rotas-site.server';
export const meta: MetaFunction<typeof carregarPatios> = ({ data, matches }) =>
  metaDaPagina(matches, data?.local ? `${paginas.catalogo.patios_titulo} em ${data.local}` : paginas.catalogo.patios_titulo);
export default PaginaPatios;
export function ErrorBoundary() {
  return <PaginaNaoEncontrada />;
}
