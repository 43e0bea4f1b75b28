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
import { listarLeiloes } from '~/modules/backoffice/leiloes.server';
import { alterarVideos, videosDoLeilao } from '~/modules/backoffice/videos-leilao.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { ErroHttp } from '~/utils/errors';
import { lerFormulario } from '~/utils/formulario.server';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'URLs de vídeo do leilão');

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const db = context.db;
  const hotsiteId = context.marca.id;
  const escolhido = new URL(request.url).searchParams.get('leilao');
  if (!params.leilaoUid && escolhido) return redirect(`/admin/leilao-url-videos/${encodeURIComponent(escolhido)}`);
  const { itens } = await listarLeiloes({ db, hotsiteId, filtro: { porPagina: 200 } });
  const leiloes = itens.map((l) => ({ uid: l.uid, nome: l.nome, situacao: l.situacao }));
  if (!params.leilaoUid) return { leiloes, dados: null };
  return { leiloes, dados: await videosDoLeilao({ db, hotsiteId, leilaoUid: params.leilaoUid }) };
}

const ACOES = ['adicionar', 'remover', 'ativar'] as const;

export async function action({ request, params, context }: ActionFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  try {
    if (!params.leilaoUid) throw new ErroHttp(404, 'Leilão não encontrado');
    const tipo = ACOES.find((a) => a === campos._acao);
    if (!tipo) throw new ErroHttp(400, 'Ação desconhecida');
    await alterarVideos({
      db: context.db,
      hub: context.hub,
      hotsiteId: context.marca.id,
      usuarioId: eu.id,
      leilaoUid: params.leilaoUid,
      acao: tipo === 'adicionar' ? { tipo, url: campos.url, ativar: campos.ativar === 'on' } : { tipo, url: campos.url },
    });
    const mensagem = tipo === 'remover' ? 'Item apagado com sucesso' : tipo === 'ativar' ? 'Vídeo ativo no auditório' : 'Salvo com sucesso';
    return { ok: true as const, mensagem, erros: {}, valores: {} };
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

const ROTULO_TIPO: Record<string, string> = { youtube: 'YouTube', vimeo: 'Vimeo', hls: 'HLS' };

export default function LeilaoUrlVideos() {
  const { leiloes, dados } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as
    { ok: boolean; mensagem: string; erros: Record<string, string[]>; valores: Record<string, string> } | undefined;
  return (
    <section>
      <div className={s.titulo}>
        <h1>URLs de vídeo{dados ? `: ${dados.leilao.nome}` : ''}</h1>
        {dados ? <Link to={`/admin/leilao/${dados.leilao.id}`}>Voltar ao leilão</Link> : null}
      </div>
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      <EscolhaDeLeilao base="/admin/leilao-url-videos" leiloes={leiloes} atual={dados?.leilao.uid} />
      {dados ? (
        <>
          <p className={f.ajuda}>
            O vídeo ativo é o que o auditório mostra. Aceitos: YouTube, Vimeo ou stream HLS (.m3u8) com https. Publicar uma transmissão em
            /admin/transmissao também troca o vídeo ativo.
          </p>
          <Form method="post" className={s.filtros} aria-label="Adicionar vídeo">
            <input type="hidden" name="_acao" value="adicionar" />
            <label className={f.campo}>
              <span className={f.rotulo}>Endereço do vídeo</span>
              <input
                name="url"
                type="url"
                required
                maxLength={500}
                className={f.entrada}
                placeholder="https://www.youtube.com/watch?v=..."
                defaultValue={r && !r.ok ? r.valores.url : ''}
              />
              {r?.erros?.url ? <span className={f.erro}>{r.erros.url[0]}</span> : null}
            </label>
            <label className={f.caixa}>
              <input type="checkbox" name="ativar" /> Ativar no auditório
            </label>
            <button type="submit" className={botao}>
              Adicionar
            </button>
          </Form>
          <TabelaRolavel rotulo="URLs de vídeo do leilão">
            <table className={f.tabela} data-testid="videos-do-leilao">
              <thead>
                <tr>
                  <th>Endereço</th>
                  <th>Tipo</th>
                  <th>Situação</th>
                  <th>Ações</th>
                </tr>
              </thead>
              <tbody>
                {dados.videos.map((v) => (
                  <tr key={v.url}>
                    <td>
                      <a href={v.url} target="_blank" rel="noreferrer">
                        {v.url}
                      </a>
                    </td>
                    <td>{v.tipo ? ROTULO_TIPO[v.tipo] : '—'}</td>
                    <td>{v.ativo ? <span className={s.selo}>Ativo</span> : 'Inativo'}</td>
                    <td>
                      <div className={f.acoes}>
                        {!v.ativo ? (
                          <Form method="post">
                            <input type="hidden" name="_acao" value="ativar" />
                            <input type="hidden" name="url" value={v.url} />
                            <button type="submit" className={botao}>
                              Ativar
                            </button>
                          </Form>
                        ) : null}
                        <Form method="post">
                          <input type="hidden" name="_acao" value="remover" />
                          <input type="hidden" name="url" value={v.url} />
                          <button type="submit" className={botaoSecundario}>
                            Remover
                          </button>
                        </Form>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TabelaRolavel>
          {dados.videos.length === 0 ? <p>Nenhum vídeo cadastrado.</p> : null}
          {dados.transmissaoUrl && !dados.videos.some((v) => v.ativo) ? (
            <p className={f.ajuda}>Vídeo atual do auditório (transmissão publicada): {dados.transmissaoUrl}</p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
