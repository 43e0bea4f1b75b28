import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { EscolhaDeLeilao } from '~/components/backoffice/escolha-de-leilao';
import { TabelaRolavel } from '~/components/backoffice/pecas';
import * as f from '~/components/formulario/formulario.css';
import { botao, botaoSecundario, semQuebra } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { listarLeiloes } from '~/modules/backoffice/leiloes.server';
import { CONDICOES_DETRAN } from '~/modules/consultas/condicoes-detran';
import {
  MENSAGEM_ITEM_NAO_ENCONTRADO,
  MENSAGEM_LEILAO_NAO_ENCONTRADO,
  apagarItemDetran,
  importacaoDetranSchema,
  importarItensDetran,
  itensDoLeilao,
  linhasDoTexto,
  sincronizarItensDetran,
} from '~/modules/consultas/detran.server';
import { MENSAGEM_CONSULTA_INDISPONIVEL } from '~/modules/consultas/tipos';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { ErroHttp } from '~/utils/errors';
import { formatarDataHora, formatarMoeda } from '~/utils/format';
import { lerFormulario } from '~/utils/formulario.server';

/*
 * /admin/leilao-detran/{leilaoUid?} (spec 000 §2; issue #31, decision 179): the traffic authority's items of
 * an auction. Paste the detran's list (one vehicle a line), see each item with its lot and its register
 * status, send the waiting ones to the detran, delete one.
 */
export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Leilão Detran');

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const db = context.db;
  const hotsiteId = context.marca.id;
  const escolhido = new URL(request.url).searchParams.get('leilao');
  if (!params.leilaoUid && escolhido) return redirect(`/admin/leilao-detran/${encodeURIComponent(escolhido)}`);
  const { itens } = await listarLeiloes({ db, hotsiteId, filtro: { porPagina: 200 } });
  const leiloes = itens.map((l) => ({ uid: l.uid, nome: l.nome, situacao: l.situacao }));
  if (!params.leilaoUid) return { leiloes, leilao: null, itens: [] };
  const leilao = leiloes.find((l) => l.uid === params.leilaoUid);
  if (!leilao) throw new Response(MENSAGEM_LEILAO_NAO_ENCONTRADO, { status: 404 });
  return { leiloes, leilao, itens: await itensDoLeilao({ db, hotsiteId, leilaoUid: leilao.uid }) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  const db = context.db;
  const hotsiteId = context.marca.id;
  try {
    const leilaoUid = params.leilaoUid ?? '';
    if (!/^[0-9a-f-]{36}$/i.test(leilaoUid)) throw new ErroHttp(404, MENSAGEM_LEILAO_NAO_ENCONTRADO);
    if (campos._acao === 'importar') {
      const lidas = linhasDoTexto(campos.linhas ?? '');
      if (lidas.erro) throw new ErroHttp(400, lidas.erro, { linhas: [lidas.erro] });
      const { itens } = importacaoDetranSchema.parse({ itens: lidas.itens });
      const r = await importarItensDetran({ db, hotsiteId, leilaoUid, itens, criadoPor: eu.nome });
      if (r.tipo === 'leilao_nao_encontrado') throw new ErroHttp(404, MENSAGEM_LEILAO_NAO_ENCONTRADO);
      return { ok: true as const, mensagem: `${r.itens} item(ns) importado(s), ${r.vinculados} ligado(s) a lotes`, erros: {}, valores: {} };
    }
    if (campos._acao === 'sincronizar') {
      const r = await sincronizarItensDetran({ db, hotsiteId, provedores: context.provedores, leilaoUid });
      const mensagem = r.indisponivel
        ? MENSAGEM_CONSULTA_INDISPONIVEL
        : r.enviados === 0
          ? 'Nenhum item a enviar ao Detran'
          : `Enviados ao Detran: ${r.aceitos} aceito(s), ${r.recusados} recusado(s)`;
      return { ok: !r.indisponivel, mensagem, erros: {}, valores: {} };
    }
    if (campos._acao === 'apagar') {
      const uid = campos.uid ?? '';
      if (!/^[0-9a-f-]{36}$/i.test(uid) || !(await apagarItemDetran({ db, hotsiteId, id: uid })))
        throw new ErroHttp(404, MENSAGEM_ITEM_NAO_ENCONTRADO);
      return { ok: true as const, mensagem: 'Item apagado com sucesso', erros: {}, valores: {} };
    }
    throw new ErroHttp(400, 'Ação desconhecida');
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

const situacao = (ok: boolean | null) => (ok === null ? 'Aguardando envio' : ok ? 'Cadastrado' : 'Recusado');

export default function LeilaoDetran() {
  const d = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as { ok: boolean; mensagem: string; erros: Record<string, string[]> } | undefined;
  const errosDasLinhas = r?.erros ? Object.entries(r.erros).map(([k, v]) => `${k}: ${v[0]}`) : [];
  return (
    <section>
      <div className={s.titulo}>
        <h1>Leilão Detran{d.leilao ? `: ${d.leilao.nome}` : ''}</h1>
      </div>
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      {!r?.ok && errosDasLinhas.length ? (
        <ul className={f.erro} data-testid="erros-importacao">
          {errosDasLinhas.slice(0, 10).map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
      <EscolhaDeLeilao base="/admin/leilao-detran" leiloes={d.leiloes} atual={d.leilao?.uid} />
      {d.leilao ? (
        <>
          <Form method="post" className={s.secao} aria-label="Importar itens do Detran">
            <input type="hidden" name="_acao" value="importar" />
            <label className={f.campo}>
              <span className={f.rotulo}>Itens do Detran: um veículo por linha, campos separados por ponto e vírgula</span>
              <textarea
                name="linhas"
                className={f.entrada}
                rows={6}
                required
                placeholder="placa;chassi;renavam;condição;valor inicial;modelo;cor;ano"
              />
            </label>
            <p className={f.ajuda}>
              Exemplo: ABC1D23;9BWZZZ377VT004251;12345678901;Conservado;12.500,00;Gol 1.0;Prata;2019. Condições aceitas:{' '}
              {CONDICOES_DETRAN.join(', ')}. Um chassi já importado neste leilão é atualizado e volta a aguardar envio.
            </p>
            <button type="submit" className={botao}>
              Importar
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="_acao" value="sincronizar" />
            <button type="submit" className={botaoSecundario} disabled={d.itens.length === 0}>
              Sincronizar com o Detran
            </button>
          </Form>
          <TabelaRolavel rotulo="Itens do Detran">
            <table className={f.tabela} data-testid="itens-detran">
              <thead>
                <tr>
                  <th>#</th>
                  <th>Placa</th>
                  <th>Chassi</th>
                  <th>Renavam</th>
                  <th>Condição</th>
                  <th>Valor inicial</th>
                  <th>Lote</th>
                  <th>Cadastro no Detran</th>
                  <th>Ações</th>
                </tr>
              </thead>
              <tbody>
                {d.itens.map((i) => (
                  <tr key={i.uid}>
                    <td>{i.ordemVisualizacao}</td>
                    <td className={semQuebra}>{i.placa}</td>
                    <td className={semQuebra}>{i.chassi}</td>
                    <td>{i.renavan}</td>
                    <td>{i.condicao}</td>
                    <td className={semQuebra}>{i.valorUnitarioInicial == null ? '' : formatarMoeda(i.valorUnitarioInicial)}</td>
                    <td>{i.loteId ? <Link to={`/laudo-detran/by-lel-id/${i.loteId}`}>{i.loteNumero ?? i.loteId}</Link> : 'Sem lote'}</td>
                    <td>
                      {situacao(i.cadastroDetranOK)}
                      {i.cadastroDetranResponse ? ` · ${i.cadastroDetranResponse}` : ''}
                      {i.cadastroDetranData ? ` · ${formatarDataHora(i.cadastroDetranData)}` : ''}
                    </td>
                    <td>
                      <Form method="post">
                        <input type="hidden" name="_acao" value="apagar" />
                        <input type="hidden" name="uid" value={i.uid} />
                        <button type="submit" className={botaoSecundario}>
                          Apagar
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TabelaRolavel>
          {d.itens.length === 0 ? <p>Nenhum item importado para este leilão.</p> : null}
        </>
      ) : null}
    </section>
  );
}
