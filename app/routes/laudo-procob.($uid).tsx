import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { PaginaLaudoCliente } from '~/paginas/laudo-cliente';
import { acaoLaudoCliente, carregarLaudoCliente } from '~/paginas/laudos-cliente.server';

/** laudo-procob/{uid?} (issue #31): a client's checks with Procob and staff's answers; without a uid, the brand's scrap habilitations. */
export const loader = (args: LoaderFunctionArgs) => carregarLaudoCliente(args, { habilitacoes: false });
export const action = (args: ActionFunctionArgs) => acaoLaudoCliente(args);
export const meta: MetaFunction = () => [{ title: 'Laudo Procob' }, { name: 'robots', content: 'noindex' }];

export default function Pagina() {
  return <PaginaLaudoCliente modo="procob" />;
}
