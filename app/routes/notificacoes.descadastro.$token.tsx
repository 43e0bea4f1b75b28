import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import { botao, container } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { descadastrarEmail, lerTokenDeDescadastro } from '~/modules/notificacoes/descadastro.server';
import { textoDaNotificacao, textoDeNotificacoes } from '~/modules/notificacoes/texto';
import { getEnv } from '~/utils/env.server';
import { lerFormulario } from '~/utils/formulario.server';

/**
 * /notificacoes/descadastro/{token}: the unsubscribe link of every notification e-mail (RFC 8058). GET
 * asks (a mail scanner that follows links changes nothing); POST unsubscribes, from this page's button or
 * from the mail client's one-click `List-Unsubscribe=One-Click`. No login: the signed token names the
 * person, the brand and the event, and nothing else can be changed with it (decision 182).
 */
function lerToken(token: string | undefined, hotsiteId: number) {
  const lido = lerTokenDeDescadastro(getEnv().SESSION_SECRET, token ?? '', hotsiteId);
  if (!lido) throw new Response(textoDeNotificacoes('leilao', 'descadastro_invalido'), { status: 404 });
  return lido;
}

export const meta: MetaFunction = ({ matches }) => [...metaDaPagina(matches, 'Cancelar e-mails'), { name: 'robots', content: 'noindex' }];

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { evento } = lerToken(params.token, context.marca.id);
  const nome = textoDaNotificacao(context.marca.tipo, { evento, dados: {} }).titulo;
  return { pergunta: textoDeNotificacoes(context.marca.tipo, 'descadastro_pergunta', { evento: nome }) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { usuarioId, evento } = lerToken(params.token, context.marca.id);
  await lerFormulario(request);
  await descadastrarEmail({ db: context.db, hotsiteId: context.marca.id, usuarioId, evento });
  const nome = textoDaNotificacao(context.marca.tipo, { evento, dados: {} }).titulo;
  return { feito: textoDeNotificacoes(context.marca.tipo, 'descadastro_feito', { evento: nome }) };
}

export default function Descadastro() {
  const { pergunta } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>();
  return (
    <section className={container} style={{ paddingBlock: 32, maxWidth: 620 }}>
      <h1>Cancelar e-mails</h1>
      {r?.feito ? (
        <Aviso tipo="sucesso" testId="descadastro-feito">
          {r.feito}
        </Aviso>
      ) : (
        <Form method="post">
          <p>{pergunta}</p>
          <input type="hidden" name="List-Unsubscribe" value="One-Click" />
          <button type="submit" className={botao} data-testid="descadastro-confirmar">
            Cancelar estes e-mails
          </button>
        </Form>
      )}
    </section>
  );
}
