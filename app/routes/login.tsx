import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { FormularioLogin } from '~/components/identidade/formulario-login';
import { acaoDeLogin } from '~/paginas/acao-login.server';
import { usuarioDoPedido } from '~/modules/identidade/guard.server';
import { destinoSeguro } from '~/paginas/paginas.server';
import { metaDaPagina } from '~/components/meta';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Entrar');

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Already logged in: go where the guard wanted to send the user.
  const u = await usuarioDoPedido(request, context);
  if (u) throw redirect(destinoSeguro(new URL(request.url).searchParams.get('redirectTo'), u.interno ? '/admin' : '/'));
  return null;
}

export const action = (args: ActionFunctionArgs) => acaoDeLogin(args, { sistema: false });

export default function Login() {
  return <FormularioLogin titulo="Entrar" />;
}
