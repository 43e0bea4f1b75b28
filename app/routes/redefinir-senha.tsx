import { lerFormulario } from '~/utils/formulario.server';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import { Campo, type Erros } from '~/components/formulario/campos';
import * as s from '~/components/formulario/formulario.css';
import { botao } from '~/components/layout.css';
import { pedirRedefinicaoSenha, redefinirSenha } from '~/modules/identidade/confirmacao.server';
import { comoErroDeFormulario, origemDoContexto, redirecionarComAviso } from '~/paginas/paginas.server';
import { metaDaPagina } from '~/components/meta';

export const meta: MetaFunction = ({ matches }) => [...metaDaPagina(matches, 'Redefinir senha'), { name: 'robots', content: 'noindex' }];

/** Without a token: ask for the e-mailed link. With ?token=: choose the new password (single use). */
export function loader({ request }: LoaderFunctionArgs) {
  return { token: new URL(request.url).searchParams.get('token') };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await lerFormulario(request);
  const email = String(form.get('email') ?? '');
  try {
    if (form.has('token')) {
      const r = await redefinirSenha({
        db: context.db,
        hub: context.hub,
        hotsiteId: context.marca.id,
        token: form.get('token'),
        senha: form.get('senha'),
        confirmarSenha: form.get('confirmarSenha'),
      });
      return redirecionarComAviso('/login', r.mensagem);
    }
    const r = await pedirRedefinicaoSenha({
      db: context.db,
      hotsiteId: context.marca.id,
      email,
      urlBase: context.urlBase,
      nomeMarca: context.marca.nome,
      ip: origemDoContexto(request, context).ip,
    });
    return { ok: true as const, mensagem: r.mensagem, erros: {}, valores: {} };
  } catch (e) {
    return comoErroDeFormulario(e, { email });
  }
}

export default function RedefinirSenha() {
  const { token } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as { ok: boolean; mensagem: string; erros: Erros; valores: { email?: string } } | undefined;
  return (
    <section className={s.pagina}>
      <div className={s.cartao}>
        <h1>Redefinir senha</h1>
        {r ? (
          <Aviso tipo={r.ok ? 'sucesso' : 'erro'} testId="redefinir-resposta">
            {r.mensagem}
          </Aviso>
        ) : null}
        {token ? (
          <Form method="post" noValidate>
            <input type="hidden" name="token" value={token} />
            <Campo nome="senha" rotulo="Nova senha" tipo="password" autoComplete="new-password" erros={r?.erros} obrigatorio />
            <Campo
              nome="confirmarSenha"
              rotulo="Confirme a nova senha"
              tipo="password"
              autoComplete="new-password"
              erros={r?.erros}
              obrigatorio
            />
            <button type="submit" className={botao}>
              Salvar nova senha
            </button>
          </Form>
        ) : r?.ok ? (
          <Link to="/login">Voltar para o login</Link>
        ) : (
          <Form method="post" noValidate>
            <p>Informe o e-mail do seu cadastro. Enviaremos um link para você criar uma nova senha.</p>
            <Campo nome="email" rotulo="E-mail" tipo="email" valor={r?.valores.email} erros={r?.erros} obrigatorio />
            <button type="submit" className={botao}>
              Enviar link
            </button>
          </Form>
        )}
      </div>
    </section>
  );
}
