import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { RECOMENDACOES_CONDICIONAL } from '@db/schema/operacoes';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { Escolha, Secao, TabelaRolavel } from '~/components/backoffice/pecas';
import { RespostaCondicional } from '~/components/backoffice/resposta-condicional';
import { Campo, type Erros } from '~/components/formulario/campos';
import * as f from '~/components/formulario/formulario.css';
import * as o from '~/components/operacoes/operacoes.css';
import { botao, botaoSecundario } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { operacoes } from '~/locales/pt-BR/operacoes';
import { rotuloSituacao } from '~/modules/catalogo/regras';
import { comitentesDoUsuario } from '~/modules/comitentes/usuarios-comitente.server';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { exigirAcesso, type UsuarioLogado } from '~/modules/identidade/guard.server';
import { responderCondicional } from '~/modules/lances/encerramento.server';
import { ESTADOS_ITEM, ITENS_AVALIACAO } from '~/modules/operacoes/avaliacao-condicional';
import {
  obterAvaliacaoCondicional,
  reabrirAvaliacaoCondicional,
  salvarAvaliacaoCondicional,
} from '~/modules/operacoes/avaliacao-condicional.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { ErroHttp } from '~/utils/errors';
import { formatarDataHora, formatarMoeda } from '~/utils/format';
import { lerFormulario } from '~/utils/formulario.server';
import { reaisParaCentavos } from '~/utils/numeros';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Avaliação veicular condicional');

const m = operacoes.avaliacaoCondicional;
/** SAC and ADM evaluate; a seller user (the third role of the screen) reads the concluded evaluation and answers. */
const podeAvaliar = (u: UsuarioLogado) => u.papeis.includes(P.SAC) || u.papeis.includes(P.ADM);
const paraCampo = (c: number | null | undefined) => (c == null ? '' : formatarMoeda(c).replace(/^R\$\s*/u, ''));

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const hotsiteId = context.marca.id;
  const comitentes = await comitentesDoUsuario({ db: context.db, hotsiteId, usuario: eu });
  const d = await obterAvaliacaoCondicional({ db: context.db, hotsiteId, loteUid: params.uid!, comitentes, podeAvaliar: podeAvaliar(eu) });
  return {
    ...d,
    podeAvaliar: podeAvaliar(eu),
    avaliacao: d.avaliacao
      ? { ...d.avaliacao, concluidaEm: d.avaliacao.concluidaEm?.toISOString() ?? null, updatedAt: d.avaliacao.updatedAt.toISOString() }
      : null,
  };
}

/** The form's fields as the evaluation's shape: one state and note per checklist item, the ticked photos with their notes. */
function entradaDoFormulario(form: FormData) {
  const texto = (n: string) => {
    const v = form.get(n);
    return typeof v === 'string' ? v : '';
  };
  const itens = ITENS_AVALIACAO.map((item, i) => ({ item, estado: texto(`estado.${i}`), nota: texto(`nota.${i}`) })).filter(
    (i) => i.estado !== '',
  );
  const fotos = form
    .getAll('foto')
    .slice(0, 61)
    .map((v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : NaN))
    .map((fotoId) => ({ fotoId, nota: Number.isFinite(fotoId) ? texto(`notaFoto.${fotoId}`) : '' }));
  return {
    itens,
    fotos,
    observacao: texto('observacao'),
    valorMercado: texto('valorMercado'),
    custoReparos: texto('custoReparos'),
    valorSugerido: texto('valorSugerido'),
    recomendacao: texto('recomendacao'),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  const base = { db: context.db, hotsiteId: context.marca.id };
  const loteUid = params.uid!;
  try {
    const acao = campos._acao;
    if (acao === 'responder') {
      // The seller's answer, as on the list (SAC, ADM, or a seller user for their own sellers' lots).
      const comitentes = await comitentesDoUsuario({ ...base, usuario: eu });
      const { lote } = await obterAvaliacaoCondicional({ ...base, loteUid, comitentes, podeAvaliar: podeAvaliar(eu) });
      const resposta = campos.resposta ?? '';
      const novoValor = resposta === 'Novo valor' ? reaisParaCentavos(campos.novoValor ?? '') : undefined;
      if (resposta === 'Novo valor' && !(Number.isInteger(novoValor) && novoValor! > 0))
        throw new ErroHttp(400, 'Informe o novo valor em reais, por exemplo 25.000,00', { novoValor: ['Informe o novo valor em reais'] });
      const r = await responderCondicional({
        ...base,
        hub: context.hub,
        loteId: lote.id,
        entrada: { resposta, novoValor },
        comitentes,
        respondidoPor: eu.nome,
      });
      return { ok: true as const, mensagem: `Resposta registrada: ${r.resposta} (${rotuloSituacao(r.situacao)})`, erros: {}, valores: {} };
    }
    if (!podeAvaliar(eu)) throw new ErroHttp(403, 'Somente o SAC ou a administração avaliam o veículo');
    if (acao === 'reabrir') {
      await reabrirAvaliacaoCondicional({ ...base, loteUid });
      return { ok: true as const, mensagem: m.reaberta, erros: {}, valores: {} };
    }
    if (acao !== 'salvar' && acao !== 'concluir') throw new ErroHttp(400, 'Ação desconhecida');
    await salvarAvaliacaoCondicional({
      ...base,
      loteUid,
      usuarioId: eu.id,
      entrada: entradaDoFormulario(form),
      concluir: acao === 'concluir',
    });
    return { ok: true as const, mensagem: acao === 'concluir' ? m.concluida : m.salva, erros: {}, valores: {} };
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

type Resposta = { ok: boolean; mensagem: string; erros: Erros; valores: Record<string, string> } | undefined;
type Dados = ReturnType<typeof useLoaderData<typeof loader>>;

export default function AvaliacaoVeicularCondicional() {
  const d = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as Resposta;
  const { lote: l, avaliacao: a } = d;
  const concluida = a?.situacao === 'Concluída';
  return (
    <section>
      <p>
        <Link to="/admin/avaliacao-veicular-condicional">← Avaliação condicional</Link>
      </p>
      <div className={s.titulo}>
        <h1>{`Avaliação veicular condicional · Lote ${l.numero}`}</h1>
        <span data-testid="situacao-avaliacao">{a?.situacao ?? 'Não avaliado'}</span>
      </div>
      {r ? (
        <Aviso tipo={r.ok ? 'sucesso' : 'erro'} testId="aviso-avaliacao-condicional">
          {r.mensagem}
        </Aviso>
      ) : null}
      <dl className={o.detalhes} data-testid="lote-condicional">
        <dt>Lote</dt>
        <dd>{`${l.numero} – ${l.nome}`}</dd>
        <dt>Leilão / comitente</dt>
        <dd>{[l.leilaoNome, l.comitenteNome].filter(Boolean).join(' · ') || '—'}</dd>
        <dt>Situação</dt>
        <dd>{rotuloSituacao(l.situacao)}</dd>
        <dt>Maior lance</dt>
        <dd>
          {l.lance != null ? formatarMoeda(l.lance) : '—'}
          {l.vencedorNome ? ` · ${l.vencedorNome}` : ''}
        </dd>
        <dt>Valor do comitente</dt>
        <dd>
          {`${l.valorComitente != null ? formatarMoeda(l.valorComitente) : '—'}${
            l.lance != null && l.valorComitente ? ` (lance = ${Math.round((l.lance / l.valorComitente) * 100)}% do valor)` : ''
          }`}
        </dd>
        {d.avaliacaoLeiloeiro ? (
          <>
            <dt>Avaliação do leiloeiro</dt>
            <dd>
              {formatarMoeda(d.avaliacaoLeiloeiro.valorAvaliacao)} · {d.avaliacaoLeiloeiro.estadoGeral}
              {d.avaliacaoLeiloeiro.minimoSugerido != null
                ? ` · mínimo sugerido ${formatarMoeda(d.avaliacaoLeiloeiro.minimoSugerido)}`
                : ''}
            </dd>
          </>
        ) : null}
        {l.resposta ? (
          <>
            <dt>Resposta do comitente</dt>
            <dd data-testid="resposta-dada">
              {`${l.resposta.resposta}${l.resposta.novoValor ? `: ${formatarMoeda(l.resposta.novoValor)}` : ''} · ${formatarDataHora(l.resposta.data)}${
                l.resposta.respondidoPor ? ` por ${l.resposta.respondidoPor}` : ''
              }`}
            </dd>
          </>
        ) : null}
      </dl>

      {d.aguardandoResposta ? <Responder d={d} /> : null}

      {d.podeAvaliar && !concluida ? (
        <FormularioDaAvaliacao d={d} r={r} />
      ) : a ? (
        <ResumoDaAvaliacao d={d} />
      ) : (
        <p data-testid="sem-avaliacao">A avaliação do veículo ainda não foi concluída pela equipe.</p>
      )}
    </section>
  );
}

function Responder({ d }: { d: Dados }) {
  const a = d.avaliacao?.situacao === 'Concluída' ? d.avaliacao : null;
  return (
    <Secao titulo="Resposta do comitente">
      {a?.recomendacao ? (
        <p data-testid="recomendacao">
          Recomendação da avaliação: <strong>{a.recomendacao}</strong>
          {`${a.recomendacao === 'Novo valor' && a.valorSugerido != null ? ` de ${formatarMoeda(a.valorSugerido)}` : ''}. A resposta abaixo já começa por ela.`}
        </p>
      ) : (
        <p>Sem avaliação concluída: responda com base no lance e no valor do comitente.</p>
      )}
      <RespostaCondicional
        // A new recommendation (concluded or reopened on this page) starts the form afresh.
        key={a ? `${a.recomendacao}-${a.valorSugerido}` : 'sem-avaliacao'}
        loteId={d.lote.id}
        numero={d.lote.numero}
        acao="responder"
        inicial={
          a?.recomendacao
            ? { resposta: a.recomendacao, novoValor: a.recomendacao === 'Novo valor' ? paraCampo(a.valorSugerido) : '' }
            : undefined
        }
      />
    </Secao>
  );
}

function ResumoDaAvaliacao({ d }: { d: Dados }) {
  const a = d.avaliacao!;
  const fotos = new Map(d.fotos.map((f) => [f.id, f]));
  return (
    <div data-testid="resumo-avaliacao">
      <h2>Avaliação do veículo</h2>
      <dl className={o.detalhes}>
        <dt>Recomendação</dt>
        <dd>{a.recomendacao ?? '—'}</dd>
        <dt>Valor de mercado</dt>
        <dd>{a.valorMercado != null ? formatarMoeda(a.valorMercado) : '—'}</dd>
        <dt>Custo de reparos</dt>
        <dd>{a.custoReparos != null ? formatarMoeda(a.custoReparos) : '—'}</dd>
        <dt>Valor sugerido</dt>
        <dd>{a.valorSugerido != null ? formatarMoeda(a.valorSugerido) : '—'}</dd>
        <dt>Avaliador</dt>
        <dd>
          {a.avaliador ?? '—'}
          {a.concluidaEm ? ` · concluída em ${formatarDataHora(a.concluidaEm)}` : ''}
        </dd>
      </dl>
      {a.observacao ? <p className={o.texto}>{a.observacao}</p> : null}
      {a.itens.length ? (
        <TabelaRolavel rotulo="Itens avaliados">
          <table className={f.tabela} data-testid="itens-avaliados">
            <thead>
              <tr>
                <th>Item</th>
                <th>Estado</th>
                <th>Observação</th>
              </tr>
            </thead>
            <tbody>
              {a.itens.map((i) => (
                <tr key={i.item}>
                  <td>{i.item}</td>
                  <td>{i.estado}</td>
                  <td>{i.nota ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TabelaRolavel>
      ) : null}
      {a.fotos.length ? (
        <ul className={o.fotosAvaliacao} data-testid="fotos-avaliadas">
          {a.fotos.map((fa) => {
            const foto = fotos.get(fa.fotoId);
            return foto ? (
              <li key={fa.fotoId}>
                <img src={foto.urlMiniatura ?? foto.url} alt={foto.descricao ?? `Foto ${fa.fotoId}`} loading="lazy" />
                <span>{fa.nota ?? ''}</span>
              </li>
            ) : null;
          })}
        </ul>
      ) : null}
      {d.podeAvaliar ? (
        <Form method="post">
          <button type="submit" name="_acao" value="reabrir" className={botaoSecundario}>
            Reabrir avaliação
          </button>
        </Form>
      ) : null}
    </div>
  );
}

function FormularioDaAvaliacao({ d, r }: { d: Dados; r: Resposta }) {
  const a = d.avaliacao;
  const falhou = r && !r.ok;
  const v = (c: string, atual: string) => (falhou ? (r.valores?.[c] ?? '') : atual);
  const item = new Map((a?.itens ?? []).map((i) => [i.item, i]));
  const fotoMarcada = new Map((a?.fotos ?? []).map((x) => [x.fotoId, x]));
  return (
    <Form method="post" data-testid="form-avaliacao-condicional">
      <h2>Avaliação do veículo</h2>
      <Secao titulo="Itens">
        <TabelaRolavel rotulo="Itens da avaliação">
          <table className={`${f.tabela} ${o.checklist}`}>
            <thead>
              <tr>
                <th>Item</th>
                <th>Estado</th>
                <th>Observação</th>
              </tr>
            </thead>
            <tbody>
              {ITENS_AVALIACAO.map((nome, i) => (
                <tr key={nome}>
                  <td>{nome}</td>
                  <td>
                    <select
                      name={`estado.${i}`}
                      aria-label={`Estado: ${nome}`}
                      defaultValue={v(`estado.${i}`, item.get(nome)?.estado ?? '')}
                      className={f.entrada}
                    >
                      <option value="">—</option>
                      {ESTADOS_ITEM.map((e) => (
                        <option key={e} value={e}>
                          {e}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <input
                      name={`nota.${i}`}
                      aria-label={`Observação: ${nome}`}
                      maxLength={500}
                      defaultValue={v(`nota.${i}`, item.get(nome)?.nota ?? '')}
                      className={f.entrada}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TabelaRolavel>
      </Secao>
      <Secao titulo="Fotos">
        {d.fotos.length === 0 ? (
          <p>
            Este lote ainda não tem fotos. Envie-as na aba de fotos do <Link to={`/admin/lotes/${d.lote.id}`}>lote</Link> e marque aqui as
            que mostram o estado do veículo.
          </p>
        ) : (
          <ul className={o.fotosAvaliacao}>
            {d.fotos.map((foto) => (
              <li key={foto.id}>
                <label>
                  <img src={foto.urlMiniatura ?? foto.url} alt={foto.descricao ?? `Foto ${foto.id}`} loading="lazy" />
                  <span>
                    <input type="checkbox" name="foto" value={foto.id} defaultChecked={fotoMarcada.has(foto.id)} /> Incluir na avaliação
                  </span>
                </label>
                <input
                  name={`notaFoto.${foto.id}`}
                  aria-label={`Observação da foto ${foto.descricao ?? foto.id}`}
                  placeholder="O que a foto mostra"
                  maxLength={500}
                  defaultValue={fotoMarcada.get(foto.id)?.nota ?? ''}
                  className={f.entrada}
                />
              </li>
            ))}
          </ul>
        )}
      </Secao>
      <Secao titulo="Valores e recomendação">
        <div className={f.grade}>
          <Campo
            nome="valorMercado"
            rotulo="Valor de mercado (R$)"
            inputMode="decimal"
            placeholder="48.000,00"
            valor={v('valorMercado', paraCampo(a?.valorMercado))}
            erros={r?.erros}
          />
          <Campo
            nome="custoReparos"
            rotulo="Custo estimado de reparos (R$)"
            inputMode="decimal"
            placeholder="3.500,00"
            valor={v('custoReparos', paraCampo(a?.custoReparos))}
            erros={r?.erros}
          />
          <Campo
            nome="valorSugerido"
            rotulo="Valor sugerido ao comitente (R$)"
            inputMode="decimal"
            placeholder="42.000,00"
            valor={v('valorSugerido', paraCampo(a?.valorSugerido))}
            erros={r?.erros}
          />
          <Escolha
            nome="recomendacao"
            rotulo="Recomendação"
            opcoes={RECOMENDACOES_CONDICIONAL.map((x) => ({ valor: x, nome: x }))}
            vazio="—"
            valor={v('recomendacao', a?.recomendacao ?? '')}
            erros={r?.erros}
          />
        </div>
        <label className={f.campo}>
          <span className={f.rotulo}>Parecer</span>
          <textarea name="observacao" rows={4} defaultValue={v('observacao', a?.observacao ?? '')} className={f.entrada} />
        </label>
      </Secao>
      <div className={f.acoes}>
        <button type="submit" name="_acao" value="salvar" className={botaoSecundario}>
          Salvar rascunho
        </button>
        <button type="submit" name="_acao" value="concluir" className={botao}>
          Concluir avaliação
        </button>
      </div>
    </Form>
  );
}
