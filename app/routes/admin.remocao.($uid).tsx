import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { INTEGRADORAS, SITUACOES_REMOCAO } from '@db/schema/enums-catalogo';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { Escolha, Paginacao, Secao, TabelaRolavel } from '~/components/backoffice/pecas';
import { Campo, type Erros } from '~/components/formulario/campos';
import * as f from '~/components/formulario/formulario.css';
import { botao, botaoSecundario, semQuebra } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { centavosParaCampo } from '~/modules/dominio/campos';
import { centavosDoTexto } from '~/utils/numeros';
import { patiosAtivos } from '~/modules/backoffice/leiloes.server';
import { opcoesDeTransporte } from '~/modules/remocoes/cadastros.server';
import { CamposDeTransporte } from '~/components/backoffice/campos-de-transporte';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { ACAO_SITUACAO_REMOCAO, rotuloSituacaoRemocao } from '~/modules/remocoes/regras';
import { ETAPAS, ETAPAS_DO_PATIO, nomeDaEtapa } from '~/modules/remocoes/etapas';
import {
  confirmarRemocao,
  criarRemocao,
  informarEtapa,
  listarRemocoes,
  mudarSituacaoRemocao,
  obterRemocao,
  salvarRemocao,
} from '~/modules/remocoes/remocoes.server';
import { type Comunicacao, comunicacoesDaRemocao, responderComunicacao } from '~/modules/seguradoras/comunicacao.server';
import { reenviarAtualizacao } from '~/modules/seguradoras/envio.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { lerFormulario } from '~/utils/formulario.server';
import { formatarData, formatarDataHora, formatarMoeda } from '~/utils/format';

/**
 * Removals (spec 000 §2 `/admin/remocao/{uid?}`, Remoção with ADM; decision 081). Without a uid: the brand's
 * removals, paged, by situation and plate, and the form that asks for one. With a uid: the removal's form,
 * its situation buttons and the insurer integration log, read-only.
 */
export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Remoções');

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const db = context.db;
  const hotsiteId = context.marca.id;
  const filtro = Object.fromEntries(new URL(request.url).searchParams);
  const [remocao, lista, patios, comunicacoes, transporte] = await Promise.all([
    params.uid ? obterRemocao({ db, hotsiteId, uid: params.uid }) : null,
    params.uid ? null : listarRemocoes({ db, hotsiteId, filtro }),
    patiosAtivos({ db, hotsiteId }),
    params.uid ? comunicacoesDaRemocao({ db, hotsiteId, remocaoUid: params.uid }) : Promise.resolve([] as Comunicacao[]),
    opcoesDeTransporte({ db, hotsiteId }),
  ]);
  return {
    remocao,
    comunicacoes,
    lista,
    filtro,
    transporte,
    patios: patios.map((p) => ({ valor: p.id, nome: `${p.nome} (${p.cidade}/${p.estadoUf})` })),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  const base = { db: context.db, hotsiteId: context.marca.id, usuarioId: eu.id };
  const entrada = { ...campos, valorSugerido: centavosDoTexto(campos.valorSugerido ?? '') };
  try {
    if (!params.uid) {
      const r = await criarRemocao({ ...base, entrada });
      return redirect(`/admin/remocao/${r.uid}`);
    }
    if (campos._acao === 'situacao') {
      await mudarSituacaoRemocao({ ...base, hub: context.hub, remocao: { uid: params.uid }, entrada: campos });
      return {
        ok: true as const,
        mensagem: `Remoção ${rotuloSituacaoRemocao(campos.situacao ?? '').toLowerCase()}`,
        erros: {},
        valores: {},
      };
    }
    if (campos._acao === 'confirmar') {
      await confirmarRemocao({ ...base, uid: params.uid });
      return { ok: true as const, mensagem: 'Remoção confirmada à seguradora', erros: {}, valores: {} };
    }
    if (campos._acao === 'etapa') {
      await informarEtapa({ ...base, uid: params.uid, entrada: campos });
      return { ok: true as const, mensagem: `Etapa ${nomeDaEtapa(campos.codigo)} informada à seguradora`, erros: {}, valores: {} };
    }
    if (campos._acao === 'responder') {
      await responderComunicacao({ ...base, remocaoUid: params.uid, uid: campos.comunicacao ?? '', entrada: campos });
      return { ok: true as const, mensagem: 'Resposta enviada à seguradora', erros: {}, valores: {} };
    }
    if (campos._acao === 'reenviar') {
      const ok = await reenviarAtualizacao({ db: context.db, hotsiteId: context.marca.id, uid: campos.envio ?? '' });
      return { ok, mensagem: ok ? 'Atualização enviada de novo à seguradora' : 'Atualização não encontrada', erros: {}, valores: {} };
    }
    await salvarRemocao({ ...base, uid: params.uid, entrada });
    return { ok: true as const, mensagem: 'Salvo com sucesso', erros: {}, valores: {} };
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

const dia = (d: string | null | undefined) => (d ? formatarData(`${d}T12:00:00Z`) : '');
const json = (v: unknown) => (v == null ? '' : JSON.stringify(v, null, 2));
const OPCOES_INTEGRADORA = INTEGRADORAS.filter((i) => i !== 'Detran').map((i) => ({ valor: i, nome: i }));

type Resposta = { ok: boolean; mensagem: string; erros: Erros; valores: Record<string, string> } | undefined;

export default function Remocoes() {
  const d = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as Resposta;
  return d.remocao ? <EditarRemocao d={d} r={r} /> : <ListaDeRemocoes d={d} r={r} />;
}

type Dados = ReturnType<typeof useLoaderData<typeof loader>>;

function CamposDaRemocao({ d, r, x }: { d: Dados; r: Resposta; x: Dados['remocao'] }) {
  const val = (c: string, atual: unknown) => (r && !r.ok && r.valores[c] !== undefined ? r.valores[c] : atual == null ? '' : String(atual));
  return (
    <>
      <div className={s.grade3}>
        <Campo
          nome="localRemocao"
          rotulo="Local de remoção (endereço)"
          obrigatorio
          valor={val('localRemocao', x?.localRemocao)}
          erros={r?.erros}
        />
        <Escolha nome="patioId" rotulo="Pátio de destino" opcoes={d.patios} vazio="—" valor={val('patioId', x?.patioId)} erros={r?.erros} />
        <Campo
          nome="diaInicioPrevisto"
          rotulo="Início previsto"
          tipo="date"
          valor={val('diaInicioPrevisto', x?.diaInicioPrevisto)}
          erros={r?.erros}
        />
        <Campo nome="diaFimPrevisto" rotulo="Fim previsto" tipo="date" valor={val('diaFimPrevisto', x?.diaFimPrevisto)} erros={r?.erros} />
        <CamposDeTransporte
          opcoes={d.transporte}
          x={x}
          transportadoraId={val('transportadoraId', x?.transportadoraId)}
          motoristaId={val('motoristaId', x?.motoristaId)}
          erros={r?.erros}
        />
        <Campo
          nome="valorSugerido"
          rotulo="Valor (R$)"
          inputMode="decimal"
          valor={val('valorSugerido', x?.valorSugerido == null ? '' : centavosParaCampo(x.valorSugerido))}
          erros={r?.erros}
        />
        <Escolha
          nome="integradora"
          rotulo="Seguradora (integração)"
          opcoes={OPCOES_INTEGRADORA}
          vazio="—"
          valor={val('integradora', x?.integradora)}
          erros={r?.erros}
        />
        <Campo nome="protocolo" rotulo="Protocolo da seguradora" valor={val('protocolo', x?.protocolo)} erros={r?.erros} />
      </div>
      <label className={f.campo}>
        <span className={f.rotulo}>Observação</span>
        <textarea name="observacao" rows={3} className={f.entrada} defaultValue={val('observacao', x?.observacao)} />
      </label>
    </>
  );
}

function ListaDeRemocoes({ d, r }: { d: Dados; r: Resposta }) {
  const l = d.lista!;
  return (
    <section>
      <div className={s.titulo}>
        <h1>Remoções</h1>
      </div>
      {r && !r.ok ? <Aviso tipo="erro">{r.mensagem}</Aviso> : null}
      <Form method="get" className={s.filtros}>
        <label className={f.campo}>
          <span className={f.rotulo}>Situação</span>
          <select name="situacao" defaultValue={d.filtro.situacao ?? ''} className={f.entrada}>
            <option value="">Todas</option>
            {SITUACOES_REMOCAO.map((x) => (
              <option key={x} value={x}>
                {rotuloSituacaoRemocao(x)}
              </option>
            ))}
          </select>
        </label>
        <label className={f.campo}>
          <span className={f.rotulo}>Placa, chassi, veículo ou protocolo</span>
          <input name="busca" defaultValue={d.filtro.busca ?? ''} className={f.entrada} />
        </label>
        <button type="submit" className={botao}>
          Buscar
        </button>
      </Form>
      <TabelaRolavel rotulo="Remoções">
        <table className={f.tabela} data-testid="lista-remocoes">
          <thead>
            <tr>
              <th>Solicitada em</th>
              <th>Veículo</th>
              <th>Placa</th>
              <th>Situação</th>
              <th>Origem</th>
              <th>Destino</th>
              <th>Transportadora</th>
              <th>Previsão</th>
              <th>Seguradora</th>
              <th>Valor</th>
            </tr>
          </thead>
          <tbody>
            {l.itens.map((x) => (
              <tr key={x.id}>
                <td>
                  <Link to={`/admin/remocao/${x.uid}`}>{formatarDataHora(x.dataSolicitacao)}</Link>
                </td>
                <td>{x.veiculoNome}</td>
                <td className={semQuebra}>{x.placa ?? ''}</td>
                <td>{rotuloSituacaoRemocao(x.situacao)}</td>
                <td>{x.localRemocao}</td>
                <td>{x.patioNome ?? ''}</td>
                <td>{x.transportadora ?? ''}</td>
                <td>{dia(x.diaInicioPrevisto)}</td>
                <td>{[x.integradora, x.protocolo].filter(Boolean).join(' · ')}</td>
                <td className={semQuebra}>{x.valorSugerido == null ? '' : formatarMoeda(x.valorSugerido)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TabelaRolavel>
      {l.itens.length === 0 ? <p>Nenhuma remoção encontrada.</p> : null}
      <Paginacao pagina={l.pagina} porPagina={l.porPagina} total={l.total} />
      <Form method="post">
        <Secao titulo="Solicitar remoção">
          <Campo
            nome="veiculo"
            rotulo="Veículo (placa, chassi ou uid)"
            obrigatorio
            valor={r && !r.ok ? r.valores.veiculo : ''}
            erros={r?.erros}
          />
          <CamposDaRemocao d={d} r={r} x={null} />
        </Secao>
        <button type="submit" className={botao}>
          Solicitar remoção
        </button>
      </Form>
    </section>
  );
}

function EditarRemocao({ d, r }: { d: Dados; r: Resposta }) {
  const x = d.remocao!;
  const aberta = x.situacao !== 'CONCLUIDA' && x.situacao !== 'CANCELADA';
  return (
    <section>
      <div className={s.titulo}>
        <h1>
          Remoção de {x.veiculoNome} {x.placa ? `(${x.placa})` : ''}
        </h1>
        <Link to="/admin/remocao">Todas as remoções</Link>
      </div>
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      <p>
        Situação: <strong data-testid="situacao-remocao">{rotuloSituacaoRemocao(x.situacao)}</strong> · Solicitada em{' '}
        {formatarDataHora(x.dataSolicitacao)}
        {x.criadoPor ? ` por ${x.criadoPor}` : ''} · Veículo:{' '}
        <Link to={`/admin/veiculo/${x.veiculoUid}?aba=remocoes`}>{x.veiculoNome}</Link>
        {x.chassi ? ` · Chassi ${x.chassi}` : ''}
        {x.comitenteNome ? ` · Comitente: ${x.comitenteNome}` : ''}
      </p>
      {x.diaInicioReal || x.diaFimReal ? (
        <p>
          {x.diaInicioReal ? `Retirado em ${dia(x.diaInicioReal)}` : ''}
          {x.diaFimReal ? ` · Entregue no pátio em ${dia(x.diaFimReal)}` : ''}
        </p>
      ) : null}
      {x.motivoCancelamento ? <p className={s.perigo}>Motivo do cancelamento: {x.motivoCancelamento}</p> : null}
      {x.proximas.length ? (
        <div className={f.acoes} data-testid="acoes-remocao">
          {x.proximas.map((p) => (
            <Form method="post" key={p} style={{ display: 'inline-flex', gap: 4 }}>
              <input type="hidden" name="_acao" value="situacao" />
              <input type="hidden" name="situacao" value={p} />
              {p === 'CANCELADA' ? (
                <input
                  name="motivo"
                  aria-label="Motivo do cancelamento"
                  placeholder="Motivo do cancelamento"
                  required
                  maxLength={500}
                  className={f.entrada}
                />
              ) : null}
              <button type="submit" className={p === 'CANCELADA' ? botaoSecundario : botao}>
                {ACAO_SITUACAO_REMOCAO[p]}
              </button>
            </Form>
          ))}
        </div>
      ) : null}
      {aberta ? (
        <Form method="post" key={x.uid}>
          <input type="hidden" name="_acao" value="salvar" />
          <Secao titulo="Dados da remoção">
            <CamposDaRemocao d={d} r={r} x={x} />
          </Secao>
          <button type="submit" className={botao}>
            Salvar
          </button>
        </Form>
      ) : (
        <Secao titulo="Dados da remoção">
          <dl className={s.grade3}>
            <div>
              <dt>Local de remoção</dt>
              <dd>{x.localRemocao}</dd>
            </div>
            <div>
              <dt>Pátio de destino</dt>
              <dd>{x.patioNome ?? '—'}</dd>
            </div>
            <div>
              <dt>Transportadora</dt>
              <dd>{[x.transportadora, x.motorista].filter(Boolean).join(' · ') || '—'}</dd>
            </div>
            <div>
              <dt>Previsão</dt>
              <dd>{[dia(x.diaInicioPrevisto), dia(x.diaFimPrevisto)].filter(Boolean).join(' a ') || '—'}</dd>
            </div>
            <div>
              <dt>Valor</dt>
              <dd>{x.valorSugerido == null ? '—' : formatarMoeda(x.valorSugerido)}</dd>
            </div>
            <div>
              <dt>Seguradora</dt>
              <dd>{[x.integradora, x.protocolo].filter(Boolean).join(' · ') || '—'}</dd>
            </div>
          </dl>
          {x.observacao ? <p>{x.observacao}</p> : null}
        </Secao>
      )}
      {x.integradora && x.processId ? <PainelSeguradora x={x} comunicacoes={d.comunicacoes} r={r} /> : null}
      <Secao titulo="Log de integração">
        {x.logs.length === 0 ? (
          <p>Nenhuma troca com a seguradora para esta remoção.</p>
        ) : (
          <TabelaRolavel rotulo="Log de integração">
            <table className={f.tabela} data-testid="log-integracao">
              <thead>
                <tr>
                  <th>Data</th>
                  <th>Origem</th>
                  <th>Integradora</th>
                  <th>Tipo</th>
                  <th>URL</th>
                  <th>Tempo de resposta</th>
                  <th>Resumo</th>
                  <th>Conteúdo</th>
                </tr>
              </thead>
              <tbody>
                {x.logs.map((l) => (
                  <tr key={l.id}>
                    <td>{formatarDataHora(l.createdAt)}</td>
                    <td>{l.origem}</td>
                    <td>{l.integradora}</td>
                    <td>{l.tipo}</td>
                    <td>
                      <code>{l.url}</code>
                    </td>
                    <td>{l.tempoResposta == null ? '' : `${l.tempoResposta} ms`}</td>
                    <td className={l.comErro ? s.perigo : undefined}>{l.resumo}</td>
                    <td>
                      <details>
                        <summary>Ver</summary>
                        {l.cliUid ? <p>cliUid: {l.cliUid}</p> : null}
                        {l.query ? <pre>{json(l.query)}</pre> : null}
                        <p>Enviado:</p>
                        <pre>{json(l.body)}</pre>
                        <p>Resposta:</p>
                        <pre>{json(l.response)}</pre>
                        {l.error ? <p className={s.perigo}>{l.error}</p> : null}
                      </details>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TabelaRolavel>
        )}
      </Secao>
    </section>
  );
}

const SITUACAO_ENVIO: Record<string, string> = { pendente: 'Pendente', enviado: 'Enviado', recusado: 'Recusado', erro: 'Erro' };

/** The insurer's side of the removal: its stage, confirmation, authorisation, the updates in the outbox. */
function PainelSeguradora({ x, comunicacoes, r }: { x: NonNullable<Dados['remocao']>; comunicacoes: Dados['comunicacoes']; r: Resposta }) {
  const proximas = ETAPAS_DO_PATIO.filter(
    (c) => ETAPAS[c].ordem > (x.etapa && x.etapa in ETAPAS ? ETAPAS[x.etapa as keyof typeof ETAPAS].ordem : 0),
  );
  return (
    <Secao titulo={`Seguradora ${x.integradora}`}>
      <dl className={s.grade3} data-testid="painel-seguradora">
        <div>
          <dt>Etapa</dt>
          <dd data-testid="etapa-remocao">{nomeDaEtapa(x.etapa)}</dd>
        </div>
        <div>
          <dt>Sinistro · processo</dt>
          <dd>{[x.sinistro, x.processId].filter(Boolean).join(' · ')}</dd>
        </div>
        <div>
          <dt>Confirmação</dt>
          <dd>{x.confirmadoAt ? `${formatarDataHora(x.confirmadoAt)} por ${x.confirmadoPor ?? '—'}` : 'Não confirmada'}</dd>
        </div>
        <div>
          <dt>Autorização de venda</dt>
          <dd>
            {x.autorizadoAt
              ? `${formatarDataHora(x.autorizadoAt)} · ${[x.autorizadoPor, x.autorizacaoCodigo].filter(Boolean).join(' · ')}`
              : 'Aguardando a seguradora (S08)'}
          </dd>
        </div>
        {x.canceladoAt ? (
          <div>
            <dt>Cancelamento</dt>
            <dd>
              {formatarDataHora(x.canceladoAt)} por {x.canceladoPor ?? '—'}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Relatório</dt>
          <dd>
            <Link to={`/mapfre-visualizar-relatorio/${x.uid}`}>Ver relatório da remoção</Link>
          </dd>
        </div>
      </dl>
      <div className={f.acoes}>
        {x.situacao === 'SOLICITADA' && !x.confirmadoAt ? (
          <Form method="post">
            <input type="hidden" name="_acao" value="confirmar" />
            <button type="submit" className={botao}>
              Confirmar remoção
            </button>
          </Form>
        ) : null}
        {x.situacao === 'CONCLUIDA' && proximas.length ? (
          <Form method="post" style={{ display: 'inline-flex', gap: 4, flexWrap: 'wrap' }}>
            <input type="hidden" name="_acao" value="etapa" />
            <select name="codigo" aria-label="Etapa" className={f.entrada}>
              {proximas.map((c) => (
                <option key={c} value={c}>
                  {nomeDaEtapa(c)}
                </option>
              ))}
            </select>
            <input
              name="mensagem"
              aria-label="Mensagem à seguradora"
              placeholder="Mensagem (opcional)"
              maxLength={2000}
              className={f.entrada}
            />
            <button type="submit" className={botao}>
              Informar etapa
            </button>
          </Form>
        ) : null}
      </div>
      {x.envios.length ? (
        <TabelaRolavel rotulo="Atualizações à seguradora">
          <table className={f.tabela} data-testid="envios-seguradora">
            <thead>
              <tr>
                <th>Etapa</th>
                <th>Situação</th>
                <th>Tentativas</th>
                <th>Próxima tentativa</th>
                <th>Erro</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {x.envios.map((e) => (
                <tr key={e.uid}>
                  <td>{nomeDaEtapa(e.eventCode)}</td>
                  <td className={e.situacao === 'recusado' || e.situacao === 'erro' ? s.perigo : undefined}>
                    {SITUACAO_ENVIO[e.situacao] ?? e.situacao}
                  </td>
                  <td>{e.tentativas}</td>
                  <td className={semQuebra}>{e.situacao === 'pendente' ? formatarDataHora(e.proximaEm) : ''}</td>
                  <td>{e.ultimoErro ?? ''}</td>
                  <td>
                    {e.situacao === 'recusado' || e.situacao === 'erro' ? (
                      <Form method="post">
                        <input type="hidden" name="_acao" value="reenviar" />
                        <input type="hidden" name="envio" value={e.uid} />
                        <button type="submit" className={botaoSecundario}>
                          Reenviar
                        </button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TabelaRolavel>
      ) : null}
      {x.etapasAutomaticas.length ? (
        <TabelaRolavel rotulo="Etapas da venda">
          <table className={f.tabela} data-testid="etapas-automaticas">
            <thead>
              <tr>
                <th>Etapa</th>
                <th>Origem</th>
                <th>Situação</th>
                <th>Quando</th>
              </tr>
            </thead>
            <tbody>
              {x.etapasAutomaticas.map((e) => (
                <tr key={e.codigo}>
                  <td>{nomeDaEtapa(e.codigo)}</td>
                  <td>{e.origem}</td>
                  <td>{e.situacao === 'pendente' && e.motivo ? `Aguardando: ${e.motivo}` : (SITUACAO_ETAPA[e.situacao] ?? e.situacao)}</td>
                  <td className={semQuebra}>{formatarDataHora(e.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TabelaRolavel>
      ) : null}
      <Comunicacoes comunicacoes={comunicacoes} r={r} />
    </Secao>
  );
}

const SITUACAO_ETAPA: Record<string, string> = {
  pendente: 'Pendente',
  informada: 'Informada à seguradora',
  ignorada: 'Já informada antes',
};

/** The insurer's questions (S14), each answered once (S15, decision 205). */
function Comunicacoes({ comunicacoes, r }: { comunicacoes: Dados['comunicacoes']; r: Resposta }) {
  if (!comunicacoes.length) return null;
  return (
    <div data-testid="comunicacoes-seguradora">
      <h3>Comunicações da seguradora</h3>
      {comunicacoes.map((c) => (
        <article key={c.uid} className={f.cartao}>
          <p>
            <strong>{c.usuario ?? 'Seguradora'}</strong>
            {` · ${formatarDataHora(c.recebidaEm)} · ${c.codigo}${c.protocolo ? ` · protocolo ${c.protocolo}` : ''}`}
          </p>
          <p>{c.texto}</p>
          {c.resposta ? (
            <p>{`Resposta de ${c.respondidaPor ?? '—'} em ${formatarDataHora(c.respondidaEm ?? c.recebidaEm)}: ${c.resposta}`}</p>
          ) : (
            <Form method="post">
              <input type="hidden" name="_acao" value="responder" />
              <input type="hidden" name="comunicacao" value={c.uid} />
              <label htmlFor={`resposta-${c.uid}`} className={f.rotulo}>
                Resposta à seguradora
              </label>
              <textarea
                id={`resposta-${c.uid}`}
                name="resposta"
                required
                maxLength={4000}
                rows={3}
                className={f.entrada}
                aria-invalid={r?.erros?.resposta ? true : undefined}
              />
              {r?.erros?.resposta ? <p className={f.erro}>{r.erros.resposta[0]}</p> : null}
              <div className={f.acoes}>
                <button type="submit" className={botao}>
                  Responder
                </button>
              </div>
            </Form>
          )}
        </article>
      ))}
    </div>
  );
}
