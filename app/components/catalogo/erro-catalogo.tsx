import { isRouteErrorResponse, useRouteError } from '@remix-run/react';
import { PaginaNaoEncontrada } from '../pagina-nao-encontrada';
import { container } from '../layout.css';

/** 404 page, or the pt-BR message of a bad filter/query value (400). Fetched on demand (sob-demanda.ts). */
export function ErroCatalogo() {
  const erro = useRouteError();
  if (isRouteErrorResponse(erro) && erro.status === 400) {
    return (
      <section className={container} data-testid="pagina-400">
        <h1>Filtro inválido</h1>
        <p>{typeof erro.data === 'string' ? erro.data : 'Revise os filtros da busca.'}</p>
      </section>
    );
  }
  return <PaginaNaoEncontrada erro={isRouteErrorResponse(erro) ? erro.status >= 500 : true} />;
}
