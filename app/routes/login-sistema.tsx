import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { FormularioLogin } from '~/components/identidade/formulario-login';
import { acaoDeLogin } from '~/paginas/acao-login.server';
import { metaDaPagina } from '~/components/meta';

/** Staff login: only users holding an internal role get in. */
export const meta: MetaFunction = ({ matches }) => [...metaDaPagina(matches, 'Acesso ao sistema'), { name: 'robots', content: 'noindex' }];

export const action = (args: ActionFunctionArgs) => acaoDeLogin(args, { sistema: true });

export default function LoginSistema() {
  return <FormularioLogin titulo="Acesso ao sistema" sistema />;
}
