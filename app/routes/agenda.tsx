import type { MetaFunction } from '@remix-run/node';
import { PaginaAgenda } from '~/paginas/agenda-e-patios';
import { paginas } from '~/locales/pt-BR/paginas';
import { textoDaMarca } from '~/utils/i18n';
import { metaDaPagina } from '~/components/meta';

export { carregarAgenda as loader } from '~/paginas/rotas-site.server';
export const meta: MetaFunction = ({ matches }) => {
  const tipo = (matches.find((m) => m.id === 'root')?.data as { marca?: { tipo: 'leilao' | 'loja' } } | undefined)?.marca?.tipo ?? 'leilao';
  return metaDaPagina(matches, textoDaMarca(tipo, 'catalogo.agenda_titulo', {}, paginas));
};
export default PaginaAgenda;
export { ErroCatalogoSobDemanda as ErrorBoundary } from '~/components/sob-demanda';
