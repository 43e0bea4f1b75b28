import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { TabelaRolavel } from '~/components/backoffice/pecas';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { EscolhaDeLeilao } from '~/components/backoffice/escolha-de-leilao';
import * as f from '~/components/formulario/formulario.css';
import { botao, botaoSecundario } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import {
  adicionarDocumento,
  DOCUMENTO_BYTES_MAXIMO,
  documentosDoLeilao,
  leilaoDaMarca,
  removerDocumento,
} from '~/modules/backoffice/documentos-leilao.server';
import { listarLeiloes } from '~/modules/backoffice/leiloes.server';
import { ROTULOS_DOCUMENTO } from '~/modules/backoffice/rotulos-extras';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { ErroHttp } from '~/utils/errors';
import { lerFormulario } from '~/utils/formulario.server';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Documentos do leilão');

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const db = context.db;
  const hotsiteId = context.marca.id;
  const escolhido = new URL(request.url).searchParams.get('leilao');
  if (!params.leilaoUid && escolhido) return redirect(`/admin/documentos-leilao/${encodeURIComponent(escolhido)}`);
  const { itens } = await listarLeiloes({ db, hotsiteId, filtro: { porPagina: 200 } });
  const leiloes = itens.map((l) => ({ uid: l.uid, nome: l.nome, situacao: l.situacao }));
  if (!params.leilaoUid) return { leiloes, leilao: null, documentos: [] };
  const leilao = await leilaoDaMarca(db, hotsiteId, params.leilaoUid);
  return { leiloes, leilao, documentos: await documentosDoLeilao({ db, hotsiteId, leilaoId: leilao.id }) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request, {
    arquivos: 1,
    bytesPorArquivo: DOCUMENTO_BYTES_MAXIMO,
    bytesTotal: DOCUMENTO_BYTES_MAXIMO + 100_000,
  });
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  const db = context.db;
  const hotsiteId = context.marca.id;
  try {
    if (!params.leilaoUid) throw new ErroHttp(404, 'Leilão não encontrado');
    const leilao = await leilaoDaMarca(db, hotsiteId, params.leilaoUid);
    if (campos._acao === 'remover') {
      await removerDocumento({ db, hotsiteId, usuarioId: eu.id, leilaoId: leilao.id, uid: campos.uid ?? '' });
      return { ok: true as const, mensagem: 'Item apagado com sucesso', erros: {}, valores: {} };
    }
    if (campos._acao !== 'enviar') throw new ErroHttp(400, 'Ação desconhecida');
    const a = form.get('arquivo');
    const arquivo = a && typeof a !== 'string' && a.size > 0 ? { nome: a.name, conteudo: Buffer.from(await a.arrayBuffer()) } : null;
    await adicionarDocumento({ db, hotsiteId, usuarioId: eu.id, leilaoId: leilao.id, entrada: campos, arquivo });
    return { ok: true as const, mensagem: 'Salvo com sucesso', erros: {}, valores: {} };
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

const tamanho = (bytes: number) => (bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${Math.ceil(bytes / 1000)} kB`);

export default function DocumentosLeilao() {
  const d = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as { ok: boolean; mensagem: string; erros: Record<string, string[]> } | undefined;
  return (
    <section>
      <div className={s.titulo}>
        <h1>Documentos do leilão{d.leilao ? `: ${d.leilao.nome}` : ''}</h1>
        {d.leilao ? <Link to={`/admin/leilao/${d.leilao.id}`}>Voltar ao leilão</Link> : null}
      </div>
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      <EscolhaDeLeilao base="/admin/documentos-leilao" leiloes={d.leiloes} atual={d.leilao?.uid} />
      {d.leilao ? (
        <>
          <Form method="post" encType="multipart/form-data" className={s.secao} aria-label="Enviar documento">
            <input type="hidden" name="_acao" value="enviar" />
            <div className={f.grade}>
              <label className={f.campo}>
                <span className={f.rotulo}>Tipo</span>
                <select name="tipo" className={f.entrada} defaultValue="EDITAL">
                  {Object.entries(ROTULOS_DOCUMENTO).map(([k, v]) => (
                    <option key={k} value={k}>
                      {v}
                    </option>
                  ))}
                </select>
              </label>
              <label className={f.campo}>
                <span className={f.rotulo}>Descrição</span>
                <input name="descricao" className={f.entrada} maxLength={200} placeholder="Ex.: Edital do leilão" />
              </label>
              <label className={f.campo}>
                <span className={f.rotulo}>Arquivo (PDF, até 10 MB)</span>
                <input type="file" name="arquivo" accept="application/pdf" required className={f.entrada} />
                {r?.erros?.arquivo ? <p className={f.erro}>{r.erros.arquivo[0]}</p> : null}
              </label>
            </div>
            <button type="submit" className={botao}>
              Enviar documento
            </button>
          </Form>
          <TabelaRolavel rotulo="Documentos do leilão">
            <table className={f.tabela} data-testid="documentos-leilao">
              <thead>
                <tr>
                  <th>Tipo</th>
                  <th>Descrição</th>
                  <th>Arquivo</th>
                  <th>Tamanho</th>
                  <th>Ações</th>
                </tr>
              </thead>
              <tbody>
                {d.documentos.map((x) => (
                  <tr key={x.uid}>
                    <td>{ROTULOS_DOCUMENTO[x.tipo]}</td>
                    <td>{x.descricao}</td>
                    <td>
                      <a href={x.url} target="_blank" rel="noreferrer">
                        {x.nomeArquivo}
                      </a>
                    </td>
                    <td>{tamanho(x.tamanho)}</td>
                    <td>
                      <Form method="post">
                        <input type="hidden" name="_acao" value="remover" />
                        <input type="hidden" name="uid" value={x.uid} />
                        <button type="submit" className={botaoSecundario}>
                          Remover
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TabelaRolavel>
          {d.documentos.length === 0 ? <p>Nenhum documento enviado.</p> : null}
        </>
      ) : null}
    </section>
  );
}
