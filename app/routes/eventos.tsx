import type { LoaderFunctionArgs } from '@remix-run/node';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { menuDoUsuario } from '~/modules/backoffice/menu';

/**
 * /eventos/* (exclusive events, issue #32): staff screens outside /admin in the spec's paths, in the
 * same staff shell (any internal role gets the shell; each screen's own rule decides the screen).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const usuario = (await exigirAcesso(request, context))!;
  return { nome: usuario.nome, menu: menuDoUsuario(usuario.papeis) };
}

export { default, handle, meta } from './admin';
