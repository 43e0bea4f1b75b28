import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { ESTADOS_GERAIS } from '@db/schema/operacoes';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { Escolha, Secao, TabelaRolavel } from '~/components/backoffice/pecas';
import { Campo, type Erros } from '~/components/formulario/campos';
import * as f from '~/components/formulario/formulario.css';
import * as o from '~/components/operacoes/operacoes.css';
import { botao, botaoSecundario } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { operacoes } from '~/locales/pt-BR/operacoes';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import {
  listarAvaliacoesLeiloeiro,
  obterAvaliacaoLeiloeiro,
  salvarAvaliacaoLeiloeiro,
} from '~/modules/operacoes/avaliacao-leiloeiro.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { formatarDataHora, formatarMoeda } from '~/utils/format';
import { lerFormulario } from '~/utils/formulario.server';

export const meta: MetaFunction = ({ matches, params }) =>
  metaDaPagina(matches, params.uid ? 'Avaliação do leiloeiro' : 'Avaliações do leiloeiro');

const m = operacoes.avaliacaoLeiloeiro;
const estados = ESTADOS_GERAIS.map((e) => ({ valor: e, nome: e }));
/** Centavos as the form shows them back: "45.000,00". */
const paraCampo = (c: number | null | undefined) => (c == null ? '' : formatarMoeda(c).replace(/^R\$\s*/u, ''));

/** The list (with filters) and a new appraisal's form; with a uid, that appraisal's form (SAC + ADM, 000 §6). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const { db, marca } = context;
  if (params.uid) {
    const a = await obterAvaliacaoLeiloeiro({ db, hotsiteId: marca.id, uid: params.uid });
    return { avaliacao: { ...a, updatedAt: a.updatedAt.toISOString() }, itens: null, filtro: {}, loteId: '' };
  }
  const url = new URL(request.url);
  const filtro = { estadoGeral: url.searchParams.get('estadoGeral') ?? '', busca: url.searchParams.get('busca') ?? '' };
  const itens = await listarAvaliacoesLeiloeiro({ db, hotsiteId: marca.id, filtro });
  // Opened from a lot's screen: the lot comes in the query.
  const loteId = /^\d{1,10}$/.test(url.searchParams.get('loteId') ?? '') ? url.searchParams.get('loteId')! : '';
  return { avaliacao: null, itens: itens.map((i) => ({ ...i, updatedAt: i.updatedAt.toISOString() })), filtro, loteId };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  try {
    const { uid } = await salvarAvaliacaoLeiloeiro({
      db: context.db,
      hotsiteId: context.marca.id,
      usuarioId: eu.id,
      uid: params.uid,
      entrada: campos,
    });
    if (!params.uid) return redirect(`/admin/avaliacao-leiloeiro/${uid}`);
    return { ok: true as const, mensagem: m.salva, erros: {}, valores: {} };
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

type Resposta = { ok: boolean; mensagem: string; erros: Erros; valores: Record<string, string> } | undefined;

export default function AvaliacaoLeiloeiro() {
  const d = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as Resposta;
  const a = d.avaliacao;
  return (
    <section>
      {a ? (
        <p>
          <Link to="/admin/avaliacao-leiloeiro">← Avaliações do leiloeiro</Link>
        </p>
      ) : null}
      <div className={s.titulo}>
        <h1>{a ? `Avaliação do lote ${a.loteNumero}` : 'Avaliações do leiloeiro'}</h1>
      </div>
      <p>
        O valor de avaliação e o mínimo sugerido pelo leiloeiro para cada lote, com o estado geral do veículo. Servem de referência para o
        lance mínimo e para a resposta a um lance condicional.
      </p>
      {r ? (
        <Aviso tipo={r.ok ? 'sucesso' : 'erro'} testId="aviso-avaliacao">
          {r.mensagem}
        </Aviso>
      ) : null}
      {a ? (
        <>
          <dl className={o.detalhes}>
            <dt>Lote</dt>
            <dd>
              <Link to={`/admin/lotes/${a.loteId}`}>{`${a.loteNumero} – ${a.loteNome}`}</Link>
              {a.leilao ? ` · ${a.leilao}` : ''}
            </dd>
            <dt>Mínimo atual</dt>
            <dd>{formatarMoeda(a.minimoAtual)}</dd>
            <dt>Última alteração</dt>
            <dd>
              {formatarDataHora(a.updatedAt)} por {a.avaliador ?? '—'}
            </dd>
          </dl>
          <FormularioDaAvaliacao r={r} a={a} />
        </>
      ) : (
        <>
          <Form method="get" className={s.filtros} data-testid="filtros-avaliacoes">
            <Escolha
              nome="estadoGeral"
              id="filtro-estadoGeral"
              rotulo="Estado geral"
              opcoes={estados}
              vazio="Todos"
              valor={d.filtro.estadoGeral ?? ''}
            />
            <Campo nome="busca" rotulo="Lote (nome ou número)" valor={d.filtro.busca ?? ''} />
            <button type="submit" className={botaoSecundario}>
              Filtrar
            </button>
          </Form>
          <TabelaRolavel rotulo="Avaliações do leiloeiro">
            <table className={f.tabela} data-testid="avaliacoes-leiloeiro">
              <thead>
                <tr>
                  <th>Lote</th>
                  <th>Avaliação</th>
                  <th>Mínimo sugerido</th>
                  <th>Mínimo atual</th>
                  <th>Estado</th>
                  <th>Avaliador</th>
                  <th>Em</th>
                </tr>
              </thead>
              <tbody>
                {(d.itens ?? []).map((i) => (
                  <tr key={i.uid}>
                    <td>
                      <Link to={`/admin/avaliacao-leiloeiro/${i.uid}`}>{`${i.loteNumero} – ${i.loteNome}`}</Link>
                      {i.leilao ? (
                        <>
                          <br />
                          <small>{i.leilao}</small>
                        </>
                      ) : null}
                    </td>
                    <td>{formatarMoeda(i.valorAvaliacao)}</td>
                    <td>{i.minimoSugerido != null ? formatarMoeda(i.minimoSugerido) : '—'}</td>
                    <td>{formatarMoeda(i.minimoAtual)}</td>
                    <td>{i.estadoGeral}</td>
                    <td>{i.avaliador ?? '—'}</td>
                    <td>{formatarDataHora(i.updatedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TabelaRolavel>
          {d.itens?.length === 0 ? <p>Nenhuma avaliação encontrada.</p> : null}
          <h2>Nova avaliação</h2>
          <FormularioDaAvaliacao r={r} loteId={d.loteId} />
        </>
      )}
    </section>
  );
}

function FormularioDaAvaliacao({
  r,
  a,
  loteId = '',
}: {
  r: Resposta;
  a?: { valorAvaliacao: number; minimoSugerido: number | null; estadoGeral: string; observacao: string | null };
  loteId?: string;
}) {
  const v = (c: string, atual: string) => (r && !r.ok ? (r.valores?.[c] ?? '') : atual);
  return (
    <Form method="post" data-testid="form-avaliacao-leiloeiro">
      <Secao titulo="Avaliação">
        <div className={f.grade}>
          {a ? null : (
            <Campo nome="loteId" rotulo="Lote (código)" inputMode="numeric" obrigatorio valor={v('loteId', loteId)} erros={r?.erros} />
          )}
          <Campo
            nome="valorAvaliacao"
            rotulo="Valor de avaliação (R$)"
            inputMode="decimal"
            obrigatorio
            placeholder="45.000,00"
            valor={v('valorAvaliacao', paraCampo(a?.valorAvaliacao))}
            erros={r?.erros}
          />
          <Campo
            nome="minimoSugerido"
            rotulo="Mínimo sugerido (R$)"
            inputMode="decimal"
            placeholder="30.000,00"
            valor={v('minimoSugerido', paraCampo(a?.minimoSugerido))}
            erros={r?.erros}
          />
          <Escolha
            nome="estadoGeral"
            rotulo="Estado geral"
            opcoes={estados}
            vazio="—"
            obrigatorio
            valor={v('estadoGeral', a?.estadoGeral ?? '')}
            erros={r?.erros}
          />
        </div>
        <label className={f.campo}>
          <span className={f.rotulo}>Observações</span>
          <textarea name="observacao" rows={4} defaultValue={v('observacao', a?.observacao ?? '')} className={f.entrada} />
          {r?.erros?.observacao ? (
            <span className={f.erro} role="alert">
              {r.erros.observacao[0]}
            </span>
          ) : null}
        </label>
      </Secao>
      <div className={f.acoes}>
        <button type="submit" className={botao}>
          {a ? 'Salvar avaliação' : 'Registrar avaliação'}
        </button>
      </div>
    </Form>
  );
}
