import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { Escolha, Secao } from '~/components/backoffice/pecas';
import { Campo, type Erros } from '~/components/formulario/campos';
import * as f from '~/components/formulario/formulario.css';
import { botao } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import {
  CONDICOES_PNEU,
  EQUIPAMENTOS,
  MAXIMO_EIXOS,
  RESPOSTAS_EQUIPAMENTO,
  ROTULO_PNEU,
  posicoesDosPneus,
} from '~/modules/vistorias/regras';
import { tiposParaCategoria } from '~/modules/vistorias/tipos.server';
import {
  criarVistoria,
  mudarSituacaoVistoria,
  obterVistoria,
  responderVistoria,
  veiculoParaVistoria,
} from '~/modules/vistorias/vistorias.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { ErroHttp } from '~/utils/errors';
import { formatarDataHora, formatarNumero } from '~/utils/format';
import { lerFormulario } from '~/utils/formulario.server';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Vistoria');

/**
 * /admin/vistoria/{uid?}: open an inspection of a vehicle (by ?veiculo=uid from the vehicle's tab, or by
 * plate/chassis), answer its items, tyres and equipment, then finish it (Realizada: the buyer's report
 * laudo-vistoria/{hash} opens) or cancel it with a reason (decision 064).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const db = context.db;
  const hotsiteId = context.marca.id;
  if (!params.uid) {
    const veiculo = await veiculoParaVistoria({ db, hotsiteId, uid: new URL(request.url).searchParams.get('veiculo') });
    const tipos = await tiposParaCategoria({ db, hotsiteId, categoria: veiculo?.categoria ?? null });
    return { vistoria: null, veiculo, tipos };
  }
  return { vistoria: await obterVistoria({ db, hotsiteId, uid: params.uid }), veiculo: null, tipos: [] };
}

/** The form's fields (resposta.0.1, pneu.<posição>, item.<nome>...) → the module's input. */
function respostasDoFormulario(campos: Record<string, string>) {
  const respostas: Record<string, string> = {};
  const pneus: { posicao: string; condicao: string }[] = [];
  const itens: Record<string, string> = {};
  for (const [k, v] of Object.entries(campos)) {
    if (k.startsWith('resposta.')) respostas[k.slice('resposta.'.length)] = v;
    else if (k.startsWith('pneu.') && v) pneus.push({ posicao: k.slice('pneu.'.length), condicao: v });
    else if (k.startsWith('item.')) itens[k.slice('item.'.length)] = v;
  }
  return {
    vistoriador: campos.vistoriador ?? '',
    observacao: campos.observacao ?? '',
    respostas,
    equipamentos: {
      quilometragem: campos.quilometragem ?? '',
      eixos: campos.eixos ?? '',
      bateria: campos.bateria ?? '',
      chaveReserva: campos.chaveReserva ?? '',
      manualProprietario: campos.manualProprietario ?? '',
      pneus,
      itens,
    },
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  const base = { db: context.db, hotsiteId: context.marca.id, usuarioId: eu.id };
  try {
    if (!params.uid) {
      if (campos._acao !== 'criar') throw new ErroHttp(400, 'Ação desconhecida');
      const v = await criarVistoria({ ...base, entrada: campos });
      return redirect(`/admin/vistoria/${v.uid}`);
    }
    if (campos._acao === 'salvar' || campos._acao === 'realizar') {
      await responderVistoria({ ...base, uid: params.uid, entrada: respostasDoFormulario(campos) });
      if (campos._acao === 'salvar') return { ok: true as const, mensagem: 'Salvo com sucesso', erros: {}, valores: {} };
      await mudarSituacaoVistoria({ ...base, uid: params.uid, entrada: { situacao: 'Realizada' } });
      return { ok: true as const, mensagem: 'Vistoria realizada: o laudo está disponível', erros: {}, valores: {} };
    }
    if (campos._acao === 'cancelar') {
      await mudarSituacaoVistoria({ ...base, uid: params.uid, entrada: { situacao: 'Cancelada', motivo: campos.motivo ?? '' } });
      return { ok: true as const, mensagem: 'Vistoria cancelada', erros: {}, valores: {} };
    }
    throw new ErroHttp(400, 'Ação desconhecida');
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

type Resultado = { ok: boolean; mensagem: string; erros: Erros; valores: Record<string, string> } | undefined;

export default function VistoriaPagina() {
  const { vistoria: v, veiculo, tipos } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as Resultado;
  const erros = r?.erros;
  if (!v) {
    return (
      <section>
        <h1>Nova vistoria</h1>
        {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
        <Form method="post">
          <input type="hidden" name="_acao" value="criar" />
          {veiculo ? <input type="hidden" name="veiculoUid" value={veiculo.uid} /> : null}
          <Secao titulo="Veículo e tipo">
            {veiculo ? (
              <p>
                {veiculo.nome} · {veiculo.placa ?? veiculo.chassi ?? ''}
              </p>
            ) : (
              <Campo
                nome="placaOuChassi"
                rotulo="Placa ou chassi do veículo"
                obrigatorio
                valor={r?.valores.placaOuChassi ?? ''}
                erros={erros}
              />
            )}
            <div className={s.grade3}>
              <Escolha
                nome="tipoVistoriaId"
                rotulo="Tipo de vistoria"
                obrigatorio
                opcoes={tipos.map((t) => ({ valor: t.id, nome: t.nome }))}
                vazio="—"
                valor={r?.valores.tipoVistoriaId}
                erros={erros}
              />
              <Campo nome="vistoriador" rotulo="Vistoriador" valor={r?.valores.vistoriador ?? ''} erros={erros} />
            </div>
            {tipos.length === 0 ? (
              <p>
                Nenhum tipo de vistoria ativo. <Link to="/admin/vistorias/tipo">Cadastre um tipo</Link>.
              </p>
            ) : null}
          </Secao>
          <div className={f.acoes}>
            <button type="submit" className={botao}>
              Abrir vistoria
            </button>
            <Link to="/admin/vistorias">Voltar</Link>
          </div>
        </Form>
      </section>
    );
  }

  const aberta = v.situacao === 'Aguardando';
  const eq = v.equipamentos;
  const grupo = v.grupoEquipamentos;
  const eixos = eq?.eixos ?? 2;
  const condicao = (posicao: string) => eq?.pneus.find((p) => p.posicao === posicao)?.condicao ?? '';
  const respostaEq = RESPOSTAS_EQUIPAMENTO.map((x) => ({ valor: x, nome: x }));
  return (
    <section>
      <div className={s.titulo}>
        <h1>
          Vistoria · {v.veiculo.nome} {v.veiculo.placa ? `(${v.veiculo.placa})` : ''}
        </h1>
        <span className={s.selo} data-testid="situacao-vistoria">
          {v.situacao}
        </span>
      </div>
      <p>
        {v.tipo} · aberta em {formatarDataHora(v.createdAt)}
        {v.criadaPor ? ` por ${v.criadaPor}` : ''} · <Link to={`/admin/veiculo/${v.veiculo.uid}?aba=vistoria`}>ver veículo</Link>
        {v.realizadaAt ? ` · realizada em ${formatarDataHora(v.realizadaAt)}` : ''}
        {v.canceladaAt ? ` · cancelada em ${formatarDataHora(v.canceladaAt)}: ${v.motivoCancelamento ?? ''}` : ''}
      </p>
      {v.situacao === 'Realizada' ? (
        <p>
          <a href={`/laudo-vistoria/${v.hash}`} target="_blank" rel="noreferrer" data-testid="link-laudo">
            Abrir laudo de vistoria
          </a>{' '}
          (link público para o comprador)
        </p>
      ) : null}
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      {r && !r.ok && erros?.situacao && erros.situacao.length > 1 ? (
        <ul className={s.perigo}>
          {erros.situacao.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : null}
      <Form method="post" key={v.updatedAt}>
        <fieldset disabled={!aberta} className={s.secao}>
          <legend>Respostas</legend>
          <div className={s.grade3}>
            <Campo nome="vistoriador" rotulo="Vistoriador" valor={v.vistoriador ?? ''} erros={erros} />
          </div>
          {v.categorias.map((c, ci) => (
            <Secao key={ci} titulo={c.nome}>
              <div className={s.grade3}>
                {c.itens.map((i, ii) =>
                  i.tipo === 'OPCAO' ? (
                    <Escolha
                      key={ii}
                      nome={`resposta.${ci}.${ii}`}
                      rotulo={i.nome}
                      obrigatorio={i.obrigatorio}
                      opcoes={i.opcoes.map((o) => ({ valor: o, nome: o }))}
                      vazio="—"
                      valor={i.resposta ?? ''}
                      erros={erros}
                    />
                  ) : (
                    <Campo
                      key={ii}
                      nome={`resposta.${ci}.${ii}`}
                      rotulo={i.nome}
                      obrigatorio={i.obrigatorio}
                      valor={i.resposta ?? ''}
                      erros={erros}
                    />
                  ),
                )}
              </div>
            </Secao>
          ))}
          <Secao titulo={`Pneus (${grupo === 'pesado' ? 'pesado' : grupo === 'moto' ? 'moto' : 'leve'})`}>
            {grupo === 'pesado' ? (
              <Escolha
                nome="eixos"
                rotulo="Eixos (salve para ajustar as posições)"
                opcoes={Array.from({ length: MAXIMO_EIXOS - 1 }, (_, n) => ({ valor: n + 2, nome: String(n + 2) }))}
                valor={eixos}
                erros={erros}
              />
            ) : null}
            <div className={s.grade3} data-testid="pneus-vistoria">
              {posicoesDosPneus(grupo, eixos).map((p) => (
                <Escolha
                  key={p}
                  nome={`pneu.${p}`}
                  rotulo={p}
                  opcoes={CONDICOES_PNEU.map((c) => ({ valor: c, nome: ROTULO_PNEU[c] }))}
                  vazio="—"
                  valor={condicao(p)}
                  erros={erros}
                />
              ))}
            </div>
          </Secao>
          <Secao titulo="Equipamentos">
            <div className={s.grade3}>
              <Campo
                nome="quilometragem"
                rotulo="Quilometragem"
                valor={
                  eq?.quilometragem != null ? formatarNumero(eq.quilometragem) : v.veiculo.km != null ? formatarNumero(v.veiculo.km) : ''
                }
                erros={erros}
                inputMode="numeric"
              />
              <Escolha nome="bateria" rotulo="Bateria" opcoes={respostaEq} vazio="—" valor={eq?.bateria ?? ''} erros={erros} />
              {grupo === 'leve' ? (
                <>
                  <Escolha
                    nome="chaveReserva"
                    rotulo="Chave reserva"
                    opcoes={respostaEq}
                    vazio="—"
                    valor={eq?.chaveReserva ?? ''}
                    erros={erros}
                  />
                  <Escolha
                    nome="manualProprietario"
                    rotulo="Manual do proprietário"
                    opcoes={respostaEq}
                    vazio="—"
                    valor={eq?.manualProprietario ?? ''}
                    erros={erros}
                  />
                </>
              ) : null}
              {EQUIPAMENTOS[grupo].map((nome) => (
                <Escolha
                  key={nome}
                  nome={`item.${nome}`}
                  rotulo={nome}
                  opcoes={respostaEq}
                  vazio="—"
                  valor={eq?.itens[nome] ?? ''}
                  erros={erros}
                />
              ))}
            </div>
          </Secao>
          <label className={f.campo}>
            <span className={f.rotulo}>Observações</span>
            <textarea name="observacao" rows={3} className={f.entrada} defaultValue={v.observacao ?? ''} />
          </label>
          {aberta ? (
            <div className={f.acoes}>
              <button type="submit" name="_acao" value="salvar" className={botao}>
                Salvar
              </button>
              <button type="submit" name="_acao" value="realizar" className={botao}>
                Salvar e concluir (Realizada)
              </button>
            </div>
          ) : null}
        </fieldset>
      </Form>
      {aberta ? (
        <Secao titulo="Cancelar vistoria">
          <Form method="post" className={s.filtros}>
            <input type="hidden" name="_acao" value="cancelar" />
            <Campo nome="motivo" rotulo="Motivo do cancelamento" erros={erros} />
            <button type="submit" className={s.botaoPequeno}>
              Cancelar vistoria
            </button>
          </Form>
        </Secao>
      ) : null}
      <p>
        <Link to="/admin/vistorias">Voltar às vistorias</Link>
      </p>
    </section>
  );
}
