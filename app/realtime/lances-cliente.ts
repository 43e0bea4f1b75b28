/**
 * Browser side of realtime bidding: one websocket to /ws, rooms per lot (`conectar-lances-lote`),
 * partial lot updates (`on-elastic-response`) merged into a lot set by veiUid in per-lot sequence
 * order (ordem-dos-lotes.ts: a hole is waited for a moment, then the lot is refetched, as after every
 * reconnect; the hub's `estado-lote` shows a lot whose last update was lost), and the server clock
 * offset (from `pong.servidor`) for countdowns. The pure parts are exported for tests; the class only
 * wires them to a WebSocket.
 */
import { JANELA_DE_ORDEM_MS, OrdemDosLotes } from './ordem-dos-lotes';
import { mensagemDoServidorSchema, type LanceSuperado, type MensagemDoServidor, type MensagemTransmissao } from './protocol';

/** A server message, parsed against the protocol's union; null for anything else (not JSON, unknown event, bad data). */
export function lerMensagemDoServidor(bruto: unknown): MensagemDoServidor | null {
  let json: unknown;
  try {
    json = JSON.parse(String(bruto));
  } catch {
    return null;
  }
  const r = mensagemDoServidorSchema.safeParse(json);
  return r.success ? r.data : null;
}

export interface LoteAoVivo {
  veiUid: string;
  loteId?: number;
  valor?: { lance: number | null; atual: number; proximo: number; incremento: number };
  dataFim?: string | null;
  situacao?: string;
  seq: number;
  [campo: string]: unknown;
}

export interface AmostraRelogio {
  offset: number;
  rtt: number;
}

/** NTP-style: the server stamped `servidor` halfway through the round trip [t0, t1] (local ms). */
export function amostraRelogio(t0: number, servidor: number, t1: number): AmostraRelogio {
  return { offset: servidor - (t0 + t1) / 2, rtt: t1 - t0 };
}

/** Keeps the sample with the shortest round trip: its midpoint is the least uncertain. */
export const melhorAmostra = (a: AmostraRelogio | null, b: AmostraRelogio) => (!a || b.rtt < a.rtt ? b : a);

/** Milliseconds left until `dataFim` on the server's clock (never negative). */
export function tempoRestante(dataFim: string | Date | null | undefined, agoraLocal: number, offset: number) {
  if (!dataFim) return 0;
  return Math.max(0, new Date(dataFim).getTime() - (agoraLocal + offset));
}

/**
 * A countdown as a bidder reads it: the two largest units, "2d 03h", "18h 09min", then "09:36" in the
 * last hour (seconds only when they matter). Never "18:09:36", which reads as a time of day and
 * needed more room than a phone's bid bar has (issue #28).
 */
export function formatarContagem(ms: number) {
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const p = (n: number) => String(n).padStart(2, '0');
  if (d > 0) return `${d}d ${p(h)}h`;
  if (h > 0) return `${h}h ${p(m)}min`;
  return `${p(m)}:${p(s % 60)}`;
}

/** Reconnect delay: exponential with jitter, capped. */
export const atrasoReconexao = (tentativa: number, aleatorio = Math.random()) =>
  Math.min(15_000, 500 * 2 ** Math.min(tentativa, 5)) * (0.5 + aleatorio / 2);

type SocketLike = Pick<WebSocket, 'send' | 'close' | 'readyState'> & {
  onopen: ((e: unknown) => void) | null;
  onclose: ((e: unknown) => void) | null;
  onmessage: ((e: { data: unknown }) => void) | null;
  onerror: ((e: unknown) => void) | null;
};

export interface OpcoesCliente {
  url: string;
  criarSocket?: (url: string) => SocketLike;
  /** Fetches the lot's current state (after a gap or a reconnect). */
  buscarSnapshot(veiUid: string): Promise<LoteAoVivo | null>;
  agora?: () => number;
}

export type Evento =
  | { tipo: 'lote'; lote: LoteAoVivo }
  | { tipo: 'superado'; dados: LanceSuperado }
  | { tipo: 'venda'; dados: { vendaId: number; motivo: string } }
  | { tipo: 'notificacao'; naoLidas: number }
  /** A staff notice to the auction's viewers (decision 265), heard in a lot's room: the lot pages show it. */
  | { tipo: 'aviso'; dados: MensagemTransmissao }
  | { tipo: 'conexao'; conectado: boolean };

export class ClienteLances {
  readonly lotes = new Map<string, LoteAoVivo>();
  private socket: SocketLike | null = null;
  private salas = new Set<string>();
  private ouvintes = new Set<(e: Evento) => void>();
  private tentativas = 0;
  private fechado = false;
  private relogio: AmostraRelogio | null = null;
  private timerPing: ReturnType<typeof setInterval> | null = null;
  private conectadoAntes = false;
  /** Page views: the browser's visitor id and the views waiting for the socket to open. */
  private visitante: string | null = null;
  private visitas: { url: string; pagina: string; referrer?: string }[] = [];
  /** Updates applied in sequence order, a hole waited for before a refetch (ordem-dos-lotes.ts). */
  private readonly ordem = new OrdemDosLotes<LoteAoVivo>();
  private readonly janelas = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly buscando = new Set<string>();

  constructor(private readonly opcoes: OpcoesCliente) {}

  get offset() {
    return this.relogio?.offset ?? 0;
  }

  ouvir(f: (e: Evento) => void) {
    this.ouvintes.add(f);
    return () => void this.ouvintes.delete(f);
  }

  private emitir(e: Evento) {
    for (const f of this.ouvintes) f(e);
  }

  conectar() {
    this.fechado = false;
    const agora = this.opcoes.agora ?? Date.now;
    const ws = (this.opcoes.criarSocket ?? ((u) => new WebSocket(u) as unknown as SocketLike))(this.opcoes.url);
    this.socket = ws;
    ws.onopen = () => {
      const reconexao = this.conectadoAntes;
      this.conectadoAntes = true;
      this.tentativas = 0;
      this.emitir({ tipo: 'conexao', conectado: true });
      this.ping();
      this.timerPing = setInterval(() => this.ping(), 30_000);
      for (const veiUid of this.salas) this.enviar({ event: 'conectar-lances-lote', data: { veiUid } });
      this.enviarVisitas();
      // Events sent while we were away are lost: a reconnect always refetches.
      if (reconexao) for (const veiUid of this.salas) void this.atualizar(veiUid);
    };
    ws.onmessage = (e) => {
      const m = lerMensagemDoServidor(e.data);
      if (!m) return;
      switch (m.event) {
        case 'pong':
          if (m.data.t !== null) this.relogio = melhorAmostra(this.relogio, amostraRelogio(m.data.t, m.data.servidor, agora()));
          break;
        case 'on-elastic-response':
          this.receber(m.data);
          break;
        case 'estado-lote':
          this.ordem.anunciar(m.data.veiUid, m.data.seq, Date.now());
          this.vigiarJanela(m.data.veiUid);
          break;
        case 'lance-superado':
          this.emitir({ tipo: 'superado', dados: m.data });
          break;
        case 'on-venda-dto':
          this.emitir({ tipo: 'venda', dados: m.data });
          break;
        case 'notificacao':
          this.emitir({ tipo: 'notificacao', naoLidas: m.data.naoLidas });
          break;
        case 'mensagem-transmissao':
          this.emitir({ tipo: 'aviso', dados: m.data });
          break;
      }
    };
    ws.onclose = () => {
      if (this.timerPing) clearInterval(this.timerPing);
      this.emitir({ tipo: 'conexao', conectado: false });
      if (this.fechado) return;
      setTimeout(() => !this.fechado && this.conectar(), atrasoReconexao(this.tentativas++));
    };
    ws.onerror = () => ws.close();
  }

  /** Merge one update in sequence order; a hole that outlives its window triggers a snapshot refetch. */
  receber(parcial: LoteAoVivo) {
    const lote = this.ordem.receber(parcial, Date.now());
    if (lote) this.mostrar(lote);
    this.vigiarJanela(parcial.veiUid);
  }

  private mostrar(lote: LoteAoVivo) {
    this.lotes.set(lote.veiUid, lote);
    this.emitir({ tipo: 'lote', lote });
  }

  /** One timer per lot with a hole: when its window ends and the lot is still behind, the lot is refetched. */
  private vigiarJanela(veiUid: string, minimoMs = 0) {
    const fim = this.ordem.fimDaJanela(veiUid);
    const timer = this.janelas.get(veiUid);
    if (fim == null || this.fechado) {
      if (timer) clearTimeout(timer);
      this.janelas.delete(veiUid);
      return;
    }
    if (timer) return;
    const espera = Math.max(fim - Date.now(), minimoMs);
    this.janelas.set(
      veiUid,
      setTimeout(() => {
        this.janelas.delete(veiUid);
        if (this.ordem.atrasado(veiUid, Date.now())) void this.atualizar(veiUid);
        else this.vigiarJanela(veiUid);
      }, espera),
    );
  }

  /** Refetches the lot's snapshot (one request per lot at a time); a failed one is tried again a window later. */
  async atualizar(veiUid: string) {
    if (this.buscando.has(veiUid)) return;
    this.buscando.add(veiUid);
    // Failed: nothing changes now, and the next window tries again (see above).
    const s = await this.opcoes.buscarSnapshot(veiUid).catch(() => null);
    this.buscando.delete(veiUid);
    if (s) this.mostrar(this.ordem.snapshot(s, Date.now()));
    this.vigiarJanela(veiUid, s ? 0 : JANELA_DE_ORDEM_MS);
  }

  /** Joining is skipped when already joined (spec: realtime rooms). */
  entrar(veiUid: string, inicial?: LoteAoVivo) {
    if (inicial) this.lotes.set(veiUid, this.ordem.snapshot(inicial, Date.now()));
    if (this.salas.has(veiUid)) return;
    this.salas.add(veiUid);
    this.enviar({ event: 'conectar-lances-lote', data: { veiUid } });
  }

  sair(veiUid: string) {
    if (!this.salas.delete(veiUid)) return;
    this.enviar({ event: 'desconectar-lances-lote', data: { veiUid } });
  }

  /**
   * A page view (spec 001 §7: sent once the socket is connected and a visitor id exists): the visitor
   * id goes first on every new socket, then the views kept while it was closed (at most 20).
   */
  visitar(visitanteUid: string, visita: { url: string; pagina: string; referrer?: string }) {
    if (this.visitante !== visitanteUid) {
      this.visitante = visitanteUid;
      this.enviar({ event: 'conectar-visitante', data: { visitanteUid } });
    }
    this.visitas = [...this.visitas, visita].slice(-20);
    this.enviarVisitas();
  }

  private enviarVisitas() {
    if (!this.visitante || this.socket?.readyState !== 1) return;
    this.enviar({ event: 'conectar-visitante', data: { visitanteUid: this.visitante } });
    for (const v of this.visitas) this.enviar({ event: 'visita-pagina', data: v });
    this.visitas = [];
  }

  private ping() {
    this.enviar({ event: 'ping', data: { t: (this.opcoes.agora ?? Date.now)() } });
  }

  private enviar(m: unknown) {
    if (this.socket && this.socket.readyState === 1) this.socket.send(JSON.stringify(m));
  }

  /**
   * After a login or logout: a new socket, so the hub authenticates the current session cookie (and
   * the user's own room, where outbid notices arrive, follows who is logged in). Rooms are kept.
   */
  reconectar() {
    if (this.fechado || !this.socket) return;
    this.tentativas = 0;
    this.socket.close();
  }

  fechar() {
    this.fechado = true;
    if (this.timerPing) clearInterval(this.timerPing);
    for (const t of this.janelas.values()) clearTimeout(t);
    this.janelas.clear();
    this.socket?.close();
  }
}
