/**
 * Browser side of the live auditorium (issue 15): one websocket that joins the auction's room
 * (`conectar-leilao`) and the room of the lot on the floor (leaving the previous lot's), merges
 * `lot-selected-updated` and the lot's `on-elastic-response` by sequence number, keeps the chat, and
 * measures how far behind the server clock the screen is (ping offset; each auctioneer event carries
 * its server send time). After a reconnect it refetches the auction's snapshot, and so it does when the
 * hub says the floor's lot is ahead of the screen (`estado-lote`) or that the bus came back after a drop
 * (`ressincronizar`). Pure parts exported for tests.
 */
import { amostraRelogio, atrasoReconexao, lerMensagemDoServidor, melhorAmostra, type AmostraRelogio } from './lances-cliente';
import { JANELA_DE_ORDEM_MS } from './ordem-dos-lotes';
import type { ChatMensagem, LotePregao, MensagemTransmissao, PregaoMsg, TransmissaoMsg } from './protocol';

export interface EstadoAuditorio {
  pregao: PregaoMsg;
  chat: ChatMensagem[];
  /** Milliseconds between the server sending the last auctioneer event and this screen getting it. */
  atrasoMs: number | null;
  conectado: boolean;
  /** The lot this client just won (its own room's `lote-arrematado`). */
  arrematado: { numero: string; nome: string; situacao: string; valor: number } | null;
  /** The server's refusal of this client's last chat message (blocked, too fast...). */
  avisoChat: string | null;
  /** The broadcast last published to this auction (`on-transmissao`): the video switches to it. */
  transmissao: TransmissaoMsg | null;
  /** Staff: watchers in the auditorium, every instance (`conectados`); null until the first count. */
  conectados: number | null;
  /**
   * What the player plays, as the latest of a published broadcast (`on-transmissao`) and a channel update
   * (`on-canal-transmissao`) set it (url null: no video); absent until one of them arrives.
   */
  video?: { url: string | null };
  /** The last staff notice (a template, decision 265), until the viewer closes it. */
  aviso?: MensagemTransmissao | null;
  /** How many times staff asked the main player to reload (decision 267): the player remounts on each. */
  recargas?: number;
}

/** Spec (001 §7, 000 constants): a chat message counts as read 300 ms after it was shown. */
export const ATRASO_LEITURA_MS = 300;

/** Staff: new read counts (`chat-leituras`) into the chat. */
export function aplicarLeituras(chat: ChatMensagem[], leituras: { uid: string; quantidade: number }[]) {
  const por = new Map(leituras.map((l) => [l.uid, l.quantidade]));
  return chat.map((m) => (por.has(m.uid) ? { ...m, lidas: Math.max(m.lidas ?? 0, por.get(m.uid)!) } : m));
}

const MAXIMO_CHAT = 100;

/** A bid's partial update of the lot on the floor: applied only when newer (per-lot sequence). */
export function mesclarNoPregao(pregao: PregaoMsg, parcial: Partial<LotePregao> & { veiUid: string; seq: number }): PregaoMsg {
  const l = pregao.lote;
  if (!l || l.veiUid !== parcial.veiUid || parcial.seq <= l.seq) return pregao;
  return { ...pregao, lote: { ...l, ...parcial } };
}

/**
 * What a bid's event does not carry (the lot's count of bids, who gave the current one): the lot's
 * snapshot, read after the event (`GET /v1/lances/lote/{veiUid}`, the rules of the server's
 * `lotePregao`). Applied to the lot on the floor when it is the same lot at the same or a newer
 * sequence; a newer snapshot also brings its value, situacao and end.
 */
export type LeituraDoLote = Pick<LotePregao, 'veiUid' | 'seq' | 'quantidadeLances' | 'apelido' | 'lanceDePista'> &
  Partial<Pick<LotePregao, 'valor' | 'situacao' | 'dataFim'>>;
export function completarNoPregao(pregao: PregaoMsg, leitura: LeituraDoLote): PregaoMsg {
  const l = pregao.lote;
  if (!l || l.veiUid !== leitura.veiUid || leitura.seq < l.seq) return pregao;
  const { quantidadeLances, apelido, lanceDePista } = leitura;
  if (leitura.seq === l.seq) return { ...pregao, lote: { ...l, quantidadeLances, apelido, lanceDePista } };
  const { valor = l.valor, situacao = l.situacao, dataFim = l.dataFim } = leitura;
  return { ...pregao, lote: { ...l, quantidadeLances, apelido, lanceDePista, valor, situacao, dataFim, seq: leitura.seq } };
}

/** An auctioneer event replaces the floor unless the same lot already moved further (a bid's seq). */
export function aplicarPregao(atual: PregaoMsg, novo: PregaoMsg): PregaoMsg {
  if (novo.leilaoUid !== atual.leilaoUid) return atual;
  if (atual.lote && novo.lote && atual.lote.veiUid === novo.lote.veiUid && atual.lote.seq > novo.lote.seq) {
    return { ...novo, lote: atual.lote };
  }
  return novo;
}

/** Chat: append (kept to the last 100), drop a hidden one. */
export const adicionarAoChat = (chat: ChatMensagem[], m: ChatMensagem) =>
  chat.some((x) => x.uid === m.uid) ? chat : [...chat, m].slice(-MAXIMO_CHAT);
export const ocultarDoChat = (chat: ChatMensagem[], uid: string) => chat.filter((m) => m.uid !== uid);

/** How far behind the server the screen is: local receipt time on the server's clock minus the send time. */
export const atrasoDoEvento = (servidor: number, recebidoLocal: number, offset: number) =>
  Math.max(0, Math.round(recebidoLocal + offset - servidor));

type Socket = Pick<WebSocket, 'send' | 'close' | 'readyState'> & {
  onopen: ((e: unknown) => void) | null;
  onclose: ((e: unknown) => void) | null;
  onmessage: ((e: { data: unknown }) => void) | null;
  onerror: ((e: unknown) => void) | null;
};

export class ClienteAuditorio {
  estado: EstadoAuditorio;
  private socket: Socket | null = null;
  private salaDoLote: string | null = null;
  private relogio: AmostraRelogio | null = null;
  private fechado = false;
  private tentativas = 0;
  private conectadoAntes = false;
  private timer: ReturnType<typeof setInterval> | null = null;
  private ouvintes = new Set<(e: EstadoAuditorio) => void>();
  /** Read receipts: messages already reported, and the ones shown and waiting their 300 ms. */
  private lidas = new Set<string>();
  private aLer = new Set<string>();
  private timerLeitura: ReturnType<typeof setTimeout> | null = null;
  /** The floor lot's snapshot read after a bid (completar): one in flight, and the lot to read once more. */
  private lendo = false;
  private lerDeNovo: string | null = null;
  /** A refetch already planned (the floor's lot behind the hub's estado, or the bus back after a drop). */
  private timerAtualizar: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly opcoes: {
      url: string;
      inicial: { pregao: PregaoMsg; chat: ChatMensagem[] };
      buscarSnapshot(): Promise<{ pregao: PregaoMsg; chat: ChatMensagem[] } | null>;
      /** The floor lot's snapshot after one of its bids (count of bids, who gave the current one). */
      buscarLote?(veiUid: string): Promise<LeituraDoLote | null>;
      criarSocket?: (url: string) => Socket;
      /** The auctioneer's panel joins its staff room (same events, chat with authors) instead of the auditorium's. */
      sala?: 'conectar-leilao' | 'conectar-leiloeiro';
    },
  ) {
    this.estado = {
      ...opcoes.inicial,
      atrasoMs: null,
      conectado: false,
      arrematado: null,
      avisoChat: null,
      transmissao: null,
      conectados: null,
    };
  }

  get offset() {
    return this.relogio?.offset ?? 0;
  }

  ouvir(f: (e: EstadoAuditorio) => void) {
    this.ouvintes.add(f);
    return () => void this.ouvintes.delete(f);
  }

  private mudar(parcial: Partial<EstadoAuditorio>) {
    this.estado = { ...this.estado, ...parcial };
    this.seguirLote();
    for (const f of this.ouvintes) f(this.estado);
  }

  /** The lot room follows the lot on the floor (a singleton on this side: leave the previous one first). */
  private seguirLote() {
    const veiUid = this.estado.pregao.lote?.veiUid ?? null;
    if (veiUid === this.salaDoLote) return;
    if (this.salaDoLote) this.enviar({ event: 'desconectar-lances-lote', data: { veiUid: this.salaDoLote } });
    this.salaDoLote = veiUid;
    if (veiUid) this.enviar({ event: 'conectar-lances-lote', data: { veiUid } });
  }

  conectar() {
    this.fechado = false;
    const ws = (this.opcoes.criarSocket ?? ((u) => new WebSocket(u) as unknown as Socket))(this.opcoes.url);
    this.socket = ws;
    ws.onopen = () => {
      const reconexao = this.conectadoAntes;
      this.conectadoAntes = true;
      this.tentativas = 0;
      this.enviar({ event: this.opcoes.sala ?? 'conectar-leilao', data: { leilaoUid: this.estado.pregao.leilaoUid } });
      const lote = this.salaDoLote;
      if (lote) this.enviar({ event: 'conectar-lances-lote', data: { veiUid: lote } });
      this.ping();
      this.timer = setInterval(() => this.ping(), 10_000);
      this.mudar({ conectado: true });
      if (reconexao) void this.atualizar();
    };
    ws.onmessage = (e) => this.receber(e.data, Date.now());
    ws.onclose = () => {
      if (this.timer) clearInterval(this.timer);
      this.mudar({ conectado: false });
      if (this.fechado) return;
      setTimeout(() => !this.fechado && this.conectar(), atrasoReconexao(this.tentativas++));
    };
    ws.onerror = () => ws.close();
  }

  receber(bruto: unknown, agora: number) {
    const m = lerMensagemDoServidor(bruto);
    if (!m) return;
    switch (m.event) {
      case 'pong':
        if (m.data.t !== null) {
          const amostra = amostraRelogio(m.data.t, m.data.servidor, agora);
          this.relogio = melhorAmostra(this.relogio, amostra);
          // Until an auctioneer event arrives, half the round trip is the best guess.
          if (this.estado.atrasoMs === null) this.mudar({ atrasoMs: Math.round(amostra.rtt / 2) });
        }
        break;
      case 'lot-selected-updated':
        this.mudar({ pregao: aplicarPregao(this.estado.pregao, m.data), atrasoMs: atrasoDoEvento(m.data.servidor, agora, this.offset) });
        break;
      case 'on-elastic-response': {
        const antes = this.estado.pregao;
        const pregao = mesclarNoPregao(antes, m.data as LotePregao);
        this.mudar({ pregao });
        if (pregao !== antes && pregao.lote) void this.completar(pregao.lote.veiUid);
        break;
      }
      case 'chat-mensagem':
        if (m.data.leilaoUid === this.estado.pregao.leilaoUid) this.mudar({ chat: adicionarAoChat(this.estado.chat, m.data) });
        break;
      case 'on-transmissao':
        if (m.data.leilaoUid === this.estado.pregao.leilaoUid)
          this.mudar({ transmissao: m.data, video: { url: m.data.videoAtivo ? m.data.url : null } });
        break;
      case 'on-canal-transmissao':
        if (m.data.leilaoUid === this.estado.pregao.leilaoUid) this.mudar({ video: { url: m.data.url } });
        break;
      case 'recarregar-player-principal':
        if (m.data.leilaoUid === this.estado.pregao.leilaoUid) this.mudar({ recargas: (this.estado.recargas ?? 0) + 1 });
        break;
      case 'mensagem-transmissao':
        if (m.data.leilaoUid === this.estado.pregao.leilaoUid) this.mudar({ aviso: m.data });
        break;
      case 'conectados':
        if (m.data.leilaoUid === this.estado.pregao.leilaoUid) this.mudar({ conectados: m.data.quantidade });
        break;
      case 'chat-leituras':
        if (m.data.leilaoUid === this.estado.pregao.leilaoUid) this.mudar({ chat: aplicarLeituras(this.estado.chat, m.data.leituras) });
        break;
      case 'chat-oculta':
        this.mudar({ chat: ocultarDoChat(this.estado.chat, m.data.uid) });
        break;
      case 'erro':
        if (m.data.sala?.startsWith('leilao:') || m.data.sala?.startsWith('leiloeiro:')) this.mudar({ avisoChat: m.data.mensagem });
        break;
      case 'estado-lote': {
        // The floor's lot is behind the database (an update lost on the bus): a moment for it to
        // arrive after all, then the auction's snapshot (decision 117).
        const { veiUid, seq } = m.data;
        const atras = () => {
          const l = this.estado.pregao.lote;
          return l?.veiUid === veiUid && l.seq < seq;
        };
        if (atras()) this.atualizarEm(JANELA_DE_ORDEM_MS, atras);
        break;
      }
      case 'ressincronizar':
        // Every watcher hears this at once: spread over a window, so the refetches do not arrive together.
        this.atualizarEm(Math.random() * JANELA_DE_ORDEM_MS);
        break;
      case 'lote-arrematado':
        this.mudar({ arrematado: { numero: m.data.numero, nome: m.data.nome, situacao: m.data.situacao, valor: m.data.valor.atual } });
        break;
    }
  }

  /**
   * After a bid on the floor lot: its count and leader from the lot's snapshot (the event has neither).
   * One read in flight per screen; bids that arrive meanwhile are covered by one more read after it.
   */
  async completar(veiUid: string) {
    if (!this.opcoes.buscarLote) return;
    if (this.lendo) {
      this.lerDeNovo = veiUid;
      return;
    }
    this.lendo = true;
    try {
      // A failed read leaves the lot as the socket last set it; the next event reads it again.
      const leitura = await this.opcoes.buscarLote(veiUid).catch(() => null);
      if (leitura) this.mudar({ pregao: completarNoPregao(this.estado.pregao, leitura) });
    } finally {
      this.lendo = false;
    }
    const proximo = this.lerDeNovo;
    this.lerDeNovo = null;
    if (proximo && !this.fechado) await this.completar(proximo);
  }

  /** One planned refetch at a time; `ainda` is asked again when it is due. */
  private atualizarEm(ms: number, ainda: () => boolean = () => true) {
    if (this.timerAtualizar) return;
    this.timerAtualizar = setTimeout(() => {
      this.timerAtualizar = null;
      if (!this.fechado && ainda()) void this.atualizar();
    }, ms);
  }

  async atualizar() {
    // A failed snapshot keeps what the page shows; the next reconnect or resync asks again.
    const s = await this.opcoes.buscarSnapshot().catch(() => null);
    if (s) this.mudar({ pregao: aplicarPregao(this.estado.pregao, s.pregao), chat: s.chat });
  }

  /** The viewer closed the staff notice. */
  fecharAviso() {
    this.mudar({ aviso: null });
  }

  enviarChat(texto: string) {
    this.mudar({ avisoChat: null });
    this.enviar({ event: 'chat-mensagem', data: { leilaoUid: this.estado.pregao.leilaoUid, texto } });
  }

  /**
   * The chat on screen shows these messages: each one not yet reported is confirmed (`chat-leitura`)
   * 300 ms later, the ones shown together in one message. Only a logged-in client's count (the server
   * ignores the others and the author's own).
   */
  exibidas(uids: string[]) {
    for (const u of uids) if (!this.lidas.has(u)) this.aLer.add(u);
    if (this.aLer.size === 0 || this.timerLeitura) return;
    this.timerLeitura = setTimeout(() => {
      this.timerLeitura = null;
      const uids = [...this.aLer].slice(0, 50);
      if (this.socket?.readyState !== 1) return;
      for (const u of uids) {
        this.aLer.delete(u);
        this.lidas.add(u);
      }
      this.enviar({ event: 'chat-leitura', data: { leilaoUid: this.estado.pregao.leilaoUid, mensagemUids: uids } });
      if (this.aLer.size) this.exibidas([]);
    }, ATRASO_LEITURA_MS);
  }

  private ping() {
    this.enviar({ event: 'ping', data: { t: Date.now() } });
  }

  private enviar(m: unknown) {
    if (this.socket && this.socket.readyState === 1) this.socket.send(JSON.stringify(m));
  }

  fechar() {
    this.fechado = true;
    if (this.timer) clearInterval(this.timer);
    if (this.timerLeitura) clearTimeout(this.timerLeitura);
    if (this.timerAtualizar) clearTimeout(this.timerAtualizar);
    this.socket?.close();
  }
}
