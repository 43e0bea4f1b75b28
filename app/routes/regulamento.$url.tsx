/** /regulamento/{url}: an auction's rules link; the brand's regulation page answers it. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { loader as carregar } from './$pagina';
export { meta, default, ErrorBoundary } from './$pagina';
export const loader = (args: LoaderFunctionArgs) => carregar({ ...args, params: { pagina: 'regulamento' } });
