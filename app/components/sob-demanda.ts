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

/**
 * The list page's filter column (decision 091): its links and ranges form work as plain HTML, so the
 * browser fetches its code when the visitor points at, touches or focuses the column (or the phone's
 * "Filtros" button), or when the page navigates; until then the server's HTML stands unhydrated.
 */
export const FiltrosDaListaSobDemanda = preguicoso(() => import('./catalogo/filtros-lista').then((m) => m.FiltrosDaLista), {
  aoInteragir: '[data-sob-demanda="filtros"]',
});

/**
 * The shell's header and footer (decision 091): links, native disclosures (`<details>`) and a plain
 * logout form, all working without JavaScript; their code comes when the visitor reaches for them
 * or the page navigates.
 */
export const CabecalhoSobDemanda = preguicoso(() => import('./cabecalho').then((m) => m.Cabecalho), {
  aoInteragir: '[data-sob-demanda="cabecalho"]',
});
export const RodapeSobDemanda = preguicoso(() => import('./rodape').then((m) => m.Rodape), {
  aoInteragir: '[data-sob-demanda="rodape"]',
});
