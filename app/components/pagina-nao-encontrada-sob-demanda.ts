import { preguicoso } from './preguicoso';

/** The 404/403/error page's body, fetched by the browser only when an error page shows (issue #16). */
export const PaginaNaoEncontradaSobDemanda = preguicoso(() => import('./pagina-nao-encontrada').then((m) => m.PaginaNaoEncontrada));
