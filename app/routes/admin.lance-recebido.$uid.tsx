import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import { botao, botaoSecundario } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { BlocoTotais, LinhaDoTempo, Selo } from '~/components/vendas/partes';
import * as s from '~/components/vendas/vendas.css';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import {
  alterarSituacaoDoLote,
  criarLanceDaEquipe,
  detalheDoLanceRecebido,
  MENSAGENS_RECEBIDO,
  moverLance,
  uidDoLance,
} from '~/modules/lances/lance-recebido.server';
import { SITUACOES_PELA_EQUIPE } from '~/modules/dominio/situacoes';
import { reaisParaCentavos } from '~/utils/numeros';
import { alterarRetiradaPelaEquipe, MENSAGENS_VENDA } from '~/modules/vendas/acoes.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { ErroHttp } from '~/utils/errors';
import { formatarDataHora, formatarMoeda } from '~/utils/format';
import { lerFormulario } from '~/utils/formulario.server';
import { rotuloSituacao } from '~/modules/catalogo/regras';

/**
 * /admin/lance-recebido/{uid} (Acerto, SAC, ADM; decision 073): one received bid with the spec's tabs
 * (client, proofs, finance, bid history, lot, notifications) and the actions create bid, move bid,
 * change pickup and change lot status. Tabs are links (?aba=), so the page works without JavaScript.
 */
const ABAS = [
  ['cliente', 'Cliente'],
  ['comprovantes', 'Comprovantes'],
  ['financeiro', 'Financeiro'],
  ['historico', 'Histórico de lances'],
  ['lote', 'Lote'],
  ['notificacoes', 'Notificações'],
] as const;
type Aba = (typeof ABAS)[number][0];

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Lance recebido');

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const uid = uidDoLance.safeParse(params.uid);
  if (!uid.success) throw new Response(MENSAGENS_RECEBIDO.naoEncontrado, { status: 404 });
  const pedida = new URL(request.url).searchParams.get('aba');
  const aba: Aba = ABAS.some(([a]) => a === pedida) ? (pedida as Aba) : 'cliente';
  try {
    return { aba, ...(await detalheDoLanceRecebido({ db: context.db, hotsiteId: context.marca.id, uid: uid.data })) };
  } catch (e) {
    if (e instanceof ErroHttp && e.status === 404) throw new Response(e.mensagem, { status: 404 });
    throw e;
  }
}

/** "2026-11-25" and "10" (São Paulo) → an ISO instant; the module checks the yard's hours. */
function horario(data: FormDataEntryValue | null, hora: FormDataEntryValue | null) {
  if (typeof data !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(data) || typeof hora !== 'string' || !/^\d{1,2}$/.test(hora))
    throw new ErroHttp(400, MENSAGENS_VENDA.horarioInvalido);
  return `${data}T${hora.padStart(2, '0')}:00:00-03:00`;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  try {
    const uid = uidDoLance.safeParse(params.uid);
    if (!uid.success) throw new ErroHttp(404, MENSAGENS_RECEBIDO.naoEncontrado);
    const comum = { db: context.db, hub: context.hub, hotsiteId: context.marca.id, uid: uid.data, equipe: { id: eu.id, nome: eu.nome } };
    switch (campos._acao) {
      case 'criar-lance': {
        let valor: number;
        try {
          valor = reaisParaCentavos(campos.valor ?? '');
        } catch {
          throw new ErroHttp(400, 'Informe o valor do lance');
        }
        return { ok: true as const, ...(await criarLanceDaEquipe({ ...comum, entrada: { email: campos.email, valor } })) };
      }
      case 'mover-lance':
        return { ok: true as const, ...(await moverLance({ ...comum, entrada: { email: campos.email } })) };
      case 'situacao-lote':
        return { ok: true as const, ...(await alterarSituacaoDoLote({ ...comum, entrada: { situacao: campos.situacao } })) };
      case 'retirada': {
        const d = await detalheDoLanceRecebido({ db: context.db, hotsiteId: context.marca.id, uid: uid.data });
        if (!d.venda) throw new ErroHttp(409, 'Este lote não tem venda');
        const entrada =
          campos.operacao === 'cancelar'
            ? { operacao: 'cancelar' }
            : { operacao: 'agendar', patUid: campos.patUid, agendadoHorario: horario(campos.data ?? null, campos.hora ?? null) };
        return {
          ok: true as const,
          ...(await alterarRetiradaPelaEquipe({
            db: context.db,
            hub: context.hub,
            hotsiteId: context.marca.id,
            vendaId: d.venda.id,
            entrada,
            autor: eu.nome,
            equipeId: eu.id,
            urlBase: context.urlBase,
          })),
        };
      }
      default:
        throw new ErroHttp(400, 'Ação inválida');
    }
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

export default function LanceRecebido() {
  const d = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as { ok: boolean; mensagem: string } | undefined;
  const v = d.venda;
  return (
    <section className={s.pagina}>
      <p>
        <Link to="/admin/lances-recebidos">← Lances recebidos</Link>
      </p>
      <h1>
        Lance de {formatarMoeda(d.lance.valor)} · lote {d.lote.numero}
      </h1>
      <p className={s.suave}>
        {d.lance.tipo} · {d.lance.situacaoRotulo} · {formatarDataHora(d.lance.data)} · {d.cliente.nome} ({d.lance.apelido})
      </p>
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      <nav className={s.filtros} aria-label="Abas">
        {ABAS.map(([a, rotulo]) => (
          <Link key={a} to={`?aba=${a}`} className={a === d.aba ? s.filtroAtivo : s.filtro} aria-current={a === d.aba ? 'page' : undefined}>
            {rotulo}
          </Link>
        ))}
      </nav>

      {d.aba === 'cliente' ? (
        <article className={s.cartao} data-testid="aba-cliente">
          <dl className={s.dados}>
            <dt>Nome</dt>
            <dd>{d.cliente.nome}</dd>
            <dt>E-mail</dt>
            <dd>{d.cliente.email}</dd>
            <dt>Documento</dt>
            <dd>{d.cliente.cpf ?? d.cliente.cnpj ?? '—'}</dd>
            <dt>Telefone</dt>
            <dd>{d.cliente.telefone ?? '—'}</dd>
            <dt>Endereço</dt>
            <dd className={s.endereco}>{d.cliente.endereco ?? '—'}</dd>
            <dt>Situação</dt>
            <dd>{d.cliente.situacao ?? '—'}</dd>
          </dl>
          {d.validacoes.length > 0 ? (
            <>
              <h2>Validações</h2>
              <ul>
                {d.validacoes.map((x) => (
                  <li key={x.id}>
                    {x.tipo}: {x.resultado}
                    {x.respondidoPor ? ` (${x.respondidoPor})` : ''}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </article>
      ) : null}

      {d.aba === 'comprovantes' ? (
        <article className={s.cartao} data-testid="aba-comprovantes">
          {v && v.comprovantes.length > 0 ? (
            <ul>
              {v.comprovantes.map((c) => (
                <li key={c.uid}>
                  {c.nomeArquivo} · <Selo tom={c.tom}>{c.rotulo}</Selo> · {formatarDataHora(c.data)}
                  {c.valor != null ? ` · ${formatarMoeda(c.valor)}` : ''}
                  {c.motivo ? ` · ${c.motivo}` : ''}
                </li>
              ))}
            </ul>
          ) : (
            <p>Nenhum comprovante enviado.</p>
          )}
          {v ? <Link to={`/admin/compras/${v.id}`}>Validar na venda {v.id}</Link> : null}
        </article>
      ) : null}

      {d.aba === 'financeiro' ? (
        <article className={s.cartao} data-testid="aba-financeiro">
          {v ? (
            <>
              <p>
                Venda <Link to={`/admin/compras/${v.id}`}>{v.id}</Link> <Selo tom={v.tom}>{v.situacaoRotulo}</Selo>
              </p>
              <BlocoTotais v={v} />
              <p>
                Entrega: {v.metodoEntrega ?? '—'}
                {v.patio ? ` · pátio ${v.patio.nome}` : ''}
                {v.agendadoHorario ? ` · ${formatarDataHora(v.agendadoHorario)}` : ''}
                {v.entregaVeiculo === 'Frete' ? ` · frete ${formatarMoeda(v.valorFrete)} para ${v.ufFrete}` : ''}
              </p>
              <LinhaDoTempo eventos={v.eventos} />
            </>
          ) : (
            <p>Este lote ainda não tem venda.</p>
          )}
        </article>
      ) : null}

      {d.aba === 'historico' ? (
        <article className={s.cartao} data-testid="aba-historico">
          <div className={s.rolagem} role="region" aria-label="Lance recebido" tabIndex={0}>
            <table className={s.tabela}>
              <thead>
                <tr>
                  <th className={s.celula}>Data</th>
                  <th className={s.celula}>Cliente</th>
                  <th className={s.celula}>Tipo</th>
                  <th className={s.celula}>Situação</th>
                  <th className={s.numero}>Valor</th>
                </tr>
              </thead>
              <tbody>
                {d.historico.map((h) => (
                  <tr key={h.uid}>
                    <td className={s.celula}>{formatarDataHora(h.data)}</td>
                    <td className={s.celula}>
                      <Link to={`/admin/lance-recebido/${h.uid}`}>{h.nome}</Link> <span className={s.suave}>({h.apelido})</span>
                    </td>
                    <td className={s.celula}>{h.tipo}</td>
                    <td className={s.celula}>{h.situacao}</td>
                    <td className={s.numero}>{formatarMoeda(h.valor)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </article>
      ) : null}

      {d.aba === 'lote' ? (
        <article className={s.cartao} data-testid="aba-lote">
          <dl className={s.dados}>
            <dt>Lote</dt>
            <dd>
              {d.lote.numero} · {d.lote.nome}
            </dd>
            <dt>Situação</dt>
            <dd data-testid="situacao-lote">{rotuloSituacao(d.lote.situacao)}</dd>
            <dt>Leilão</dt>
            <dd>{d.lote.leilao ?? '—'}</dd>
            <dt>Comitente</dt>
            <dd>{d.lote.comitente ?? '—'}</dd>
            <dt>Pátio</dt>
            <dd>{d.lote.patio ?? '—'}</dd>
            <dt>Placa</dt>
            <dd>{d.lote.placa ?? '—'}</dd>
            <dt>Lance atual</dt>
            <dd>{d.lote.lanceAtual == null ? '—' : formatarMoeda(d.lote.lanceAtual)}</dd>
            <dt>Próximo lance</dt>
            <dd>{formatarMoeda(d.lote.proximo)}</dd>
            <dt>Valor do comitente</dt>
            <dd>{d.lote.valorComitente == null ? '—' : formatarMoeda(d.lote.valorComitente)}</dd>
            <dt>Lances</dt>
            <dd>{d.lote.quantidadeLances}</dd>
          </dl>
        </article>
      ) : null}

      {d.aba === 'notificacoes' ? (
        <article className={s.cartao} data-testid="aba-notificacoes">
          {d.notificacoes.length > 0 ? (
            <ul>
              {d.notificacoes.map((n, i) => (
                <li key={i}>
                  {formatarDataHora(n.data)} · {n.assunto} · {n.situacao}
                </li>
              ))}
            </ul>
          ) : (
            <p>Nenhuma notificação enviada a este cliente.</p>
          )}
        </article>
      ) : null}

      <article className={s.cartao}>
        <h2>Ações</h2>
        <Form method="post" className={s.acoes}>
          <input type="hidden" name="_acao" value="criar-lance" />
          <label>
            E-mail do cliente
            <br />
            <input className={s.campo} name="email" type="email" required maxLength={200} />
          </label>
          <label>
            Valor (R$)
            <br />
            <input className={s.campo} name="valor" inputMode="decimal" required defaultValue={String(d.lote.proximo / 100)} />
          </label>
          <button className={botao} type="submit">
            Criar lance
          </button>
        </Form>
        <Form method="post" className={s.acoes}>
          <input type="hidden" name="_acao" value="mover-lance" />
          <label>
            Mover este lance para o cliente (e-mail)
            <br />
            <input className={s.campo} name="email" type="email" required maxLength={200} />
          </label>
          <button className={botaoSecundario} type="submit">
            Mover lance
          </button>
        </Form>
        <Form method="post" className={s.acoes}>
          <input type="hidden" name="_acao" value="situacao-lote" />
          <label>
            Situação do lote
            <br />
            <select className={s.campo} name="situacao" defaultValue="">
              <option value="">Escolha</option>
              {SITUACOES_PELA_EQUIPE.map((x) => (
                <option key={x} value={x}>
                  {x}
                </option>
              ))}
            </select>
          </label>
          <button className={botaoSecundario} type="submit">
            Alterar situação
          </button>
        </Form>
        {v ? (
          <Form method="post" className={s.acoes}>
            <input type="hidden" name="_acao" value="retirada" />
            <label>
              Pátio
              <br />
              <select className={s.campo} name="patUid" defaultValue={v.patio?.uid ?? ''}>
                {d.patios.map((p) => (
                  <option key={p.uid} value={p.uid}>
                    {p.nome} — {p.cidade}/{p.estadoUf}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Data
              <br />
              <input className={s.campo} type="date" name="data" />
            </label>
            <label>
              Hora
              <br />
              <input className={s.campo} name="hora" inputMode="numeric" maxLength={2} placeholder="10" />
            </label>
            <button className={botaoSecundario} type="submit" name="operacao" value="agendar">
              Alterar retirada
            </button>
            <button className={botaoSecundario} type="submit" name="operacao" value="cancelar">
              Cancelar agendamento
            </button>
          </Form>
        ) : null}
      </article>
    </section>
  );
}
