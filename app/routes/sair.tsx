import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form } from '@remix-run/react';
import { botao } from '~/components/layout.css';
import * as s from '~/components/formulario/formulario.css';
import { tokenDoPedido } from '~/modules/identidade/guard.server';
import { cookieDeLogout } from '~/utils/cookie-de-sessao.server';
import { efetuarLogout } from '~/modules/identidade/login.server';
import { redirecionarComAviso } from '~/paginas/paginas.server';
import { metaDaPagina } from '~/components/meta';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Sair');

/** Logout is a POST (a link on another site cannot log the user out); GET shows the button. */
export async function action({ request, context }: ActionFunctionArgs) {
  await efetuarLogout({ db: context.db, hub: context.hub, hotsiteId: context.marca.id, token: await tokenDoPedido(request) });
  const headers = new Headers({ 'Set-Cookie': await cookieDeLogout() });
  const inatividade = new URL(request.url).searchParams.has('inatividade');
  return redirecionarComAviso('/', inatividade ? 'Sua sessão foi encerrada por inatividade' : 'Você saiu da sua conta', headers);
}

export default function Sair() {
  return (
    <section className={s.pagina}>
      <div className={s.cartao}>
        <h1>Sair</h1>
        <p>Deseja encerrar sua sessão?</p>
        <Form method="post">
          <button type="submit" className={botao}>
            Sair
          </button>
        </Form>
      </div>
    </section>
  );
}
