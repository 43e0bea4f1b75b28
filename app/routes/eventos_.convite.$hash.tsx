import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as f from '~/components/formulario/formulario.css';
import { botao, botaoSecundario, container } from '~/components/layout.css';
import { useWording } from '~/components/marca';
import { metaDaPagina } from '~/components/meta';
import { eventos } from '~/locales/pt-BR/eventos';
import { paginas } from '~/locales/pt-BR/paginas';
import { conviteDoHash, responderConvite } from '~/modules/eventos/convidados.server';
import { exigirLogin } from '~/modules/identidade/guard.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { formatarDataHora } from '~/utils/format';
import { lerFormulario } from '~/utils/formulario.server';

export const meta: MetaFunction = ({ matches }) => [
  ...metaDaPagina(matches, 'Convite para evento exclusivo'),
  { name: 'robots', content: 'noindex' },
];

/**
 * /eventos/convite/{hash}: the invitee, logged in, accepts or declines the invitation the e-mail
 * linked to. Only the login whose e-mail or CPF was invited may answer (decision 186); once accepted,
 * the exclusive auction shows in their lists and takes their bids.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await exigirLogin(request, context);
  const convite = await conviteDoHash({ db: context.db, hotsiteId: context.marca.id, hash: params.hash ?? '' });
  if (!convite) throw new Response('Convite não encontrado', { status: 404 });
  return {
    resposta: convite.resposta,
    leilao: { id: convite.leilao.id, nome: convite.leilao.nome, data: convite.leilao.data.toISOString() },
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const u = await exigirLogin(request, context);
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  try {
    const r = await responderConvite({
      db: context.db,
      hotsiteId: context.marca.id,
      hash: params.hash ?? '',
      usuarioId: u.id,
      entrada: campos,
    });
    return json({ ok: true as const, mensagem: r.mensagem, resposta: r.resposta });
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

export default function ConviteDoEvento() {
  const { resposta, leilao } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as { ok: boolean; mensagem: string; resposta?: string } | undefined;
  const t = useWording(eventos);
  const prefixo = useWording(paginas)('caminho_lista');
  const atual = r?.ok ? r.resposta : resposta;
  return (
    <section className={container} style={{ paddingBlock: 24, maxWidth: 620 }}>
      <h1>{t('convite.titulo')}</h1>
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      <p>{t('convite.explicacao')}</p>
      <p data-testid="convite-leilao">
        <strong>{leilao.nome}</strong>
        <br />
        {formatarDataHora(leilao.data)}
      </p>
      {atual === 'Pendente' ? (
        <Form method="post" className={f.acoes}>
          <button type="submit" name="resposta" value="Aceito" className={botao}>
            {t('convite.aceitar')}
          </button>
          <button type="submit" name="resposta" value="Recusado" className={botaoSecundario}>
            {t('convite.recusar')}
          </button>
        </Form>
      ) : (
        <p data-testid="convite-resposta">{atual === 'Aceito' ? t('convite.aceito') : t('convite.recusado')}</p>
      )}
      {atual === 'Aceito' ? (
        <p>
          <Link to={`/${prefixo}?leilao=${leilao.id}`} className={botao} data-testid="ver-leilao-exclusivo">
            {t('convite.ver_leilao')}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
