import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { IncidentesDoRegistro } from '~/components/operacoes/lista-de-incidentes';
import { incidentesDaTela } from '~/paginas/incidentes-da-tela.server';
import { useWording } from '~/components/marca';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { Escolha, Secao } from '~/components/backoffice/pecas';
import { Caixa, Campo, type Erros } from '~/components/formulario/campos';
import { aceitarPropostaJudicial, propostasDoLote } from '~/modules/backoffice/propostas-judiciais.server';
import * as f from '~/components/formulario/formulario.css';
import { botao, botaoSecundario } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { centavosParaCampo, pontosParaCampo, porcentagemDoFormulario } from '~/modules/dominio/campos';
import { centavosDoTexto } from '~/utils/numeros';
import { definirCarimbosDoLote, listarCarimbosLote } from '~/modules/backoffice/carimbos-lote.server';
import { alterarLote, mudarSituacaoLote, obterLote } from '~/modules/backoffice/lotes.server';
import { proximasSituacoesLote } from '~/modules/backoffice/regras';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { PAPEIS_INTERNOS } from '~/modules/dominio/papeis';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { TIPOS_NEGOCIACAO } from '@db/schema/enums-catalogo';
import { ErroHttp } from '~/utils/errors';
import { formatarDataHora, formatarMoeda } from '~/utils/format';
import { idValido } from '~/utils/id';
import { lerFormulario } from '~/utils/formulario.server';
import { rotuloSituacao } from '~/modules/catalogo/regras';
import { loteAceitaProposta } from '~/modules/dominio/regras-do-leiloeiro';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Lote');

function idDaRota(id: string | undefined) {
  const n = /^\d{1,10}$/.test(id ?? '') ? Number(id) : NaN;
  if (!idValido(n)) throw new ErroHttp(404, 'Lote não encontrado');
  return n;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const id = idDaRota(params.id);
  const [lote, carimbos, incidentes, propostas] = await Promise.all([
    obterLote({ db: context.db, hotsiteId: context.marca.id, id }),
    listarCarimbosLote({ db: context.db, hotsiteId: context.marca.id, ativos: true }),
    incidentesDaTela(context, eu, { loteId: id }),
    propostasDoLote({ db: context.db, hotsiteId: context.marca.id, loteId: id }),
  ]);
  return {
    lote,
    propostas,
    incidentes,
    carimbos: carimbos.map((c) => ({ id: c.id, nome: c.nome, urlCard: c.urlCard })),
    proximas: proximasSituacoesLote(lote.situacao),
    podeMinimos: eu.papeis.includes(PAPEIS_INTERNOS.MINIMOS_INCREMENTO),
  };
}

const DINHEIRO = [
  'minimo',
  'incremento',
  'valorComitente',
  'compreJa',
  'despachante',
  'outros',
  'remocao',
  'depositoDeBens',
  'vistoria',
  'avaliacao',
  'minimoDoJuiz',
];

export async function action({ request, params, context }: ActionFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  try {
    const id = idDaRota(params.id);
    const base = { db: context.db, hub: context.hub, hotsiteId: context.marca.id, id };
    if (campos._acao === 'situacao' || campos._acao === 'cancelar') {
      const situacao = campos._acao === 'cancelar' ? 'LOTE_CANCELADO' : campos.situacao;
      await mudarSituacaoLote({ ...base, usuarioId: eu.id, entrada: { situacao, motivo: campos.motivo } });
      return { ok: true as const, mensagem: campos._acao === 'cancelar' ? 'Lote cancelado' : 'Situação alterada', erros: {}, valores: {} };
    }
    if (campos._acao === 'aceitar-proposta') {
      const r = await aceitarPropostaJudicial({
        db: context.db,
        hub: context.hub,
        hotsiteId: context.marca.id,
        loteId: id,
        usuarioId: eu.id,
        autor: eu.nome,
        entrada: { propostaUid: campos.proposta },
      });
      return { ok: true as const, mensagem: `${r.mensagem} Venda ${r.vendaId}.`, erros: {}, valores: {}, vendaId: r.vendaId };
    }
    if (campos._acao === 'carimbos') {
      const carimbos = form.getAll('carimbos').filter((x): x is string => typeof x === 'string');
      await definirCarimbosDoLote({ db: context.db, hotsiteId: context.marca.id, usuarioId: eu.id, loteId: id, entrada: { carimbos } });
      return { ok: true as const, mensagem: 'Carimbos salvos', erros: {}, valores: {} };
    }
    if (campos._acao !== 'salvar') throw new ErroHttp(400, 'Ação desconhecida');
    const entrada: Record<string, unknown> = { ...campos };
    for (const c of DINHEIRO) entrada[c] = centavosDoTexto(campos[c] ?? '');
    for (const c of ['despachante', 'outros', 'remocao', 'depositoDeBens', 'vistoria']) if (entrada[c] === '') entrada[c] = '0';
    entrada.comissaoPorcentagem = porcentagemDoFormulario(campos.comissaoPorcentagem ?? '');
    entrada.comissaoExtraPorcentagem = porcentagemDoFormulario(campos.comissaoExtraPorcentagem || '0');
    entrada.bemDeIncapaz = campos.bemDeIncapaz ? 'true' : 'false';
    await alterarLote({ ...base, usuario: eu, entrada });
    return { ok: true as const, mensagem: 'Salvo com sucesso', erros: {}, valores: {} };
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

export default function Lote() {
  const t = useWording();
  const { lote: l, carimbos, proximas, podeMinimos, incidentes, propostas } = useLoaderData<typeof loader>();
  const escolhidos = new Set(l.carimbos.map((c) => c.id));
  const r = useActionData<typeof action>() as { ok: boolean; mensagem: string; erros: Erros; valores: Record<string, string> } | undefined;
  const v = (campo: string, atual: string | number | null | undefined) =>
    r && !r.ok && r.valores[campo] !== undefined ? r.valores[campo] : atual == null ? '' : String(atual);
  const erros = r?.erros;
  const liberado = !['CADASTRADO', 'PENDENTE'].includes(l.situacao);
  const travado = liberado && !podeMinimos;
  // Decision 250: the same rule the server applies before accepting.
  const aceitaProposta = !propostas.some((p) => p.situacao === 'Aceita') && loteAceitaProposta(l) === 'sim';
  return (
    <section>
      <div className={s.titulo}>
        <h1>
          Lote {l.numero} · {l.nome}
        </h1>
        <span className={s.selo}>{rotuloSituacao(l.situacao)}</span>
      </div>
      <p>
        {l.leilaoId ? <Link to={`/admin/leilao/${l.leilaoId}`}>{l.leilaoNome}</Link> : 'Sem leilão'} ·{' '}
        <Link to={`/admin/veiculo/${l.veiculoUid}`}>Veículo {l.placa ?? l.chassi ?? ''}</Link> · {t.contar('n_lances', l.quantidadeLances)}{' '}
        · encerra {l.dataFim ? formatarDataHora(l.dataFim) : '—'}
      </p>
      {l.motivoCancelamento ? <Aviso tipo="erro">Cancelado: {l.motivoCancelamento}</Aviso> : null}
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      {propostas.length ? (
        <Secao titulo="Propostas (CPC 895: à vista primeiro)">
          <ol data-testid="propostas-cpc895">
            {propostas.map((p) => (
              <li key={p.id} className={f.acoes}>
                <span>
                  {p.nome}: {formatarMoeda(p.valor)}{' '}
                  {p.aVista ? 'à vista' : `com entrada de ${formatarMoeda(p.entrada)} e ${p.parcelas} parcela(s)`} · {p.situacao}
                </span>
                {p.situacao === 'Enviada' && aceitaProposta ? (
                  <Form method="post">
                    <input type="hidden" name="_acao" value="aceitar-proposta" />
                    <input type="hidden" name="proposta" value={p.uid} />
                    <button type="submit" className={botaoSecundario} aria-label={`Aceitar a proposta de ${p.nome}`}>
                      Aceitar proposta
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ol>
          <p className={f.ajuda}>
            Aceitar cria a venda do lote com a entrada e as parcelas da proposta, recusa as demais e avisa cada proponente.
          </p>
        </Secao>
      ) : null}
      <Form method="post">
        <input type="hidden" name="_acao" value="salvar" />
        <Secao titulo="Valores (R$)">
          {travado ? (
            <p className={f.ajuda}>Lote liberado: mínimo e incremento só mudam com o papel Interno - Alteração de Minimos e Incremento.</p>
          ) : null}
          <div className={s.grade3}>
            <Campo
              nome="minimo"
              rotulo="Mínimo"
              obrigatorio
              valor={v('minimo', centavosParaCampo(l.minimo))}
              erros={erros}
              readOnly={travado}
              inputMode="decimal"
            />
            <Campo
              nome="incremento"
              rotulo="Incremento"
              obrigatorio
              valor={v('incremento', centavosParaCampo(l.incremento))}
              erros={erros}
              readOnly={travado}
              inputMode="decimal"
            />
            <Campo
              nome="valorComitente"
              rotulo="Valor do comitente"
              valor={v('valorComitente', centavosParaCampo(l.valorComitente))}
              erros={erros}
              inputMode="decimal"
            />
            <Campo
              nome="compreJa"
              rotulo="Compre Já"
              valor={v('compreJa', centavosParaCampo(l.compreJa))}
              erros={erros}
              inputMode="decimal"
            />
            <Campo
              nome="comissaoPorcentagem"
              rotulo="Comissão (%)"
              valor={v('comissaoPorcentagem', pontosParaCampo(l.comissaoPorcentagem))}
              erros={erros}
              inputMode="decimal"
            />
            <Campo
              nome="comissaoExtraPorcentagem"
              rotulo="Comissão extra (%)"
              valor={v('comissaoExtraPorcentagem', pontosParaCampo(l.comissaoExtraPorcentagem))}
              erros={erros}
              inputMode="decimal"
            />
            <Campo
              nome="comissaoExtraMensagem"
              rotulo="Mensagem da comissão extra"
              valor={v('comissaoExtraMensagem', l.comissaoExtraMensagem)}
              erros={erros}
            />
          </div>
        </Secao>
        <Secao titulo="Leilão judicial (CPC 891 e 896)">
          <div className={s.grade3}>
            <Campo
              nome="avaliacao"
              rotulo="Avaliação judicial"
              valor={v('avaliacao', centavosParaCampo(l.avaliacao))}
              erros={erros}
              inputMode="decimal"
            />
            <Campo
              nome="minimoDoJuiz"
              rotulo="Mínimo fixado pelo juiz"
              valor={v('minimoDoJuiz', centavosParaCampo(l.minimoDoJuiz))}
              erros={erros}
              inputMode="decimal"
            />
          </div>
          <Caixa nome="bemDeIncapaz" rotulo="Bem de incapaz (piso de 80% da avaliação)" marcado={l.bemDeIncapaz} />
        </Secao>
        <Secao titulo="Taxas (R$)">
          <div className={s.grade3}>
            <Campo
              nome="despachante"
              rotulo="Despachante"
              valor={v('despachante', centavosParaCampo(l.despachante))}
              erros={erros}
              inputMode="decimal"
            />
            <Campo nome="outros" rotulo="Outros" valor={v('outros', centavosParaCampo(l.outros))} erros={erros} inputMode="decimal" />
            <Campo nome="remocao" rotulo="Remoção" valor={v('remocao', centavosParaCampo(l.remocao))} erros={erros} inputMode="decimal" />
            <Campo
              nome="depositoDeBens"
              rotulo="Depósito de bens"
              valor={v('depositoDeBens', centavosParaCampo(l.depositoDeBens))}
              erros={erros}
              inputMode="decimal"
            />
            <Campo
              nome="vistoria"
              rotulo="Vistoria"
              valor={v('vistoria', centavosParaCampo(l.vistoria))}
              erros={erros}
              inputMode="decimal"
            />
          </div>
        </Secao>
        <Secao titulo="Venda">
          <div className={s.grade3}>
            <Escolha
              nome="tipo"
              rotulo="Modo de venda"
              opcoes={TIPOS_NEGOCIACAO.map((t) => ({ valor: t, nome: t }))}
              valor={v('tipo', l.tipo)}
              erros={erros}
            />
            <Campo nome="ordem" rotulo="Posição no leilão" valor={v('ordem', l.ordem)} erros={erros} inputMode="numeric" />
          </div>
          <label className={f.campo}>
            <span className={f.rotulo}>Descrição</span>
            <textarea name="descricao" rows={3} className={f.entrada} defaultValue={v('descricao', l.descricao)} />
          </label>
        </Secao>
        <div className={f.acoes}>
          <button type="submit" className={botao}>
            Salvar
          </button>
          <Link to={l.leilaoId ? `/admin/lotes?leilaoId=${l.leilaoId}` : '/admin/lotes'}>Voltar</Link>
        </div>
      </Form>
      <Form method="post">
        <input type="hidden" name="_acao" value="carimbos" />
        <Secao titulo="Carimbos do lote">
          {erros?.carimbos ? (
            <p className={f.erro} role="alert">
              {erros.carimbos[0]}
            </p>
          ) : null}
          {carimbos.length === 0 ? (
            <p className={f.ajuda}>A marca não tem carimbos de lote ativos (cadastre em Carimbo de fotos).</p>
          ) : (
            <div className={f.acoes} data-testid="carimbos-do-lote">
              {carimbos.map((c) => (
                <label key={c.id}>
                  <input type="checkbox" name="carimbos" value={c.id} defaultChecked={escolhidos.has(c.id)} /> {c.nome}
                </label>
              ))}
            </div>
          )}
        </Secao>
        {carimbos.length ? (
          <button type="submit" className={botaoSecundario}>
            Salvar carimbos
          </button>
        ) : null}
      </Form>
      {proximas.length ? (
        <Secao titulo="Situação">
          <Form method="post" className={f.acoes}>
            <input type="hidden" name="_acao" value="situacao" />
            {proximas
              .filter((p) => p !== 'LOTE_CANCELADO')
              .map((p) => (
                <button key={p} type="submit" name="situacao" value={p} className={botaoSecundario}>
                  Passar para {p}
                </button>
              ))}
          </Form>
          {proximas.includes('LOTE_CANCELADO') ? (
            <Form method="post" className={f.acoes}>
              <input type="hidden" name="_acao" value="cancelar" />
              <Campo nome="motivo" rotulo="Motivo do cancelamento" erros={erros} obrigatorio />
              <button type="submit" className={botaoSecundario}>
                Cancelar lote
              </button>
            </Form>
          ) : null}
        </Secao>
      ) : null}
      {incidentes ? <IncidentesDoRegistro itens={incidentes} novo={`/admin/incidente?loteId=${l.id}`} /> : null}
    </section>
  );
}
