import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { PaginaLaudoCliente } from '~/paginas/laudo-cliente';
import { acaoLaudoCliente, carregarLaudoCliente } from '~/paginas/laudos-cliente.server';

/** laudo-habilitacoes/{uid?} (issue #31): a client's auction and scrap habilitations with the checks behind them. */
export const loader = (args: LoaderFunctionArgs) => carregarLaudoCliente(args, { habilitacoes: true });
export const action = (args: ActionFunctionArgs) => acaoLaudoCliente(args);
export const meta: MetaFunction = () => [{ title: 'Laudo de habilitações' }, { name: 'robots', content: 'noindex' }];

export default function Pagina() {
  return <PaginaLaudoCliente modo="habilitacoes" />;
}
