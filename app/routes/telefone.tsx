import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { ConfirmarContato } from '~/components/identidade/confirmar-contato';
import { acaoContato, carregarContato } from '~/paginas/confirmar-contato.server';
import { metaDaPagina } from '~/components/meta';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Confirmar telefone');
export const loader = (args: LoaderFunctionArgs) => carregarContato(args, 'telefone');
export const action = (args: ActionFunctionArgs) => acaoContato(args, 'telefone');

export default function Pagina() {
  return <ConfirmarContato titulo="Confirmar telefone" tipo="telefone" />;
}
