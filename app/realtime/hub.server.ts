import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import * as modulosDoWs from 'ws';
import { WebSocket, WebSocketServer } from 'ws';
import { temCaractereNulo } from '~/utils/entrada';
import { mesmoHost, origemDoPedido } from '~/utils/origem-do-pedido';
import type { Logger } from '~/utils/logger.server';
import { criarBatimento } from './batimento';
import type { Bus } from './bus.server';
import { criarContador } from './contagem.server';
import {
  MENSAGENS_WS,
  mensagemDoClienteSchema,
  salas,
  type ComandoDaEquipe,
  type MensagemDoServidor,
  type PublicarTransmissao,
} from './protocol';

/**
 * The websocket hub on /ws. On upgrade it resolves the hotsite and checks the bearer token (when one
 * is sent); a socket then joins rooms inside its hotsite. Delivery to a room goes through the bus
 * (channel `sala:<hotsiteId>:<room>`), so a socket on any instance receives it. A heartbeat closes
 * sockets that stopped answering pings (in slices over the interval, `batimento.ts`).
 */
export interface Identidade {
  usuarioId: number;
}

export interface HubDeps {
  bus: Bus;
  logger: Logger;
  resolverHotsite(req: IncomingMessage): Promise<{ id: number } | null>;
  autenticar(hotsiteId: number, token: string): Promise<Identidade | null>;
  /** Pages' session cookie (browsers cannot set headers on a websocket); used only same-origin. */
  tokenDoCookie?(req: IncomingMessage): Promise<string | null>;
  /** Staff rooms (the auctioneer's): may this user join? Without it nobody may. */
  podeEntrarComoLeiloeiro?(hotsiteId: number, identidade: Identidade): Promise<boolean>;
  /**
   * Exclusive events (decision 186): may this socket's login (null for a visitor) see the auction, given
   * by its uid or by one of its lots' vehicle uid? Asked before joining a lot room, an auditorium or a
   * private auction's room. Without it every public room is open and the private rooms are closed.
   */
  podeVerLeilao?(hotsiteId: number, usuarioId: number | null, alvo: { leilaoUid: string } | { veiUid: string }): Promise<boolean>;
  /** A chat message from a logged-in client: stored and published by the live module; answers a refusal or null. */
  aoChat?(hotsiteId: number, identidade: Identidade, dados: { leilaoUid: string; texto: string }): Promise<string | null>;
  /** `put-publicar-transmissao` from a logged-in user: role checked, stored and published by the live module; a refusal or null. */
  aoPublicarTransmissao?(hotsiteId: number, identidade: Identidade, dados: PublicarTransmissao): Promise<string | null>;
  /**
   * Staff following an auction (decision 264): may this login follow it on this brand? Answers the
   * vehicle uids of its lots (their updates reach the room) or the refusal. Without it nobody may.
   */
  acompanharLeilao?(hotsiteId: number, identidade: Identidade, leilaoUid: string): Promise<{ veiUids: string[] } | { erro: string }>;
  /**
   * The vehicle uids of a followed auction's lots, read again every `acompanhamentoMs` (decision 285) so
   * lots added or moved in later are followed too. Without it the lots read at join are the ones followed.
   */
  lotesDoAcompanhamento?(hotsiteId: number, leilaoUid: string): Promise<string[]>;
  /** Interval of that re-read (tests shorten it). */
  acompanhamentoMs?: number;
  /** Staff's broadcast signals (template, channel, player): role checked, stored and published by the live module; a refusal or null. */
  aoComandoDaEquipe?(hotsiteId: number, identidade: Identidade, comando: ComandoDaEquipe): Promise<string | null>;
  /** Chat read receipts: buffered by the live module (written in batches). */
  aoLerChat?(hotsiteId: number, identidade: Identidade, dados: { leilaoUid: string; mensagemUids: string[] }): void;
  /** A visitor's page view: buffered (written in batches). */
  aoVisitar?(
    hotsiteId: number,
    dados: { visitanteUid: string; usuarioId: number | null; url: string; pagina: string; referrer: string | null },
  ): void;
  heartbeatMs?: number;
  /** Connected counts: coalescing window and heartbeat of each instance's snapshot (tests shorten them). */
  contagem?: { intervaloMs?: number; renovarMs?: number };
  /** Is this host (an Origin's) one of the brand's own addresses? Without it only the request's Host is. */
  hostDaMarca?(host: string, hotsiteId: number): Promise<boolean>;
  /** The client's address, as the HTTP side reads it (TRUST_PROXY): the key of the per-address cap. */
  enderecoDoCliente?(req: IncomingMessage): string;
  /** Open sockets one client address may hold (WS_MAX_CONEXOES_POR_IP); more are refused with 429. */
  maxConexoesPorIp?: number;
  /**
   * The latest sequence number of each of these lots (by vehicle uid) of the brand, read from the
   * database: the lot rooms' beat (decision 117). Without it there is no beat.
   */
  sequenciasDosLotes?(hotsiteId: number, veiUids: string[]): Promise<Map<string, number>>;
  /** Interval of the lot rooms' beat (tests shorten or lengthen it). */
  estadoMs?: number;
}

/** Bus channel of resyncs: an instance whose publish failed asks every instance to resync its sockets, once the bus is back. */
export const CANAL_RESSINCRONIZAR = 'ressincronizar';
/** How often the lot rooms' beat compares each watched lot's sequence with the database's (decision 117). */
export const ESTADO_MS = 2_000;

/** How often a follow-up room's auction lots are read again (decision 285). */
export const ACOMPANHAMENTO_MS = 5_000;

/** Bus channel of ended sessions: `{ usuarioId }`, after the revocation is committed. */
export const CANAL_SESSOES_ENCERRADAS = 'sessoes-encerradas';
/** Close code (application range) of a socket whose session ended: the browser reconnects as a visitor. */
export const FECHAMENTO_SESSAO_ENCERRADA = 4001;

interface Conexao {
  hotsiteId: number;
  identidade: Identidade | null;
  /** The token the socket authenticated with: checked again when one of its user's sessions ends. */
  token?: string;
  /** The client address it counts against. */
  endereco: string;
  salas: Set<string>;
  vivo: boolean;
  /** Singleton rooms (one auction's auditorium, one auctioneer panel): kind → full room key. Made on first use. */
  unicas?: Map<string, string>;
  /** The last room join of this socket still being checked (exclusive events): the next waits for it. */
  entradas?: Promise<unknown>;
  /** The last chat message of this socket still being stored: the next waits for it, so one client's messages keep their order. */
  chat?: Promise<unknown>;
  /** The browser's visitor id (`conectar-visitante`), for page views. */
  visitanteUid?: string;
  /** Page views in the current minute (a socket may not flood the table). */
  visitas?: { minuto: number; n: number };
}

/** Page views one socket may record per minute; more are dropped. */
const MAX_VISITAS_POR_MINUTO = 30;
/** Auditorium rooms (the ones whose sockets are counted): `sala:<hotsiteId>:leilao:<uid>`. */
const SALA_DO_AUDITORIO = /^sala:(\d+):leilao:(.+)$/;
/** A lot's room: `sala:<hotsiteId>:lote:<veiUid>`. */
const SALA_DO_LOTE = /^sala:(\d+):lote:(.+)$/;
/** Rooms whose events carry no sequence (the auditorium's floor and chat): told to refetch after the bus came back. */
const SALA_SEM_SEQUENCIA = /^sala:\d+:(leilao|leiloeiro|backoffice):/;
/** A back-office follow-up room (decision 264): `sala:<hotsiteId>:backoffice:<leilaoUid>`. */
const SALA_DO_BACKOFFICE = /^sala:(\d+):backoffice:(.+)$/;

const MAX_SALAS_POR_SOCKET = 200;
/** A client message is a few dozen bytes; anything near ws's maxPayload is refused before JSON.parse. */
const TAMANHO_MAXIMO_MENSAGEM = 4096;

/** ws's own framing (a named export of ws's ESM entry; @types/ws does not declare it). */
interface SenderDoWs {
  frame(dados: Buffer, opcoes: { fin: boolean; opcode: number; mask: boolean; readOnly: boolean; rsv1: boolean }): Buffer[];
}

const SENDER = (modulosDoWs as unknown as { Sender: SenderDoWs }).Sender;

/** A complete unmasked text frame (server to client), built once for every socket of a room. */
function quadroDeTexto(texto: string): { quadro: Buffer; payload: Buffer } {
  const payload = Buffer.from(texto);
  const partes = SENDER.frame(payload, { fin: true, opcode: 0x1, mask: false, readOnly: true, rsv1: false });
  return { quadro: partes.length === 1 ? partes[0] : Buffer.concat(partes), payload };
}

/**
 * One write of a prebuilt frame to the socket under `ws`: `ws.send` would frame it again and write
 * header and payload as two buffers (cork, writev), per socket. The hub never negotiates
 * permessage-deflate, so ws's sender never holds frames back and a direct write keeps the order of
 * everything sent on the socket. Anything unexpected (no socket yet) takes `ws.send`.
 */
function enviarQuadro(ws: WebSocket, { quadro, payload }: { quadro: Buffer; payload: Buffer }) {
  if (ws.readyState !== WebSocket.OPEN) return;
  const socket = (ws as unknown as { _socket?: Duplex })._socket;
  if (socket?.writable) socket.write(quadro);
  else ws.send(payload, { binary: false });
}

export function tokenDaRequisicao(req: IncomingMessage): string | null {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || null;
  // Browsers cannot set headers on a websocket: the token may come as ?token=.
  const url = new URL(req.url ?? '/', 'http://x');
  return url.searchParams.get('token');
}

export function createHub(deps: HubDeps) {
  // clientTracking off: the hub keeps its own map of connections (one Set entry less per socket).
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024, clientTracking: false, perMessageDeflate: false });
  const conexoes = new Map<WebSocket, Conexao>();
  /** Open (and opening) sockets per client address. */
  const porEndereco = new Map<string, number>();
  /** Authenticated sockets per user, for ended sessions. */
  const porUsuario = new Map<number, Set<WebSocket>>();
  const liberarEndereco = (endereco: string) => {
    const n = (porEndereco.get(endereco) ?? 1) - 1;
    if (n > 0) porEndereco.set(endereco, n);
    else porEndereco.delete(endereco);
  };

  /**
   * One of a user's sessions ended (logout, password reset, block) on some instance: each of their
   * sockets here asks again whether its own token is still good, and closes when it is not (another
   * device's session, still live, keeps its socket).
   */
  async function aoEncerrarSessoes(mensagem: unknown) {
    const usuarioId = (mensagem as { usuarioId?: unknown } | null)?.usuarioId;
    if (typeof usuarioId !== 'number') return;
    for (const ws of [...(porUsuario.get(usuarioId) ?? [])]) {
      const c = conexoes.get(ws);
      if (!c?.token) continue;
      const ainda = await deps.autenticar(c.hotsiteId, c.token).catch((erro) => {
        deps.logger.error({ err: erro }, 'falha ao conferir a sessão de um websocket');
        return null;
      });
      if (ainda?.usuarioId === usuarioId) continue;
      // Anything it sends from now on is refused as a visitor's; then it is closed.
      c.identidade = null;
      ws.close(FECHAMENTO_SESSAO_ENCERRADA, 'sessão encerrada');
    }
  }
  const assinaturaSessoes = deps.bus.subscribe(CANAL_SESSOES_ENCERRADAS, (m) => void aoEncerrarSessoes(m));
  /** Local sockets per full room key, and the bus unsubscribe for that room. */
  const membros = new Map<string, Set<WebSocket>>();
  const cancelamentos = new Map<string, Promise<() => Promise<void>>>();

  const enviar = (ws: WebSocket, m: MensagemDoServidor) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(m));
  };
  const chaveSala = (hotsiteId: number, sala: string) => `sala:${hotsiteId}:${sala}`;

  /** Connected counts per auditorium: this instance's sockets plus every other instance's last snapshot. */
  const contador = criarContador({
    bus: deps.bus,
    ...deps.contagem,
    locais() {
      const m = new Map<string, number>();
      for (const [chave, set] of membros) if (SALA_DO_AUDITORIO.test(chave)) m.set(chave, set.size);
      return m;
    },
    // Every instance computes the same totals: each tells its own staff sockets, nothing crosses the bus.
    aoMudar(chave, quantidade) {
      const [, hotsiteId, leilaoUid] = SALA_DO_AUDITORIO.exec(chave) ?? [];
      if (!leilaoUid) return;
      const equipe = membros.get(chaveSala(Number(hotsiteId), salas.leiloeiro(leilaoUid)));
      if (!equipe?.size) return;
      const quadro = quadroDeTexto(JSON.stringify({ event: 'conectados', data: { leilaoUid, quantidade } } satisfies MensagemDoServidor));
      for (const s of equipe) enviarQuadro(s, quadro);
    },
  });

  /**
   * The lot rooms' beat (decision 117). Every lot carries a sequence number assigned in its own
   * transaction; this instance remembers the highest one it delivered to each lot room. Every
   * `estadoMs` it reads the watched lots' numbers from the database (one query per brand) and sends
   * `estado-lote` to the rooms where the database is ahead (an update this instance never got: a
   * publish lost on the bus, another instance's or its own), and to the sockets that joined since the
   * last beat (a page whose data was read before an update it joined too late to hear). A client
   * behind that number waits a moment for the update, then refetches the lot. After the bus came back
   * every lot room gets the state (forcado), and the auditoriums are told to refetch.
   */
  const ultimaSequencia = new Map<string, number>();
  let novos = new Map<string, Set<WebSocket>>();
  let batida: Promise<void> | null = null;
  let forcarDepois = false;
  /** A publish failed: once the bus answers again, every instance is asked to resync. */
  let publicacaoPerdida = false;
  let falhasDaBatida = 0;

  function entregue(chave: string, m: unknown) {
    const msg = m as { event?: unknown; data?: { seq?: unknown } } | null;
    const seq = msg?.event === 'on-elastic-response' ? msg.data?.seq : undefined;
    if (typeof seq === 'number' && seq > (ultimaSequencia.get(chave) ?? -1)) ultimaSequencia.set(chave, seq);
  }

  async function baterEstado(forcado: boolean) {
    if (publicacaoPerdida && deps.bus.status().ok) {
      publicacaoPerdida = false;
      await deps.bus.publish(CANAL_RESSINCRONIZAR, {}).catch(() => (publicacaoPerdida = true));
    }
    const consultar = deps.sequenciasDosLotes;
    if (!consultar) return;
    const juntaram = novos;
    novos = new Map();
    const porMarca = new Map<number, Map<string, string>>();
    for (const chave of membros.keys()) {
      const [, hotsiteId, veiUid] = SALA_DO_LOTE.exec(chave) ?? [];
      if (!veiUid) continue;
      let lotes = porMarca.get(Number(hotsiteId));
      if (!lotes) porMarca.set(Number(hotsiteId), (lotes = new Map()));
      lotes.set(veiUid, chave);
    }
    for (const [hotsiteId, lotes] of porMarca) {
      const seqs = await consultar(hotsiteId, [...lotes.keys()]);
      for (const [veiUid, chave] of lotes) {
        const seq = seqs.get(veiUid);
        const sala = membros.get(chave);
        if (seq === undefined || !sala) continue;
        const conhecida = ultimaSequencia.get(chave);
        const quadro = quadroDeTexto(JSON.stringify({ event: 'estado-lote', data: { veiUid, seq } } satisfies MensagemDoServidor));
        if (forcado || conhecida === undefined || seq > conhecida) {
          ultimaSequencia.set(chave, Math.max(seq, conhecida ?? -1));
          for (const s of sala) enviarQuadro(s, quadro);
        } else {
          for (const s of juntaram.get(chave) ?? []) if (sala.has(s)) enviarQuadro(s, quadro);
        }
      }
    }
  }

  function bater(forcado = false) {
    if (batida) {
      forcarDepois ||= forcado;
      return;
    }
    batida = baterEstado(forcado)
      .then(
        () => void (falhasDaBatida = 0),
        (erro) => {
          // The database is away: logged once, the next beats try again.
          if (falhasDaBatida++ === 0) deps.logger.warn({ err: erro }, 'falha ao conferir a sequência dos lotes assistidos');
        },
      )
      .finally(() => {
        batida = null;
        if (forcarDepois) {
          forcarDepois = false;
          bater(true);
        }
      });
  }
  const timerDoEstado = setInterval(() => bater(), deps.estadoMs ?? ESTADO_MS);
  timerDoEstado.unref();

  /** The bus is back (or another instance lost a publish): the auditoriums refetch, every lot room gets its state. */
  function ressincronizar() {
    const quadro = quadroDeTexto(JSON.stringify({ event: 'ressincronizar', data: {} } satisfies MensagemDoServidor));
    for (const [chave, sala] of membros) if (SALA_SEM_SEQUENCIA.test(chave)) for (const s of sala) enviarQuadro(s, quadro);
    bater(true);
  }
  const pararReconexao = deps.bus.aoReconectar(ressincronizar);
  const assinaturaRessincronizar = deps.bus.subscribe(CANAL_RESSINCRONIZAR, ressincronizar);

  /**
   * The back-office follow-up (decision 264): a follow-up room on this instance listens to its auction's
   * lot channels itself (not as a socket's rooms, so a 500-lot auction fits), and each lot update it
   * hears goes to the room's staff as `backoffice-lote`. Subscribed while the room has a local member.
   * The auction's lots are read again every `acompanhamentoMs` (decision 285): a lot added to the
   * auction, or moved into it, is followed from then on (and one moved out no longer is), and the staff
   * are told to refetch (`ressincronizar`) so the new lot shows.
   */
  const lotesDoAcompanhamento = new Map<
    string,
    { hotsiteId: number; leilaoUid: string; lotes: Map<string, Promise<() => Promise<void>>>; aoLote: (m: unknown) => void }
  >();
  function acompanharLotes(chave: string, hotsiteId: number, leilaoUid: string, veiUids: string[]) {
    if (lotesDoAcompanhamento.has(chave)) return;
    const aoLote = (m: unknown) => {
      const msg = m as { event?: unknown; data?: unknown } | null;
      if (msg?.event !== 'on-elastic-response') return;
      const equipe = membros.get(chave);
      if (!equipe?.size) return;
      const quadro = quadroDeTexto(JSON.stringify({ event: 'backoffice-lote', data: { leilaoUid, lote: msg.data } } as MensagemDoServidor));
      for (const s of equipe) enviarQuadro(s, quadro);
    };
    lotesDoAcompanhamento.set(chave, {
      hotsiteId,
      leilaoUid,
      aoLote,
      lotes: new Map(veiUids.map((v) => [v, deps.bus.subscribe(chaveSala(hotsiteId, salas.lote(v)), aoLote)])),
    });
  }
  // As for the rooms: an unsubscribe fails only with the bus down, and then the subscription went with it.
  const cancelarAssinatura = (p: Promise<() => Promise<void>>) => void p.then((f) => f()).catch(() => {});
  function largarLotes(chave: string) {
    const a = lotesDoAcompanhamento.get(chave);
    if (!a) return;
    lotesDoAcompanhamento.delete(chave);
    for (const p of a.lotes.values()) cancelarAssinatura(p);
  }
  /** Reads each followed auction's lots again; follows the new ones, drops the gone ones, tells the staff. */
  let relendoAcompanhamentos = false;
  async function relerAcompanhamentos() {
    const ler = deps.lotesDoAcompanhamento;
    if (!ler || relendoAcompanhamentos || !lotesDoAcompanhamento.size) return;
    relendoAcompanhamentos = true;
    try {
      for (const [chave, a] of [...lotesDoAcompanhamento]) {
        const atuais = new Set(await ler(a.hotsiteId, a.leilaoUid));
        // The room emptied while the database answered.
        if (lotesDoAcompanhamento.get(chave) !== a) continue;
        let mudou = false;
        for (const v of atuais)
          if (!a.lotes.has(v)) {
            a.lotes.set(v, deps.bus.subscribe(chaveSala(a.hotsiteId, salas.lote(v)), a.aoLote));
            mudou = true;
          }
        for (const [v, p] of [...a.lotes])
          if (!atuais.has(v)) {
            a.lotes.delete(v);
            cancelarAssinatura(p);
            mudou = true;
          }
        if (!mudou) continue;
        const quadro = quadroDeTexto(JSON.stringify({ event: 'ressincronizar', data: {} } satisfies MensagemDoServidor));
        for (const s of membros.get(chave) ?? []) enviarQuadro(s, quadro);
      }
    } catch (erro) {
      // The database is away: the next round tries again.
      deps.logger.warn({ err: erro }, 'falha ao reler os lotes dos leilões acompanhados');
    } finally {
      relendoAcompanhamentos = false;
    }
  }
  const timerDosAcompanhamentos = setInterval(() => void relerAcompanhamentos(), deps.acompanhamentoMs ?? ACOMPANHAMENTO_MS);
  timerDosAcompanhamentos.unref();

  /**
   * Sends to every socket in a hotsite's room, on every instance. Call after commit. Never rejects:
   * a bus failure is logged (the change is committed; clients refetch on a sequence gap).
   */
  function publicar(hotsiteId: number, sala: string, mensagem: MensagemDoServidor): Promise<void> {
    return deps.bus.publish(chaveSala(hotsiteId, sala), mensagem).catch((erro) => {
      // This instance's sockets have it; the others' get it from their beat (lots) or from the
      // resync every instance is asked for once the bus answers again (decision 117).
      publicacaoPerdida = true;
      deps.logger.error({ err: erro, sala }, 'falha ao publicar no barramento');
    });
  }

  /** Joins the room; false (and an `erro` event) when the socket already holds its limit of rooms. */
  function entrar(ws: WebSocket, c: Conexao, sala: string): boolean {
    const chave = chaveSala(c.hotsiteId, sala);
    if (c.salas.has(chave)) return true;
    if (c.salas.size >= MAX_SALAS_POR_SOCKET) {
      enviar(ws, { event: 'erro', data: { mensagem: MENSAGENS_WS.limiteSalas, sala } });
      return false;
    }
    c.salas.add(chave);
    let set = membros.get(chave);
    if (!set) {
      membros.set(chave, (set = new Set()));
      const doLote = SALA_DO_LOTE.test(chave);
      const texto = (m: unknown) => {
        // What this instance delivered of the lot: the beat compares it with the database.
        if (doLote) entregue(chave, m);
        // Encoded and framed once per room message, not once per socket (fan-out to thousands of
        // watchers): each socket then gets one write of the same buffer.
        const quadro = quadroDeTexto(JSON.stringify(m));
        for (const s of membros.get(chave) ?? []) enviarQuadro(s, quadro);
      };
      cancelamentos.set(chave, deps.bus.subscribe(chave, texto));
    }
    set.add(ws);
    if (SALA_DO_LOTE.test(chave)) {
      let juntos = novos.get(chave);
      if (!juntos) novos.set(chave, (juntos = new Set()));
      juntos.add(ws);
    }
    if (SALA_DO_AUDITORIO.test(chave)) contador.mudou();
    return true;
  }

  function sair(ws: WebSocket, c: Conexao, chave: string) {
    c.salas.delete(chave);
    const set = membros.get(chave);
    if (!set) return;
    set.delete(ws);
    novos.get(chave)?.delete(ws);
    if (SALA_DO_AUDITORIO.test(chave)) contador.mudou();
    if (set.size === 0) {
      if (SALA_DO_BACKOFFICE.test(chave)) largarLotes(chave);
      membros.delete(chave);
      ultimaSequencia.delete(chave);
      novos.delete(chave);
      const cancelar = cancelamentos.get(chave);
      cancelamentos.delete(chave);
      // Unsubscribing can only fail with the bus down, and then the subscription went with the connection.
      void cancelar?.then((f) => f()).catch(() => {});
    }
  }

  /**
   * Spec (realtime rooms): joining is skipped when already joined with the same parameters, and a
   * singleton room leaves the previous one of its kind first.
   */
  function entrarUnica(ws: WebSocket, c: Conexao, tipo: string, sala: string): boolean {
    const chave = chaveSala(c.hotsiteId, sala);
    const anterior = c.unicas?.get(tipo);
    if (anterior === chave) return false;
    if (anterior) sair(ws, c, anterior);
    if (!entrar(ws, c, sala)) return false;
    (c.unicas ??= new Map()).set(tipo, chave);
    enviar(ws, { event: 'sala-conectada', data: { sala } });
    return true;
  }

  /**
   * Joins (`entrarJa`) once the auction behind the room is visible to this socket's login (decision 186):
   * a private auction's lot or auditorium refuses a non-guest as an unknown room. Without the check, at once.
   */
  function seVisivel(ws: WebSocket, c: Conexao, sala: string, alvo: { leilaoUid: string } | { veiUid: string }, entrarJa: () => void) {
    const podeVer = deps.podeVerLeilao;
    if (!podeVer) return entrarJa();
    // One check at a time per socket, in the order asked: the joins keep their order (and the room cap
    // counts them in it), and one socket's burst of joins queues on itself, not on the pool.
    const entrada = (c.entradas ?? Promise.resolve()).then(() =>
      podeVer(c.hotsiteId, c.identidade?.usuarioId ?? null, alvo).then((pode) => {
        if (!pode) return MENSAGENS_WS.exclusivo;
        if (ws.readyState === WebSocket.OPEN) entrarJa();
        return null;
      }),
    );
    // Only keeps the order of this socket's joins: the failure itself is logged and answered by assincrono.
    c.entradas = entrada.catch(() => undefined);
    assincrono(ws, sala, entrada);
  }

  /** The live module's answers arrive later; a failure is logged and told to the socket, never thrown. */
  function assincrono(ws: WebSocket, sala: string, p: Promise<string | null>) {
    p.then(
      (erro) => erro && enviar(ws, { event: 'erro', data: { mensagem: erro, sala } }),
      (erro) => {
        deps.logger.error({ err: erro }, 'falha numa mensagem do websocket');
        enviar(ws, { event: 'erro', data: { mensagem: MENSAGENS_WS.indisponivel, sala } });
      },
    );
  }

  function aoReceber(ws: WebSocket, c: Conexao, bruto: WebSocket.RawData) {
    // ws already closes a socket whose frame passes maxPayload; a fragmented message arrives as parts.
    const texto = Array.isArray(bruto) ? Buffer.concat(bruto).toString() : Buffer.from(bruto as ArrayBuffer).toString();
    if (texto.length > TAMANHO_MAXIMO_MENSAGEM) {
      enviar(ws, { event: 'erro', data: { mensagem: MENSAGENS_WS.grande } });
      return;
    }
    if (temCaractereNulo(texto) || texto.includes('\\u0000')) {
      enviar(ws, { event: 'erro', data: { mensagem: MENSAGENS_WS.caractere } });
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(texto);
    } catch {
      enviar(ws, { event: 'erro', data: { mensagem: MENSAGENS_WS.jsonInvalido } });
      return;
    }
    const r = mensagemDoClienteSchema.safeParse(json);
    if (!r.success) {
      const desconhecido = typeof json === 'object' && json !== null && 'event' in json;
      enviar(ws, {
        event: 'erro',
        data: {
          mensagem: desconhecido ? (r.error.issues[0]?.message ?? MENSAGENS_WS.invalida) : MENSAGENS_WS.invalida,
        },
      });
      return;
    }
    const m = r.data;
    switch (m.event) {
      case 'ping':
        enviar(ws, { event: 'pong', data: { t: m.data.t ?? null, servidor: Date.now() } });
        break;
      case 'conectar-cliente': {
        // The session was checked at the upgrade, on this brand: the room is this login's, on this brand.
        const usuarioId = c.identidade?.usuarioId;
        if (usuarioId === undefined) {
          enviar(ws, { event: 'erro', data: { mensagem: MENSAGENS_WS.login, sala: 'usuario' } });
          break;
        }
        const sala = salas.usuario(usuarioId);
        if (entrar(ws, c, sala)) enviar(ws, { event: 'sala-conectada', data: { sala } });
        break;
      }
      case 'conectar-site':
        if (entrar(ws, c, salas.site())) enviar(ws, { event: 'sala-conectada', data: { sala: salas.site() } });
        break;
      case 'conectar-lances-lote': {
        const sala = salas.lote(m.data.veiUid);
        seVisivel(ws, c, sala, { veiUid: m.data.veiUid }, () => {
          if (entrar(ws, c, sala)) enviar(ws, { event: 'sala-conectada', data: { sala } });
        });
        break;
      }
      case 'desconectar-lances-lote':
        sair(ws, c, chaveSala(c.hotsiteId, salas.lote(m.data.veiUid)));
        break;
      case 'conectar-leilao': {
        const { leilaoUid } = m.data;
        seVisivel(ws, c, salas.leilao(leilaoUid), { leilaoUid }, () => {
          const usuarioId = c.identidade?.usuarioId;
          // A login joining the auditorium: the staff following the auction see the client connect (decision 264).
          if (entrarUnica(ws, c, 'leilao', salas.leilao(leilaoUid)) && usuarioId !== undefined) {
            void publicar(c.hotsiteId, salas.backoffice(leilaoUid), {
              event: 'backoffice-cliente',
              data: { leilaoUid, usuarioId, motivo: 'conectado' },
            });
          }
        });
        break;
      }
      case 'conectar-backoffice': {
        const { leilaoUid } = m.data;
        const sala = salas.backoffice(leilaoUid);
        const identidade = c.identidade;
        if (!identidade) {
          enviar(ws, { event: 'erro', data: { mensagem: MENSAGENS_WS.login, sala } });
          break;
        }
        const acompanhar = deps.acompanharLeilao;
        if (!acompanhar) {
          enviar(ws, { event: 'erro', data: { mensagem: MENSAGENS_WS.semPermissao, sala } });
          break;
        }
        assincrono(
          ws,
          sala,
          acompanhar(c.hotsiteId, identidade, leilaoUid).then((r) => {
            if ('erro' in r) return r.erro;
            if (ws.readyState !== WebSocket.OPEN) return null;
            if (entrarUnica(ws, c, 'backoffice', sala)) acompanharLotes(chaveSala(c.hotsiteId, sala), c.hotsiteId, leilaoUid, r.veiUids);
            return null;
          }),
        );
        break;
      }
      case 'desconectar-backoffice': {
        const chave = chaveSala(c.hotsiteId, salas.backoffice(m.data.leilaoUid));
        if (c.unicas?.get('backoffice') === chave) c.unicas.delete('backoffice');
        sair(ws, c, chave);
        break;
      }
      case 'enviar-modelo-transmissao':
      case 'atualizar-canal-transmissao':
      case 'recarregar-player-principal': {
        const sala = salas.leilao(m.data.leilaoUid);
        if (!c.identidade) {
          enviar(ws, { event: 'erro', data: { mensagem: MENSAGENS_WS.login, sala } });
          break;
        }
        if (!deps.aoComandoDaEquipe) {
          enviar(ws, { event: 'erro', data: { mensagem: MENSAGENS_WS.semPermissao, sala } });
          break;
        }
        assincrono(ws, sala, deps.aoComandoDaEquipe(c.hotsiteId, c.identidade, m));
        break;
      }
      case 'conectar-leilao-privado': {
        const sala = salas.leilaoPrivado(m.data.leilaoUid);
        const identidade = c.identidade;
        const podeVer = deps.podeVerLeilao;
        if (!identidade) {
          enviar(ws, { event: 'erro', data: { mensagem: MENSAGENS_WS.login, sala } });
          break;
        }
        if (!podeVer) {
          enviar(ws, { event: 'erro', data: { mensagem: MENSAGENS_WS.exclusivo, sala } });
          break;
        }
        assincrono(
          ws,
          sala,
          podeVer(c.hotsiteId, identidade.usuarioId, { leilaoUid: m.data.leilaoUid }).then((pode) => {
            if (!pode) return MENSAGENS_WS.exclusivo;
            if (ws.readyState === WebSocket.OPEN && entrar(ws, c, sala)) enviar(ws, { event: 'sala-conectada', data: { sala } });
            return null;
          }),
        );
        break;
      }
      case 'desconectar-leilao-privado':
        sair(ws, c, chaveSala(c.hotsiteId, salas.leilaoPrivado(m.data.leilaoUid)));
        break;
      case 'conectar-leiloeiro': {
        const sala = salas.leiloeiro(m.data.leilaoUid);
        const identidade = c.identidade;
        if (!identidade) {
          enviar(ws, { event: 'erro', data: { mensagem: MENSAGENS_WS.login, sala } });
          break;
        }
        assincrono(
          ws,
          sala,
          (deps.podeEntrarComoLeiloeiro?.(c.hotsiteId, identidade) ?? Promise.resolve(false)).then((pode) => {
            if (!pode) return MENSAGENS_WS.semPermissao;
            if (ws.readyState !== WebSocket.OPEN) return null;
            entrarUnica(ws, c, 'leiloeiro', sala);
            // The staff screen starts with the current count; changes follow as they happen.
            const quantidade = contador.total(chaveSala(c.hotsiteId, salas.leilao(m.data.leilaoUid)));
            enviar(ws, { event: 'conectados', data: { leilaoUid: m.data.leilaoUid, quantidade } });
            return null;
          }),
        );
        break;
      }
      case 'chat-mensagem': {
        const sala = salas.leilao(m.data.leilaoUid);
        if (!c.identidade || !deps.aoChat) {
          enviar(ws, { event: 'erro', data: { mensagem: MENSAGENS_WS.login, sala } });
          break;
        }
        const { aoChat } = deps;
        const identidade = c.identidade;
        const armazenada = (c.chat ?? Promise.resolve()).then(() => aoChat(c.hotsiteId, identidade, m.data));
        // Only keeps the order of this socket's messages: the failure itself is answered by assincrono.
        c.chat = armazenada.catch(() => undefined);
        assincrono(ws, sala, armazenada);
        break;
      }
      case 'chat-leitura': {
        if (!c.identidade) {
          enviar(ws, { event: 'erro', data: { mensagem: MENSAGENS_WS.login, sala: salas.leilao(m.data.leilaoUid) } });
          break;
        }
        deps.aoLerChat?.(c.hotsiteId, c.identidade, m.data);
        break;
      }
      case 'put-publicar-transmissao': {
        const sala = salas.leilao(m.data.leilaoUid);
        if (!c.identidade || !deps.aoPublicarTransmissao) {
          enviar(ws, { event: 'erro', data: { mensagem: MENSAGENS_WS.login, sala } });
          break;
        }
        assincrono(ws, sala, deps.aoPublicarTransmissao(c.hotsiteId, c.identidade, m.data));
        break;
      }
      case 'conectar-visitante':
        c.visitanteUid = m.data.visitanteUid;
        break;
      case 'visita-pagina': {
        if (!c.visitanteUid) {
          enviar(ws, { event: 'erro', data: { mensagem: MENSAGENS_WS.semVisitante } });
          break;
        }
        const minuto = Math.floor(Date.now() / 60_000);
        if (c.visitas?.minuto !== minuto) c.visitas = { minuto, n: 0 };
        if (++c.visitas.n > MAX_VISITAS_POR_MINUTO) break;
        deps.aoVisitar?.(c.hotsiteId, {
          visitanteUid: c.visitanteUid,
          usuarioId: c.identidade?.usuarioId ?? null,
          url: m.data.url,
          pagina: m.data.pagina,
          referrer: m.data.referrer ?? null,
        });
        break;
      }
    }
  }

  wss.on('connection', (ws: WebSocket, _req: IncomingMessage, c: Conexao) => {
    conexoes.set(ws, c);
    heartbeat.adicionar(ws);
    const usuarioId = c.identidade?.usuarioId;
    if (usuarioId !== undefined) {
      entrar(ws, c, salas.usuario(usuarioId));
      let doUsuario = porUsuario.get(usuarioId);
      if (!doUsuario) porUsuario.set(usuarioId, (doUsuario = new Set()));
      doUsuario.add(ws);
    }
    ws.on('pong', () => (c.vivo = true));
    ws.on('message', (bruto) => aoReceber(ws, c, bruto));
    ws.on('close', () => {
      for (const chave of [...c.salas]) sair(ws, c, chave);
      conexoes.delete(ws);
      heartbeat.remover(ws);
      liberarEndereco(c.endereco);
      if (usuarioId !== undefined) {
        const doUsuario = porUsuario.get(usuarioId);
        doUsuario?.delete(ws);
        if (doUsuario?.size === 0) porUsuario.delete(usuarioId);
      }
    });
    ws.on('error', () => ws.terminate());
    enviar(ws, { event: 'conectado', data: { hotsiteId: c.hotsiteId, autenticado: c.identidade !== null, servidor: Date.now() } });
  });

  // Each socket is pinged once per heartbeat, the sockets spread over the interval (decision 094).
  const heartbeat = criarBatimento<WebSocket>(deps.heartbeatMs ?? 30_000, (ws) => {
    const c = conexoes.get(ws);
    if (!c) return;
    if (!c.vivo) return void ws.terminate();
    c.vivo = false;
    ws.ping();
  });

  function recusar(socket: Duplex, status: number, texto: string, mensagem = '') {
    const corpo = Buffer.from(mensagem);
    const tipo = corpo.length ? 'Content-Type: text/plain; charset=utf-8\r\n' : '';
    socket.write(`HTTP/1.1 ${status} ${texto}\r\nConnection: close\r\n${tipo}Content-Length: ${corpo.length}\r\n\r\n`);
    if (corpo.length) socket.write(corpo);
    socket.destroy();
  }

  /**
   * A browser sends the session cookie with a socket opened by any site's page: such a socket must come
   * from a page of the brand (its Origin one of the brand's addresses). Answers whether it does.
   */
  async function origemDaMarca(req: IncomingMessage, hotsiteId: number): Promise<boolean> {
    const origem = origemDoPedido(req.headers);
    if (origem.tipo === 'sem-outra-origem') return true;
    if (origem.tipo === 'outra') return false;
    if (mesmoHost(origem.host, req.headers.host)) return true;
    return (await deps.hostDaMarca?.(origem.host, hotsiteId)) ?? false;
  }

  return {
    /** For server.on('upgrade'). Only /ws is ours. */
    async handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
      socket.on('error', () => socket.destroy());
      const caminho = new URL(req.url ?? '/', 'http://x').pathname;
      if (caminho !== '/ws') return recusar(socket, 404, 'Not Found');
      // Counted from here (before any await), so a burst of upgrades cannot pass the cap together.
      const endereco = deps.enderecoDoCliente?.(req) ?? req.socket.remoteAddress ?? 'desconhecido';
      const abertas = porEndereco.get(endereco) ?? 0;
      if (abertas >= (deps.maxConexoesPorIp ?? Infinity)) {
        deps.logger.warn({ endereco, abertas }, 'websocket recusado: conexões demais deste endereço');
        return recusar(socket, 429, 'Too Many Requests', MENSAGENS_WS.conexoesDemais);
      }
      porEndereco.set(endereco, abertas + 1);
      let aceito = false;
      try {
        const hotsite = await deps.resolverHotsite(req);
        if (!hotsite) return recusar(socket, 404, 'Not Found');
        const tokenExplicito = tokenDaRequisicao(req);
        const tokenDoCookie = tokenExplicito ? null : ((await deps.tokenDoCookie?.(req)) ?? null);
        // The cookie rides along whatever page opened the socket: from another site's page it is refused.
        if (tokenDoCookie && !(await origemDaMarca(req, hotsite.id))) return recusar(socket, 403, 'Forbidden', MENSAGENS_WS.origem);
        const token = tokenExplicito ?? tokenDoCookie;
        let identidade: Identidade | null = null;
        if (token) {
          identidade = await deps.autenticar(hotsite.id, token);
          if (!identidade) return recusar(socket, 401, 'Unauthorized');
        }
        const c: Conexao = { hotsiteId: hotsite.id, identidade, token: token ?? undefined, endereco, salas: new Set(), vivo: true };
        aceito = true;
        wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req, c));
      } catch (erro) {
        deps.logger.error({ err: erro }, 'falha no upgrade do websocket');
        recusar(socket, 503, 'Service Unavailable');
      } finally {
        // Refused (or failed): the place it held is given back. An accepted one gives it back on close.
        if (!aceito) liberarEndereco(endereco);
      }
    },
    publicar,
    get conexoes() {
      return conexoes.size;
    },
    /**
     * Some session of this user ended (logout, password reset, block): every instance closes the user's
     * sockets whose own session is no longer valid. Call after the revocation is committed; never rejects.
     */
    sessoesEncerradas(usuarioId: number): Promise<void> {
      return deps.bus
        .publish(CANAL_SESSOES_ENCERRADAS, { usuarioId })
        .catch((erro) => deps.logger.error({ err: erro }, 'falha ao publicar sessões encerradas'));
    },
    /** Sockets in an auction's auditorium, on every instance (as of the last snapshots; decision 074). */
    conectados(hotsiteId: number, leilaoUid: string): number {
      return contador.total(chaveSala(hotsiteId, salas.leilao(leilaoUid)));
    },
    async close() {
      heartbeat.parar();
      clearInterval(timerDoEstado);
      clearInterval(timerDosAcompanhamentos);
      pararReconexao();
      await batida;
      // Closing: an unsubscribe that fails (the bus is down) leaves nothing behind once the bus closes.
      await assinaturaRessincronizar.then((f) => f()).catch(() => {});
      await contador.close();
      await assinaturaSessoes.then((f) => f()).catch(() => {}); // as above
      for (const ws of conexoes.keys()) ws.close(1001, 'servidor encerrando');
      // The rooms' unsubscribes, as above.
      await Promise.all([...cancelamentos.values()].map((p) => p.then((f) => f()).catch(() => {})));
      wss.close();
    },
  };
}

export type Hub = ReturnType<typeof createHub>;
