import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import * as s from '~/components/formulario/formulario.css';
import { metaDaPagina } from '~/components/meta';
import { clienteDoUsuario } from '~/modules/identidade/cliente.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { mensagensDoDestinatario } from '~/modules/outbox/outbox.server';
import { getEnv } from '~/utils/env.server';
import { formatarDataHora } from '~/utils/format';
import * as m from './minhas-mensagens.css';

export const meta: MetaFunction = ({ matches }) => [...metaDaPagina(matches, 'Minhas mensagens'), { name: 'robots', content: 'noindex' }];

/**
 * /minhas-mensagens: without SMTP (the demo), the e-mails and SMS this brand sent to the logged-in
 * person's own e-mail and phone, newest first, so a client can confirm their contacts. With SMTP the
 * messages really leave, and a code shown here would confirm an address no one proved to own: 404.
 * Links that log in or reset a password are masked (decision 107).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (getEnv().SMTP_URL) throw new Response(null, { status: 404 });
  const u = (await exigirAcesso(request, context))!;
  const c = await clienteDoUsuario({ db: context.db, hotsiteId: context.marca.id, usuarioId: u.id });
  const mensagens = await mensagensDoDestinatario({
    db: context.db,
    hotsiteId: context.marca.id,
    destinos: [u.email, c?.email, c?.telefone],
  });
  return {
    mensagens: mensagens.map((x) => ({
      uid: x.uid,
      canal: x.canal,
      para: x.para,
      assunto: x.assunto,
      texto: x.texto,
      createdAt: x.createdAt.toISOString(),
    })),
  };
}

export default function MinhasMensagens() {
  const { mensagens } = useLoaderData<typeof loader>();
  return (
    <section className={s.paginaLarga}>
      <h1>Minhas mensagens</h1>
      <p className={s.ajuda}>
        Esta demonstração não envia e-mails nem SMS: o que enviamos para o seu e-mail e o seu telefone fica aqui. Links de acesso e de
        redefinição de senha aparecem como *** (quem os usa está sem login: o responsável pelo servidor os lê com{' '}
        <code>npm run outbox</code>).
      </p>
      {mensagens.length === 0 ? <p>Nenhuma mensagem para você ainda.</p> : null}
      {mensagens.map((x) => (
        <article key={x.uid} className={s.cartao} data-testid="minha-mensagem" data-canal={x.canal}>
          <p className={s.ajuda}>
            {x.canal === 'email' ? 'E-mail' : 'SMS'} para <strong>{x.para}</strong> em {formatarDataHora(x.createdAt)}
          </p>
          {x.assunto ? <h2>{x.assunto}</h2> : null}
          <pre className={m.corpo}>{x.texto}</pre>
        </article>
      ))}
    </section>
  );
}
