import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { TabelaRolavel } from '~/components/backoffice/pecas';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { z } from 'zod';
import { Aviso } from '~/components/aviso';
import { CaixasVideoAudio, CampoCanal } from '~/components/aovivo/transmissao-plataforma';
import * as s from '~/components/formulario/formulario.css';
import { botao, botaoSecundario } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { leiloesDoPregao } from '~/modules/aovivo/pregao.server';
import {
  criarCanal,
  dadosDaTransmissao,
  iniciarTransmissao,
  publicarTransmissao,
  TEMPLATES_TRANSMISSAO,
} from '~/modules/aovivo/transmissao.server';
import { atualizarCanal, criarModelo, enviarModelo, excluirModelo, listarModelos, recarregarPlayer } from '~/modules/aovivo/sinais.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { comoRespostaDeErro, ErroHttp } from '~/utils/errors';
import { lerFormulario } from '~/utils/formulario.server';
import { formatarDataHora } from '~/utils/format';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Transmissão');

const uidValido = (v: string | undefined) => v !== undefined && z.uuid().safeParse(v).success;

/**
 * /admin/transmissao/{leilaoUid?} (Leiloeiro + ADM + MKT): the auction's broadcast channels, starting a
 * broadcast and publishing it to the auditorium (its video switches at once; decision 063).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const hotsiteId = context.marca.id;
  const leiloes = await leiloesDoPregao({ db: context.db, hotsiteId });
  const uid = params.leilaoUid ?? leiloes[0]?.uid;
  const modelos = await listarModelos({ db: context.db, hotsiteId });
  if (!uid) return { leiloes, leilaoUid: null, dados: null, templates: TEMPLATES_TRANSMISSAO, modelos };
  if (!uidValido(uid)) throw new Response('Leilão não encontrado', { status: 404 });
  const dados = await dadosDaTransmissao({ db: context.db, hotsiteId, leilaoUid: uid }).catch((erro) => {
    if (erro instanceof ErroHttp) throw new Response(erro.mensagem, { status: erro.status });
    throw erro;
  });
  return { leiloes, leilaoUid: uid, dados, templates: TEMPLATES_TRANSMISSAO, modelos };
}

/** A form's text as the API's JSON: checkboxes as booleans, numbers as numbers, blanks left out. */
const texto = (f: FormData, k: string) => {
  const v = f.get(k);
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
};
const numero = (f: FormData, k: string) => {
  const v = texto(f, k);
  return v === undefined ? undefined : /^-?\d{1,9}$/.test(v) ? Number(v) : v;
};
const marcado = (f: FormData, k: string) => f.get(k) === 'on';

export async function action({ request, params, context }: ActionFunctionArgs) {
  const u = await exigirAcesso(request, context);
  const form = await lerFormulario(request);
  const hotsiteId = context.marca.id;
  const leilaoUid = params.leilaoUid;
  const intencao = form.get('intencao');
  try {
    if (!uidValido(leilaoUid)) throw new ErroHttp(404, 'Leilão não encontrado');
    if (intencao === 'canal') {
      const c = await criarCanal({
        db: context.db,
        hotsiteId,
        entrada: {
          nome: texto(form, 'nome') ?? '',
          disponivel: marcado(form, 'disponivel'),
          leilaoUid,
          templateUid: texto(form, 'templateUid'),
        },
      });
      return Response.json({ ok: true, mensagem: `Canal "${c.nome}" criado` });
    }
    if (intencao === 'iniciar') {
      await iniciarTransmissao({
        db: context.db,
        hotsiteId,
        usuarioId: u!.id,
        entrada: {
          urlRmtp: texto(form, 'urlRmtp'),
          leilaoUid,
          videoAtivo: marcado(form, 'videoAtivo'),
          audioAtivo: marcado(form, 'audioAtivo'),
          posicaoTemplate: numero(form, 'posicaoTemplate'),
          canalTransmissaoUid: texto(form, 'canalTransmissaoUid'),
          local: texto(form, 'local'),
        },
      });
      return Response.json({ ok: true, mensagem: 'Transmissão iniciada: publique-a para o auditório' });
    }
    if (intencao === 'publicar') {
      await publicarTransmissao({
        db: context.db,
        hub: context.hub,
        hotsiteId,
        entrada: {
          leilaoUid,
          transmissaoUid: texto(form, 'transmissaoUid'),
          videoAtivo: marcado(form, 'videoAtivo'),
          audioAtivo: marcado(form, 'audioAtivo'),
        },
      });
      return Response.json({ ok: true, mensagem: 'Transmissão publicada no auditório' });
    }
    // The viewers' signals (decisions 265-267): the same functions as the websocket's staff messages.
    const sinal = { db: context.db, hub: context.hub, hotsiteId };
    if (intencao === 'modelo-criar') {
      const m = await criarModelo({ ...sinal, entrada: { nome: texto(form, 'nome') ?? '', texto: texto(form, 'texto') ?? '' } });
      return Response.json({ ok: true, mensagem: `Modelo "${m.nome}" salvo` });
    }
    if (intencao === 'modelo-excluir') {
      const m = await excluirModelo({ ...sinal, modeloUid: texto(form, 'modeloUid') });
      return Response.json({ ok: true, mensagem: `Modelo "${m.nome}" excluído` });
    }
    if (intencao === 'modelo-enviar') {
      const r = await enviarModelo({ ...sinal, entrada: { leilaoUid, modeloUid: texto(form, 'modeloUid') } });
      return Response.json({ ok: true, mensagem: r.mensagem });
    }
    if (intencao === 'canal-no-ar' || intencao === 'canal-indisponivel') {
      const r = await atualizarCanal({
        ...sinal,
        entrada: { leilaoUid, canalTransmissaoUid: texto(form, 'canalTransmissaoUid'), disponivel: intencao === 'canal-no-ar' },
      });
      return Response.json({ ok: true, mensagem: r.mensagem });
    }
    if (intencao === 'recarregar-player') {
      const r = await recarregarPlayer({ ...sinal, entrada: { leilaoUid } });
      return Response.json({ ok: true, mensagem: r.mensagem });
    }
    return Response.json({ ok: false, mensagem: 'Ação desconhecida' }, { status: 400 });
  } catch (erro) {
    const { status, corpo } = comoRespostaDeErro(erro);
    if (status >= 500) throw erro;
    return Response.json({ ok: false, mensagem: corpo.mensagem }, { status });
  }
}

export default function Transmissao() {
  const { leiloes, leilaoUid, dados, templates, modelos } = useLoaderData<typeof loader>();
  const r = useActionData<{ ok: boolean; mensagem: string }>();
  const enviando = useNavigation().state !== 'idle';
  // Forms post to the auction's own address (the page may be open without a uid: the first auction).
  const acao = `/admin/transmissao/${leilaoUid ?? ''}`;
  const nomeDoTemplate = (uid: string) => templates.find((t) => t.uid === uid)?.nome ?? '—';
  return (
    <section>
      <h1>Transmissão</h1>
      <nav className={s.abas} aria-label="Leilões">
        {leiloes.map((l) => (
          <Link key={l.uid} to={`/admin/transmissao/${l.uid}`} className={s.aba} aria-current={l.uid === leilaoUid ? 'page' : undefined}>
            {l.nome}
          </Link>
        ))}
      </nav>
      {r ? (
        <Aviso tipo={r.ok ? 'sucesso' : 'erro'} testId="transmissao-aviso">
          {r.mensagem}
        </Aviso>
      ) : null}
      {!dados ? (
        <p>Nenhum leilão ao vivo ou programado.</p>
      ) : (
        <>
          <p>
            Por plataforma: <Link to={`/admin/transmissao/youtube/${leilaoUid}`}>YouTube</Link> ·{' '}
            <Link to={`/admin/transmissao/instagram/${leilaoUid}`}>Instagram</Link>
          </p>
          <h2>Espectadores</h2>
          <Form method="post" action={acao}>
            <input type="hidden" name="intencao" value="recarregar-player" />
            <button className={botaoSecundario} disabled={enviando}>
              Recarregar player dos espectadores
            </button>
            <p className={s.ajuda}>O vídeo principal de quem está no auditório recarrega (use quando a imagem travar).</p>
          </Form>
          <h3>Mensagens prontas</h3>
          {modelos.length === 0 ? <p>Nenhuma mensagem pronta ainda: crie a primeira abaixo.</p> : null}
          <ul data-testid="modelos">
            {modelos.map((m) => (
              <li key={m.uid}>
                <Form method="post" action={acao} className={s.acoes}>
                  <input type="hidden" name="modeloUid" value={m.uid} />
                  <span>
                    <strong>{m.nome}</strong>: {m.texto}
                  </span>
                  <button className={botao} name="intencao" value="modelo-enviar" disabled={enviando}>
                    Enviar aos espectadores
                  </button>
                  <button className={botaoSecundario} name="intencao" value="modelo-excluir" disabled={enviando}>
                    Excluir
                  </button>
                </Form>
              </li>
            ))}
          </ul>
          <Form method="post" action={acao} className={s.cartao}>
            <input type="hidden" name="intencao" value="modelo-criar" />
            <label className={s.campo}>
              <span className={s.rotulo}>Nome da mensagem</span>
              <input className={s.entrada} name="nome" required maxLength={80} placeholder="Intervalo" />
            </label>
            <label className={s.campo}>
              <span className={s.rotulo}>Texto que os espectadores leem</span>
              <textarea
                className={s.entrada}
                name="texto"
                required
                maxLength={280}
                rows={2}
                placeholder="Intervalo de 10 minutos: o pregão recomeça às 15h."
              />
            </label>
            <button className={botaoSecundario} disabled={enviando}>
              Salvar mensagem
            </button>
          </Form>

          <h2>Canais</h2>
          <TabelaRolavel rotulo="Transmissão">
            <table className={s.tabela} data-testid="canais">
              <thead>
                <tr>
                  <th>Canal</th>
                  <th>Template</th>
                  <th>Disponível</th>
                  <th>No ar</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {dados.canais.map((c) => (
                  <tr key={c.canalTransmissaoUid}>
                    <td>{c.nome}</td>
                    <td>{nomeDoTemplate(c.templateUid)}</td>
                    <td>{c.disponivel ? 'Sim' : 'Não'}</td>
                    <td>{c.ativo ? 'Sim' : 'Não'}</td>
                    <td>
                      {/* Channel update: the viewers switch video at once, without reloading (decision 266). */}
                      <Form method="post" action={acao} className={s.acoes}>
                        <input type="hidden" name="canalTransmissaoUid" value={c.canalTransmissaoUid} />
                        {!c.ativo ? (
                          <button className={botao} name="intencao" value="canal-no-ar" disabled={enviando}>
                            Colocar no ar
                          </button>
                        ) : null}
                        {c.disponivel ? (
                          <button className={botaoSecundario} name="intencao" value="canal-indisponivel" disabled={enviando}>
                            Tornar indisponível
                          </button>
                        ) : null}
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TabelaRolavel>
          <Form method="post" action={acao} className={s.cartao}>
            <input type="hidden" name="intencao" value="canal" />
            <label className={s.campo}>
              <span className={s.rotulo}>Nome do canal</span>
              <input className={s.entrada} name="nome" required maxLength={100} />
            </label>
            <label className={s.campo}>
              <span className={s.rotulo}>Template</span>
              <select className={s.entrada} name="templateUid">
                {templates.map((t) => (
                  <option key={t.uid} value={t.uid}>
                    {t.nome}
                  </option>
                ))}
              </select>
            </label>
            <label className={s.caixa}>
              <input type="checkbox" name="disponivel" defaultChecked /> Disponível
            </label>
            <button className={botaoSecundario} disabled={enviando}>
              Criar canal
            </button>
          </Form>

          <h2>Iniciar transmissão</h2>
          <Form method="post" action={acao} className={s.cartao}>
            <input type="hidden" name="intencao" value="iniciar" />
            <label className={s.campo}>
              <span className={s.rotulo}>URL do stream</span>
              <input className={s.entrada} name="urlRmtp" required maxLength={2000} placeholder="https://…/live.m3u8 ou rtmp://…" />
              <span className={s.ajuda}>O auditório toca YouTube, Vimeo ou HLS (.m3u8).</span>
            </label>
            <CampoCanal canais={dados.canais} />
            <label className={s.campo}>
              <span className={s.rotulo}>Posição no template</span>
              <input className={s.entrada} name="posicaoTemplate" type="number" min={0} max={99} defaultValue={0} required />
            </label>
            <label className={s.campo}>
              <span className={s.rotulo}>Local</span>
              <input className={s.entrada} name="local" maxLength={200} />
            </label>
            <CaixasVideoAudio />
            <button className={botao} disabled={enviando}>
              Iniciar transmissão
            </button>
          </Form>

          <h2>Transmissões</h2>
          <TabelaRolavel rotulo="Transmissão">
            <table className={s.tabela} data-testid="transmissoes">
              <thead>
                <tr>
                  <th>Início</th>
                  <th>URL</th>
                  <th>Vídeo / áudio</th>
                  <th>Publicada</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {dados.transmissoes.map((t) => (
                  <tr key={t.uid}>
                    <td>{formatarDataHora(t.dataInicio)}</td>
                    <td>{t.urlRmtp}</td>
                    <td>
                      {t.videoAtivo ? 'Vídeo' : 'Sem vídeo'} / {t.audioAtivo ? 'áudio' : 'sem áudio'}
                    </td>
                    <td>{t.dataPublicacao ? formatarDataHora(t.dataPublicacao) : 'Não'}</td>
                    <td>
                      <Form method="post" action={acao}>
                        <input type="hidden" name="intencao" value="publicar" />
                        <input type="hidden" name="transmissaoUid" value={t.uid} />
                        <input type="hidden" name="videoAtivo" value={t.videoAtivo ? 'on' : ''} />
                        <input type="hidden" name="audioAtivo" value={t.audioAtivo ? 'on' : ''} />
                        <button className={botao} disabled={enviando}>
                          Publicar no auditório
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TabelaRolavel>
        </>
      )}
    </section>
  );
}
