import { Link, useFetcher, useSearchParams } from '@remix-run/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { botao, botaoSecundario } from '~/components/layout.css';
import { useWording } from '~/components/marca';
import { aovivo } from '~/locales/pt-BR/aovivo';
import { lances } from '~/locales/pt-BR/lances';
import { ClienteAuditorio, type EstadoAuditorio, type LeituraDoLote } from '~/realtime/auditorio-cliente';
import { formatarContagem, tempoRestante } from '~/realtime/lances-cliente';
import type { ChatMensagem, PregaoMsg } from '~/realtime/protocol';
import { formatarMoeda } from '~/utils/format';
import { AvisoDaTransmissao } from './aviso-da-transmissao';
import { Video } from './video';
import * as s from './auditorio.css';
import { SITUACOES_NO_PREGAO } from '~/modules/dominio/situacoes';

export interface LoteDoCarrossel {
  loteId: number;
  veiUid: string;
  numero: string;
  nome: string;
  situacao: string;
  valorAtual: number;
  foto: string | null;
}

export interface DadosDoAuditorio {
  leiloes: { uid: string; nome: string; situacao: string }[];
  leilao: { uid: string; nome: string; situacao: string; transmissaoUrl: string | null } | null;
  pregao: PregaoMsg | null;
  lotes: LoteDoCarrossel[];
  chat: ChatMensagem[];
  usuario: { id: number; nome: string } | null;
  anuncioUid: string | null;
}

/** The live wording and the bid panel's (current and next bid labels). */
const textosAoVivo = { ...lances, ...aovivo };

const EM_ESPERA = ['LIBERADO_LEILAO', 'REPASSE', 'PENDENTE', 'CADASTRADO'];

/** The floor lot's snapshot after one of its bids (its count and leader): the lot's public bidding state. */
export async function lerLoteDoPregao(veiUid: string): Promise<LeituraDoLote | null> {
  const r = await fetch(`/v1/lances/lote/${encodeURIComponent(veiUid)}`, { headers: { accept: 'application/json' } });
  return r.ok ? ((await r.json()) as LeituraDoLote) : null;
}

/** Who gave the lot's current bid: a nickname, "Lance de pista" for the auctioneer's floor bid, or a dash. */
export function AutorDoLance({ lote }: { lote: { apelido: string | null; lanceDePista?: boolean } }) {
  const t = useWording(textosAoVivo);
  return <>{lote.lanceDePista ? t('lances_painel.lance_de_pista') : (lote.apelido ?? '—')}</>;
}

/** The live state on this screen: the loader's snapshot, then the auditorium socket's updates. */
function useAuditorio(leilaoUid: string | null, inicial: { pregao: PregaoMsg | null; chat: ChatMensagem[] }) {
  const [estado, setEstado] = useState<EstadoAuditorio | null>(
    inicial.pregao
      ? {
          pregao: inicial.pregao,
          chat: inicial.chat,
          atrasoMs: null,
          conectado: false,
          arrematado: null,
          avisoChat: null,
          transmissao: null,
          conectados: null,
        }
      : null,
  );
  const cliente = useRef<ClienteAuditorio | null>(null);
  useEffect(() => {
    if (!leilaoUid || !inicial.pregao) return;
    const proto = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    const c = new ClienteAuditorio({
      url: `${proto}//${window.location.host}/ws`,
      inicial: { pregao: inicial.pregao, chat: inicial.chat },
      buscarSnapshot: async () => {
        const r = await fetch(`/v1/leiloes/auditorio/${leilaoUid}`, { headers: { accept: 'application/json' } });
        return r.ok ? ((await r.json()) as { pregao: PregaoMsg; chat: ChatMensagem[] }) : null;
      },
      buscarLote: lerLoteDoPregao,
    });
    cliente.current = c;
    const parar = c.ouvir(setEstado);
    c.conectar();
    return () => {
      parar();
      c.fechar();
      cliente.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [leilaoUid]);
  return { estado, cliente };
}

export function Auditorio({ dados }: { dados: DadosDoAuditorio }) {
  const t = useWording(textosAoVivo);
  const [busca, setBusca] = useSearchParams();
  const { estado, cliente } = useAuditorio(dados.leilao?.uid ?? null, { pregao: dados.pregao, chat: dados.chat });
  // Live-follow toggles (spec 000 §4 defaults): chat on, conditional lots on, live follow off.
  const [mostrarChat, setMostrarChat] = useState(true);
  const [condicionais, setCondicionais] = useState(true);
  const [acompanhar, setAcompanhar] = useState(false);
  const [agora, setAgora] = useState<number | null>(null);
  useEffect(() => {
    setAgora(Date.now());
    const id = setInterval(() => setAgora(Date.now()), 500);
    return () => clearInterval(id);
  }, []);

  const pregao = estado?.pregao ?? dados.pregao;
  const lote = pregao?.lote ?? null;
  const offset = cliente.current?.offset ?? 0;
  // The carousel keeps the loader's list with the floor lot's live state over it.
  const lotes = useMemo(
    () => dados.lotes.map((l) => (lote && l.veiUid === lote.veiUid ? { ...l, situacao: lote.situacao, valorAtual: lote.valor.atual } : l)),
    [dados.lotes, lote],
  );
  const proximos = lotes.filter((l) => EM_ESPERA.includes(l.situacao) || SITUACOES_NO_PREGAO.includes(l.situacao));
  const finalizados = lotes.filter(
    (l) => !EM_ESPERA.includes(l.situacao) && !SITUACOES_NO_PREGAO.includes(l.situacao) && (condicionais || l.situacao !== 'CONDICIONAL'),
  );
  const aberto = lotes.find((l) => l.veiUid === busca.get('anuncioUid')) ?? null;

  // Live follow: the opened lot follows the one on the floor.
  useEffect(() => {
    if (!acompanhar || !lote || busca.get('anuncioUid') === lote.veiUid) return;
    const b = new URLSearchParams(busca);
    b.set('anuncioUid', lote.veiUid);
    setBusca(b, { replace: true, preventScrollReset: true });
  }, [acompanhar, lote, busca, setBusca]);

  if (!dados.leilao || !pregao) {
    return (
      <section className={s.pagina}>
        <h1 className={s.titulo}>{t('aovivo.titulo')}</h1>
        <p>{t('aovivo.nenhum')}</p>
      </section>
    );
  }
  const abrir = (veiUid: string | null) => {
    const b = new URLSearchParams(busca);
    if (veiUid) b.set('anuncioUid', veiUid);
    else b.delete('anuncioUid');
    return `?${b}`;
  };

  return (
    <section className={s.pagina} data-testid="auditorio">
      <header className={s.topo}>
        <h1 className={s.titulo}>
          {t('aovivo.titulo')} · {dados.leilao.nome}
        </h1>
        <div className={s.indicadores}>
          {pregao.situacao === 'AO_VIVO' && !pregao.pausado ? <span className={s.aoVivo}>{t('aovivo.ao_vivo')}</span> : null}
          {pregao.pausado ? <span className={s.selo}>{t('aovivo.pausado')}</span> : null}
          {pregao.situacao === 'EXECUTADO' ? <span className={s.selo}>{t('aovivo.encerrado')}</span> : null}
          <span className={s.latencia} data-testid="latencia" title="Quanto esta tela está atrás do relógio do servidor">
            {estado?.conectado === false && estado.atrasoMs !== null
              ? t('aovivo.desconectado')
              : t('aovivo.atraso', { ms: estado?.atrasoMs ?? '—' })}
          </span>
        </div>
        {dados.leiloes.length > 1 ? (
          <nav className={s.leiloes} aria-label="Leilões">
            {dados.leiloes.map((l) => (
              <Link key={l.uid} to={`/auditorio/${l.uid}`} className={l.uid === dados.leilao!.uid ? s.leilaoAtivo : s.leilaoLink}>
                {l.nome}
              </Link>
            ))}
          </nav>
        ) : null}
      </header>

      {estado?.arrematado ? (
        <p className={s.ganhou} role="status" data-testid="arrematado">
          {t(estado.arrematado.situacao === 'CONDICIONAL' ? 'aovivo.ganhou_condicional' : 'aovivo.ganhou', {
            numero: estado.arrematado.numero,
            nome: estado.arrematado.nome,
            valor: formatarMoeda(estado.arrematado.valor),
          })}
        </p>
      ) : null}

      <AvisoDaTransmissao aviso={estado?.aviso} fechar={() => cliente.current?.fecharAviso()} />

      <div className={mostrarChat ? s.palco : s.palcoSemChat}>
        {/* The lot comes first in reading order; the grid places the broadcast beside it (or above, on a phone). */}
        <div className={s.areaLote}>
          <LoteNoPregao pregao={pregao} agora={agora} offset={offset} />
        </div>
        <div className={s.areaVideo}>
          {/* A channel update or a published broadcast switches the video; "refresh main player" remounts it. */}
          <Video
            key={estado?.recargas ?? 0}
            recarga={estado?.recargas ?? 0}
            url={estado?.video ? estado.video.url : dados.leilao.transmissaoUrl}
            semVideo={t('aovivo.sem_video')}
          />
        </div>
        {mostrarChat ? (
          <div className={s.areaChat}>
            <Chat
              mensagens={estado?.chat ?? dados.chat}
              aviso={estado?.avisoChat ?? null}
              podeEscrever={!!dados.usuario && pregao.situacao !== 'EXECUTADO'}
              enviar={(texto) => cliente.current?.enviarChat(texto)}
              exibidas={dados.usuario ? (uids) => cliente.current?.exibidas(uids) : undefined}
            />
          </div>
        ) : null}
      </div>

      <fieldset className={s.opcoes}>
        <legend className={s.legenda}>Preferências</legend>
        <label className={s.opcao}>
          <input type="checkbox" checked={mostrarChat} onChange={(e) => setMostrarChat(e.target.checked)} /> {t('aovivo.mostrar_chat')}
        </label>
        <label className={s.opcao}>
          <input type="checkbox" checked={condicionais} onChange={(e) => setCondicionais(e.target.checked)} />{' '}
          {t('aovivo.mostrar_condicionais')}
        </label>
        <label className={s.opcao}>
          <input type="checkbox" checked={acompanhar} onChange={(e) => setAcompanhar(e.target.checked)} /> {t('aovivo.acompanhar')}
        </label>
      </fieldset>

      {aberto ? (
        <aside className={s.aberto} aria-label={`${t('lote')} ${aberto.numero}`} data-testid="lote-aberto">
          {aberto.foto ? <img className={s.abertoFoto} src={aberto.foto} alt="" /> : null}
          <div>
            <strong>
              {t('aovivo.lote', { numero: aberto.numero })} · {aberto.nome}
            </strong>
            <p className={s.suave}>{formatarMoeda(aberto.valorAtual)}</p>
            <Link to={`/lances/${aberto.veiUid}`}>{t('aovivo.ver_lote')}</Link>
          </div>
          <Link to={abrir(null)} preventScrollReset replace className={s.fechar} aria-label={t('aovivo.fechar')}>
            ×
          </Link>
        </aside>
      ) : null}

      <Carrossel titulo={t('aovivo.proximos')} lotes={proximos} abrir={abrir} t={t} aberto={aberto?.veiUid ?? null} />
      <Carrossel titulo={t('aovivo.finalizados')} lotes={finalizados} abrir={abrir} t={t} aberto={aberto?.veiUid ?? null} />
    </section>
  );
}

function Carrossel({
  titulo,
  lotes,
  abrir,
  t,
  aberto,
}: {
  titulo: string;
  lotes: LoteDoCarrossel[];
  abrir: (veiUid: string) => string;
  t: ReturnType<typeof useWording>;
  aberto: string | null;
}) {
  if (lotes.length === 0) return null;
  return (
    <section className={s.carrossel} aria-label={titulo}>
      <h2 className={s.subtitulo}>{titulo}</h2>
      <ul className={s.faixa}>
        {lotes.map((l) => (
          <li key={l.veiUid}>
            {/* Opening a lot sets ?anuncioUid= instead of navigating (spec 000 §2). */}
            <Link
              to={abrir(l.veiUid)}
              preventScrollReset
              replace
              className={l.veiUid === aberto ? s.cartaoAberto : s.cartao}
              aria-current={l.veiUid === aberto ? 'true' : undefined}
            >
              {l.foto ? <img className={s.cartaoFoto} src={l.foto} alt="" loading="lazy" /> : <span className={s.cartaoFoto} />}
              <span className={s.cartaoTexto}>
                <strong>{t('aovivo.lote', { numero: l.numero })}</strong>
                <span className={s.cartaoNome}>{l.nome}</span>
                <span>{formatarMoeda(l.valorAtual)}</span>
                <span className={s.suave}>{textoDaSituacao(l.situacao, t)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function textoDaSituacao(situacao: string, t: ReturnType<typeof useWording>) {
  switch (situacao) {
    case 'DOULHE_UMA':
      return t('aovivo.doulhe_uma');
    case 'DOULHE_DUAS':
      return t('aovivo.doulhe_duas');
    case 'AG_PAGAMENTO':
      return t('aovivo.vendido');
    case 'CONDICIONAL':
      return t('aovivo.condicional');
    case 'NAO_ARREMATADO':
      return t('aovivo.nao_arrematado');
    case 'AO_VIVO':
      return t('aovivo.ao_vivo');
    default:
      return '';
  }
}

function LoteNoPregao({ pregao, agora, offset }: { pregao: PregaoMsg; agora: number | null; offset: number }) {
  const t = useWording(textosAoVivo);
  const lance = useFetcher<{ mensagem?: string; ok?: boolean }>();
  const automatico = useFetcher<{ mensagem?: string; ok?: boolean }>();
  const lote = pregao.lote;
  if (!lote) {
    return (
      <div className={s.pregao} data-testid="lote-no-pregao">
        <p className={s.aguardando}>{pregao.situacao === 'EXECUTADO' ? t('aovivo.encerrado') : t('aovivo.aguardando')}</p>
      </div>
    );
  }
  const chamada = textoDaSituacao(lote.situacao, t);
  const aberto = SITUACOES_NO_PREGAO.includes(lote.situacao) && !pregao.pausado;
  const restante = agora === null ? null : tempoRestante(lote.dataFim, agora, offset);
  return (
    <div className={s.pregao} data-testid="lote-no-pregao" data-situacao={lote.situacao}>
      <div className={lote.foto ? s.cabecalhoDoLote : undefined}>
        {lote.foto ? <img className={s.foto} src={lote.foto} alt={lote.nome} /> : null}
        <div className={s.pregaoTexto}>
          <p className={s.numero}>{t('aovivo.lote', { numero: lote.numero })}</p>
          <h2 className={s.nome}>{lote.nome}</h2>
        </div>
      </div>
      <div className={s.pregaoTexto}>
        {chamada && lote.situacao !== 'AO_VIVO' ? (
          <p className={lote.situacao === 'AG_PAGAMENTO' ? s.vendido : s.chamada} role="status" aria-live="assertive" data-testid="chamada">
            {chamada}
          </p>
        ) : null}
        <dl className={s.valores}>
          <div className={s.valorDestaque}>
            <dt>{t('lances_painel.atual')}</dt>
            <dd className={s.valorGrande} data-testid="valor-atual">
              {formatarMoeda(lote.valor.atual)}
            </dd>
          </div>
          {/* The next bid only while the lot takes bids: never under "Vendido!". */}
          {SITUACOES_NO_PREGAO.includes(lote.situacao) ? (
            <div data-testid="proximo-lance">
              <dt>{t('lances_painel.proximo')}</dt>
              <dd>{formatarMoeda(lote.valor.proximo)}</dd>
            </div>
          ) : null}
          <div>
            <dt data-testid="quantidade-lances">{t.contar('n_lances', lote.quantidadeLances)}</dt>
            <dd data-testid="autor-do-lance">
              <AutorDoLance lote={lote} />
            </dd>
          </div>
          {aberto ? (
            <div>
              <dt>{t('aovivo.encerra_em')}</dt>
              <dd className={s.contagem} data-testid="contagem">
                {restante === null ? '—' : formatarContagem(restante)}
              </dd>
            </div>
          ) : null}
        </dl>
        {aberto ? (
          <div className={s.acoes}>
            <lance.Form method="post" action="/lances/acao">
              <input type="hidden" name="_js" value="1" />
              <input type="hidden" name="intencao" value="lance" />
              <input type="hidden" name="loteId" value={lote.loteId} />
              <input type="hidden" name="proximo" value={lote.valor.proximo} />
              <button className={`${botao} ${s.botaoLance}`} type="submit" disabled={lance.state !== 'idle'} data-testid="dar-lance">
                {t('aovivo.dar_lance', { valor: formatarMoeda(lote.valor.proximo) })}
              </button>
            </lance.Form>
            <automatico.Form method="post" action="/lances/acao" className={s.automatico}>
              <input type="hidden" name="_js" value="1" />
              <input type="hidden" name="intencao" value="automatico" />
              <input type="hidden" name="loteId" value={lote.loteId} />
              <label className={s.rotulo}>
                {t('aovivo.automatico')}
                <input className={s.campo} name="valorMaximo" inputMode="decimal" placeholder="R$" required />
              </label>
              <button className={botaoSecundario} type="submit" disabled={automatico.state !== 'idle'}>
                {t('aovivo.salvar_automatico')}
              </button>
            </automatico.Form>
          </div>
        ) : null}
        {lance.data?.mensagem || automatico.data?.mensagem ? (
          <p className={s.suave} role="status" data-testid="resposta-lance">
            {(lance.data ?? automatico.data)?.mensagem}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function Chat({
  mensagens,
  aviso,
  podeEscrever,
  enviar,
  exibidas,
}: {
  mensagens: ChatMensagem[];
  aviso: string | null;
  podeEscrever: boolean;
  enviar: (texto: string) => void;
  /** A logged-in client's read receipts: the messages now on screen (confirmed 300 ms later). */
  exibidas?: (uids: string[]) => void;
}) {
  const t = useWording(textosAoVivo);
  const [texto, setTexto] = useState('');
  const lista = useRef<HTMLOListElement>(null);
  useEffect(() => {
    lista.current?.scrollTo({ top: lista.current.scrollHeight });
  }, [mensagens.length]);
  const ultima = mensagens.at(-1)?.uid;
  useEffect(() => {
    if (exibidas && mensagens.length) exibidas(mensagens.map((m) => m.uid));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ultima, mensagens.length]);
  return (
    <section className={s.chat} aria-label={t('aovivo.chat')} data-testid="chat">
      <h2 className={s.subtitulo}>{t('aovivo.chat')}</h2>
      <ol className={s.mensagens} ref={lista} aria-live="polite">
        {mensagens.length === 0 ? <li className={s.suave}>{t('aovivo.chat_vazio')}</li> : null}
        {mensagens.map((m) => (
          // Text only: React escapes it; a message is never rendered as HTML.
          <li key={m.uid} className={s.mensagem}>
            <strong>{m.apelido}</strong> {m.texto}
          </li>
        ))}
      </ol>
      {podeEscrever ? (
        <form
          className={s.chatForm}
          onSubmit={(e) => {
            e.preventDefault();
            if (!texto.trim()) return;
            enviar(texto);
            setTexto('');
          }}
        >
          <input
            className={s.campoChat}
            value={texto}
            maxLength={500}
            onChange={(e) => setTexto(e.target.value)}
            aria-label={t('aovivo.mensagem')}
            placeholder={t('aovivo.mensagem')}
          />
          <button className={botao} type="submit">
            {t('aovivo.enviar')}
          </button>
        </form>
      ) : null}
      {aviso ? (
        <p className={s.aviso} role="alert">
          {aviso}
        </p>
      ) : null}
    </section>
  );
}
