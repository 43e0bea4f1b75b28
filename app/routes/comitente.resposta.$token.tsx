import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/comitente/pagina.css';
import { botao, container } from '~/components/layout.css';
import { useWording } from '~/components/marca';
import { metaDaPagina } from '~/components/meta';
import { comitente as textos } from '~/locales/pt-BR/comitente';
import { lerLinkDeResposta, responderPeloLink } from '~/modules/area-comitente/ofertas.server';
import { rotuloSituacao } from '~/modules/catalogo/regras';
import { comoRespostaDeErro, ErroHttp } from '~/utils/errors';
import { formatarMoeda } from '~/utils/format';
import { lerFormulario } from '~/utils/formulario.server';
import { reaisParaCentavos } from '~/utils/numeros';

/**
 * /comitente/resposta/{token}?resposta=… (open: the token is the credential; #30, decision 162): the link
 * of the seller's e-mail. Opening it changes nothing (mail scanners open links); the one button answers,
 * once, as the user the e-mail was sent to.
 */
export const meta: MetaFunction = ({ matches }) => [
  ...metaDaPagina(matches, 'Responder à oferta condicional'),
  { name: 'robots', content: 'noindex' },
];

const RESPOSTAS = ['Liberada', 'Recusada', 'Novo valor'] as const;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const pedida = new URL(request.url).searchParams.get('resposta');
  try {
    const link = await lerLinkDeResposta({ db: context.db, hotsiteId: context.marca.id, token: params.token ?? '' });
    return { link, resposta: RESPOSTAS.find((r) => r === pedida) ?? 'Liberada' };
  } catch (erro) {
    if (erro instanceof ErroHttp) throw new Response(erro.mensagem, { status: erro.status });
    throw erro;
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await lerFormulario(request);
  const resposta = String(form.get('resposta') ?? '');
  const texto = String(form.get('novoValor') ?? '').trim();
  const novoValor = resposta === 'Novo valor' ? reaisParaCentavos(texto) : undefined;
  if (resposta === 'Novo valor' && !(Number.isInteger(novoValor) && novoValor! > 0))
    return Response.json({ ok: false, mensagem: 'Informe o novo valor em reais, por exemplo 25.000,00' }, { status: 400 });
  try {
    const r = await responderPeloLink({
      db: context.db,
      hub: context.hub,
      hotsiteId: context.marca.id,
      token: params.token ?? '',
      entrada: { resposta, novoValor },
    });
    return Response.json({ ok: true, mensagem: `Resposta registrada: ${r.resposta} (${rotuloSituacao(r.situacao)})` });
  } catch (erro) {
    const { status, corpo } = comoRespostaDeErro(erro);
    if (status >= 500) throw erro;
    return Response.json({ ok: false, mensagem: corpo.mensagem }, { status });
  }
}

export default function RespostaPeloLink() {
  const t = useWording(textos);
  const { link, resposta } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>();
  const nav = useNavigation();
  const fechado = link.usado || link.expirado || link.situacao !== 'CONDICIONAL';
  return (
    <div className={`${container} ${s.pagina}`}>
      <h1>{t('resposta_link.titulo')}</h1>
      <dl className={s.pares}>
        <dt>{t('comitente.lote')}</dt>
        <dd>{`${link.numero} · ${link.nome}`}</dd>
        <dt>{t('comitente.oferta')}</dt>
        <dd>{link.lance != null ? formatarMoeda(link.lance) : '—'}</dd>
        <dt>{t('comitente.valor_comitente')}</dt>
        <dd>{link.valorComitente != null ? formatarMoeda(link.valorComitente) : '—'}</dd>
        <dt>{t('comitente.situacao')}</dt>
        <dd data-testid="situacao">{t(`situacao.${link.situacao}`, { defaultValue: rotuloSituacao(link.situacao) })}</dd>
      </dl>
      {r ? (
        <Aviso tipo={r.ok ? 'sucesso' : 'erro'} testId="resposta-link">
          {r.mensagem}
        </Aviso>
      ) : link.usado ? (
        <Aviso tipo="erro" testId="resposta-link">
          {t('resposta_link.usado')}
        </Aviso>
      ) : link.expirado ? (
        <Aviso tipo="erro" testId="resposta-link">
          {t('resposta_link.expirado')}
        </Aviso>
      ) : null}
      {!fechado && !r?.ok ? (
        <Form method="post" className={s.filtros}>
          <input type="hidden" name="resposta" value={resposta} />
          {resposta === 'Novo valor' ? (
            <label className={s.campo}>
              {t('resposta_link.novo_valor')}
              <input name="novoValor" inputMode="decimal" required size={14} className={s.entrada} />
            </label>
          ) : null}
          <button type="submit" className={botao} disabled={nav.state !== 'idle'}>
            {t('resposta_link.confirmar', { resposta })}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
