import { preguicoso } from './preguicoso';

/**
 * The components whose code the browser fetches only when a page renders them (issue #16; decisions
 * 083 and 089). One module, so the shell, the lists and the home page share one small chunk of them
 * and preguicoso.tsx instead of a chunk each.
 */

/** The 404/403/error page's body: most visits never show one. */
export const PaginaNaoEncontradaSobDemanda = preguicoso(() => import('./pagina-nao-encontrada').then((m) => m.PaginaNaoEncontrada));

/** The habilitation box with its spacing, shown only on an auction's list (`?leilao=<id>`). */
export const CaixaDeHabilitacaoNaPaginaSobDemanda = preguicoso(() =>
  import('./habilitacao/caixa-de-habilitacao').then((m) => m.CaixaDeHabilitacaoNaPagina),
);

/** The error boundary of the catalogue's routes (a bad filter, a lot that does not exist). */
export const ErroCatalogoSobDemanda = preguicoso(() => import('./catalogo/erro-catalogo').then((m) => m.ErroCatalogo));

/**
 * The home page's body (blocks, auctions, listings): every page's HTML names the home route's module
 * and its chunks (the initial manifest always holds the routes that match `/`), so that module stays
 * tiny and the body comes when the home page renders.
 */
export const PaginaInicialSobDemanda = preguicoso(() => import('./catalogo/pagina-inicial').then((m) => m.PaginaInicial));
