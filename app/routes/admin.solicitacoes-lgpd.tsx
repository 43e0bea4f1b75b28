import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as b from '~/components/backoffice/backoffice.css';
import { TabelaRolavel } from '~/components/backoffice/pecas';
import * as f from '~/components/formulario/formulario.css';
import { botao, botaoSecundario } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import * as s from '~/components/privacidade/privacidade.css';
import { privacidade } from '~/locales/pt-BR/privacidade';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { situacaoDoPrazo } from '~/modules/privacidade/prazos';
import { filaDeSolicitacoes, responderSolicitacao } from '~/modules/privacidade/solicitacoes.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { formatarData, formatarDataHora } from '~/utils/format';
import { lerFormulario } from '~/utils/formulario.server';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Pedidos de titulares (LGPD)');

const m = privacidade.fila;

/**
 * /admin/solicitacoes-lgpd: the brand's data subjects' requests, the pending ones by deadline (15 days,
 * LGPD art. 19 II) with how long is left; staff grant one (the client's data is deleted, decision 236) or
 * refuse it with an answer the client reads on their privacy page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const fila = await filaDeSolicitacoes({ db: context.db, hotsiteId: context.marca.id });
  const agora = new Date();
  return {
    pendentes: fila.pendentes.map((p) => ({ ...p, prazoSituacao: situacaoDoPrazo(new Date(p.prazo), agora) })),
    respondidas: fila.respondidas,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  try {
    const r = await responderSolicitacao({ db: context.db, hotsiteId: context.marca.id, staffId: eu.id, entrada: campos });
    return { ok: true as const, mensagem: r.tipo === 'atendida' ? m.atendido : m.recusado, erros: {}, valores: {} };
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

type Resposta = { ok: boolean; mensagem: string; erros: Record<string, string[]> } | undefined;

export default function SolicitacoesLgpd() {
  const { pendentes, respondidas } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as Resposta;
  return (
    <section>
      <h1>{m.titulo}</h1>
      {r ? (
        <Aviso tipo={r.ok ? 'sucesso' : 'erro'} testId="aviso-fila">
          {r.mensagem}
          {r.ok ? null : Object.values(r.erros ?? {}).flat()[0] ? ` ${Object.values(r.erros).flat()[0]}` : null}
        </Aviso>
      ) : null}
      {pendentes.length === 0 ? <p>{m.nenhum}</p> : null}
      <ul className={s.lista} data-testid="fila-lgpd">
        {pendentes.map((p) => (
          <li key={p.uid} className={s.cartao} data-testid="pedido-lgpd">
            <div className={s.item}>
              <span>
                <strong>{p.cliente}</strong> · {p.email} · pedido em {formatarDataHora(p.criadaEm)}
              </span>
              <span className={p.prazoSituacao.tipo === 'no-prazo' ? s.selo : `${s.selo} ${s.prazoAtrasado}`} data-testid="prazo-lgpd">
                {m.prazo} {formatarData(p.prazo)} ·{' '}
                {p.prazoSituacao.tipo === 'atrasado'
                  ? `${m.atrasado} (${p.prazoSituacao.dias} d)`
                  : p.prazoSituacao.tipo === 'vence-hoje'
                    ? m.vence_hoje
                    : m.dias.replace('{{dias}}', String(p.prazoSituacao.dias))}
              </span>
            </div>
            {p.motivo ? <p>“{p.motivo}”</p> : null}
            <Form method="post">
              <input type="hidden" name="uid" value={p.uid} />
              <label className={f.campo}>
                <span className={f.rotulo}>{m.resposta}</span>
                <textarea name="resposta" className={f.entrada} rows={2} maxLength={2000} />
              </label>
              <div className={f.acoes}>
                <button type="submit" name="decisao" value="atender" className={botao}>
                  {m.atender}
                </button>
                <button type="submit" name="decisao" value="recusar" className={botaoSecundario}>
                  {m.recusar}
                </button>
              </div>
            </Form>
          </li>
        ))}
      </ul>
      {respondidas.length > 0 ? (
        <>
          <h2>Respondidos</h2>
          <TabelaRolavel rotulo="Pedidos respondidos">
            <table className={`${f.tabela} ${b.tabelaLarga}`}>
              <thead>
                <tr>
                  <th scope="col">Cliente</th>
                  <th scope="col">Pedido em</th>
                  <th scope="col">Situação</th>
                  <th scope="col">Respondido em</th>
                  <th scope="col">Resposta</th>
                </tr>
              </thead>
              <tbody>
                {respondidas.map((x) => (
                  <tr key={x.uid}>
                    <td>{x.cliente}</td>
                    <td>{formatarDataHora(x.criadaEm)}</td>
                    <td>{x.situacao}</td>
                    <td>{x.respondidaEm ? formatarDataHora(x.respondidaEm) : ''}</td>
                    <td>{x.resposta ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TabelaRolavel>
        </>
      ) : null}
    </section>
  );
}
