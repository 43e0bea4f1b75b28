import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import * as s from '~/components/identidade/formulario.css';
import { exigirPapel } from '~/modules/identidade/guard.server';
import { listarSaida } from '~/modules/outbox/outbox.server';
import { PAPEIS_INTERNOS } from '~/modules/identidade/papeis';
import { getEnv } from '~/utils/env.server';
import { formatarDataHora } from '~/utils/format';
import { metaDaPagina } from '~/components/meta';

export const meta: MetaFunction = ({ matches }) => [
  ...metaDaPagina(matches, 'Caixa de saída (desenvolvimento)'),
  { name: 'robots', content: 'noindex' },
];

/**
 * Demo mail viewer: the brand's outbox, newest first. It holds every user's reset links and codes, so
 * only staff (ADM, SAC) may read it, and only while no SMTP is configured (then the messages really
 * leave and this page answers 404).
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  if (getEnv().SMTP_URL) throw new Response(null, { status: 404 });
  await exigirPapel(request, context, [PAPEIS_INTERNOS.ADM, PAPEIS_INTERNOS.SAC]);
  const para = new URL(request.url).searchParams.get('para') ?? undefined;
  const mensagens = await listarSaida({ db: context.db, hotsiteId: context.marca.id, para });
  return {
    mensagens: mensagens.map((m) => ({
      id: m.id,
      canal: m.canal,
      para: m.para,
      assunto: m.assunto,
      texto: m.texto,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

export default function CaixaDeSaida() {
  const { mensagens } = useLoaderData<typeof loader>();
  return (
    <section className={s.paginaLarga}>
      <h1>Caixa de saída (desenvolvimento)</h1>
      <p>Sem SMTP configurado, e-mails e SMS ficam aqui.</p>
      {mensagens.length === 0 ? <p>Nenhuma mensagem.</p> : null}
      {mensagens.map((m) => (
        <article key={m.id} className={s.cartao} data-testid="mensagem-saida">
          <p className={s.ajuda}>
            {m.canal === 'email' ? 'E-mail' : 'SMS'} para <strong>{m.para}</strong> em {formatarDataHora(m.createdAt)}
          </p>
          {m.assunto ? <h2>{m.assunto}</h2> : null}
          <pre style={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit' }}>{m.texto}</pre>
        </article>
      ))}
    </section>
  );
}
