import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import { Campo, type Erros } from '~/components/formulario/campos';
import * as s from '~/components/formulario/formulario.css';
import { botao } from '~/components/layout.css';
import { loginPorHash, MENSAGENS_LOGIN } from '~/modules/identidade/login.server';
import { origemDoContexto, redirecionarLogado } from '~/paginas/paginas.server';
import { lerFormulario } from '~/utils/formulario.server';
import { ErroHttp } from '~/utils/errors';
import { metaDaPagina } from '~/components/meta';
import { z } from 'zod';

export const meta: MetaFunction = ({ matches }) => [...metaDaPagina(matches, 'Acesso por link'), { name: 'robots', content: 'noindex' }];

interface Resposta {
  mensagem: string;
  erros?: Erros;
  /** The link is still good and its user has 2FA: the page asks for the code. */
  pedirCodigo: boolean;
}

/**
 * Logs in through the link, or answers why not. A link never stands in for the second factor: for a
 * user with 2FA the visit only asks for the code (the link is kept), and the form posts it here.
 */
async function entrar({ params, request, context }: LoaderFunctionArgs, entrada: unknown) {
  try {
    const r = await loginPorHash({
      db: context.db,
      hotsiteId: context.marca.id,
      hash: params.hash,
      entrada,
      origem: origemDoContexto(request, context),
      canal: 'pagina',
    });
    return redirecionarLogado(r.roles.some((p) => p.startsWith('Interno - ')) ? '/admin' : '/', r, false);
  } catch (e) {
    if (e instanceof ErroHttp) {
      const pedirCodigo = e.mensagem === MENSAGENS_LOGIN.codigoNecessario;
      return json<Resposta>({ mensagem: e.mensagem, erros: pedirCodigo ? {} : e.detalhes, pedirCodigo }, { status: e.status });
    }
    if (e instanceof z.ZodError) {
      const mensagem = e.issues[0]?.message ?? MENSAGENS_LOGIN.codigoInvalido;
      return json<Resposta>({ mensagem, erros: { twoFactorcode: [mensagem] }, pedirCodigo: true }, { status: 400 });
    }
    throw e;
  }
}

/** Single-use, expiring login link: the first visit logs in; any later visit is refused. */
export const loader = (args: LoaderFunctionArgs) => entrar(args, {});

export async function action(args: ActionFunctionArgs) {
  const form = await lerFormulario(args.request);
  return entrar(args, { twoFactorcode: form.get('twoFactorcode') });
}

export default function AdminAuth() {
  const carregado = useLoaderData<typeof loader>() as Resposta;
  const enviado = useActionData<typeof action>() as Resposta | undefined;
  const { mensagem, erros, pedirCodigo } = enviado ?? carregado;
  return (
    <section className={s.pagina}>
      <div className={s.cartao}>
        <h1>Acesso por link</h1>
        {pedirCodigo ? (
          <Form method="post" noValidate>
            <Aviso tipo={enviado ? 'erro' : 'info'}>{mensagem}</Aviso>
            <Campo
              nome="twoFactorcode"
              rotulo="Código de autenticação (6 dígitos)"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              erros={erros}
              ajuda="Abra o aplicativo autenticador e digite o código exibido."
              obrigatorio
            />
            <button type="submit" className={botao}>
              Entrar
            </button>
          </Form>
        ) : (
          <Aviso tipo="erro">{mensagem}</Aviso>
        )}
      </div>
    </section>
  );
}
