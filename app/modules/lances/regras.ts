/**
 * The bidding rules as pure functions (no I/O, no clock): the transactional engine
 * (lance-manual.server.ts and its siblings) loads a locked lot, asks these functions what happens, and writes the answer.
 * Money is integer centavos everywhere.
 */
import { reaisParaCentavos } from '~/utils/numeros';
import {
  SITUACOES_EM_DISPUTA,
  SITUACOES_CONDICIONAL,
  SITUACOES_CONDICIONAL_NEGADA,
  SITUACOES_NAO_VENDIDO,
  SITUACOES_ARREMATADO,
} from '~/modules/dominio/situacoes';

// Values, commission and totals: app/modules/dominio/dinheiro.ts (the one money calculator).

// ───────────────────────────── soft close ─────────────────────────────

export interface Prazo {
  dataFim: Date;
  recebeIncrementoTempo: boolean;
  /** The auction's pontoCorteParaIncrementoPosLancesSegundos. */
  pontoCorteSegundos: number;
  /** The auction's incrementoAposLancesSegundos. */
  incrementoSegundos: number;
}

/** A bid is accepted only strictly before the lot's end. */
export const aceitaLanceEm = (dataFim: Date, agora: Date) => agora.getTime() < dataFim.getTime();

/**
 * The lot's end after a bid accepted at `agora`: inside the cut-off window of a lot that takes time
 * increments, the end moves to now + increment; an end never moves back.
 */
export function dataFimAposLance(p: Prazo, agora: Date): Date {
  if (!p.recebeIncrementoTempo) return p.dataFim;
  const restante = p.dataFim.getTime() - agora.getTime();
  if (restante > p.pontoCorteSegundos * 1000) return p.dataFim;
  const nova = agora.getTime() + p.incrementoSegundos * 1000;
  return nova > p.dataFim.getTime() ? new Date(nova) : p.dataFim;
}

// ───────────────────────────── lot situacao and closing ─────────────────────────────

// The lot situacao list itself lives with the schema (db/schema/catalogo.ts, SITUACOES_LOTE).

/**
 * Whether a lot takes bids now, as the engine decides (lote-travado.server.ts recusaDoLote): a lot whose end
 * has passed is ended whatever its stored situacao (the closing job may not have run yet, and a
 * PENDENTE lot never opens after its end); CADASTRADO and PENDENTE lots before their end have not
 * started; the other states are closed. Pages and lists use it so nothing offers a bid the engine refuses.
 */
export type FaseDoLote = 'aberto' | 'nao-iniciado' | 'encerrado';
export function faseDoLote(
  l: { situacao: string; dataInicio?: string | Date | null; dataFim: string | Date | null },
  agora: number,
): FaseDoLote {
  if (l.dataFim != null && new Date(l.dataFim).getTime() <= agora) return 'encerrado';
  if (SITUACOES_EM_DISPUTA.includes(l.situacao)) {
    return l.dataInicio != null && new Date(l.dataInicio).getTime() > agora ? 'nao-iniciado' : 'aberto';
  }
  return ['CADASTRADO', 'PENDENTE'].includes(l.situacao) ? 'nao-iniciado' : 'encerrado';
}

/**
 * What the bid form will send for the typed text: the typed amount when it is money, else (an empty
 * field) the next accepted bid. `abaixo` flags a typed amount below the next accepted bid and
 * `invalido` a text that is not money, before anything is sent.
 */
export function valorDoFormulario(texto: string, proximo: number): { valor: number; abaixo: boolean; invalido: boolean } {
  if (!texto.trim()) return { valor: proximo, abaixo: false, invalido: false };
  const valor = reaisParaCentavos(texto);
  if (!Number.isFinite(valor) || valor <= 0) return { valor: proximo, abaixo: false, invalido: true };
  return { valor, abaixo: valor < proximo, invalido: false };
}

/**
 * Closing decision at the end: the highest bid at or above the seller's value sells (AG_PAGAMENTO);
 * below it the sale is conditional on the seller's answer; no bid, not sold. No seller value = any bid sells.
 */
export function situacaoAoEncerrar({ lance, valorComitente }: { lance: number | null; valorComitente: number | null }) {
  if (lance == null) return 'NAO_ARREMATADO' as const;
  if (valorComitente == null || lance >= valorComitente) return 'AG_PAGAMENTO' as const;
  return 'CONDICIONAL' as const;
}

export const RESPOSTAS_CONDICIONAL = ['Liberada', 'Recusada', 'Novo valor'] as const;
export type RespostaCondicional = (typeof RESPOSTAS_CONDICIONAL)[number];

/** The seller's answer to a conditional sale (spec section 4). */
export function situacaoAposRespostaCondicional(resposta: RespostaCondicional) {
  switch (resposta) {
    case 'Liberada':
      return 'AG_PAGAMENTO' as const;
    case 'Recusada':
      return 'CONDICIONAL_NEGADA' as const;
    case 'Novo valor':
      return 'CONDICIONAL' as const;
  }
}

// ───────────────────────────── bid status as the user sees it ─────────────────────────────

export const STATUS_LANCE = [
  'nao-esta-participando',
  'ganhando',
  'superado',
  'vencedor',
  'finalizado',
  'condicional',
  'condicional-negada',
] as const;
export type StatusLance = (typeof STATUS_LANCE)[number];

/**
 * Spec section 4. `meuLance` is the user's highest non-cancelled manual or automatic bid; `lanceAtual`
 * the lot's current bid.
 */
export function statusDoLance({
  meuLance,
  lanceAtual,
  situacao,
}: {
  meuLance: number | null;
  lanceAtual: number | null;
  situacao: string;
}): StatusLance {
  if (meuLance == null) return 'nao-esta-participando';
  const emDisputa = SITUACOES_EM_DISPUTA.includes(situacao);
  if (lanceAtual == null || meuLance >= lanceAtual) {
    if (emDisputa) return 'ganhando';
    if (SITUACOES_CONDICIONAL.includes(situacao)) return 'condicional';
    if (SITUACOES_CONDICIONAL_NEGADA.includes(situacao)) return 'condicional-negada';
    if (SITUACOES_NAO_VENDIDO.includes(situacao)) return 'finalizado';
    return 'vencedor';
  }
  return emDisputa ? 'superado' : 'finalizado';
}

/** The back office's bid labels (spec 000 §4): stored Recebido/Cancelado, the rest derived from the lot. */
export type RotuloLanceRecebido = 'Recebido' | 'Superado' | 'Vencendo' | 'Vencedor' | 'Cancelado';

/**
 * What staff read beside a received bid: Cancelado if cancelled; Superado once another bid leads; the
 * lot's leading bid is Vencendo while the lot takes bids and Vencedor once it is sold (conditional
 * included); a leading bid on a lot closed unsold or not open is just Recebido.
 */
export function rotuloDoLanceRecebido({
  situacao,
  lider,
  situacaoDoLote,
}: {
  situacao: string;
  lider: boolean;
  situacaoDoLote: string;
}): RotuloLanceRecebido {
  if (situacao === 'Cancelado') return 'Cancelado';
  if (!lider) return 'Superado';
  if (SITUACOES_EM_DISPUTA.includes(situacaoDoLote)) return 'Vencendo';
  const vendido = SITUACOES_ARREMATADO.includes(situacaoDoLote) || SITUACOES_CONDICIONAL.includes(situacaoDoLote);
  return vendido ? 'Vencedor' : 'Recebido';
}

/**
 * The inputs of `statusDoLance` for one viewer as the server read them together, in one statement, at
 * the lot's sequence number `seq`: the viewer's own highest non-cancelled bid, the lot's current bid
 * and its situacao. The bid panel keeps the newest reading it has and shows `statusDoLance` of it, so
 * "Seu lance" and its status are always a pair the server saw (decision 119). The lot's broadcast
 * never says whose its current bid is, so the browser never guesses its own bid from it: a lot event
 * (another's bid, the viewer's own automatic bid, a cancelled bid) makes the page read its standing again.
 */
export interface PosicaoNoLote {
  seq: number;
  meuLance: number | null;
  lanceAtual: number | null;
  situacao: string;
}

/** Of two readings of the viewer's standing, the one at the newer lot sequence (on a tie, the one read later). */
export const posicaoMaisNova = (atual: PosicaoNoLote, lida: PosicaoNoLote): PosicaoNoLote => (lida.seq >= atual.seq ? lida : atual);

/** i18n key of a status label in app/locales/pt-BR/lances.ts (`status_lance.<chave>`, with `_loja` variants). */
export const chaveDoStatus = (s: StatusLance) => `status_lance.${s.replace(/-/g, '_')}`;

/** Rows per page of Meus lances (the spec gives none for this screen; decision 034). */
export const TAMANHO_PAGINA_MEUS_LANCES = 20;

/** Tabs of "meus lances" (spec: Todos, Vencendo, Superado, Vencedor, Finalizado; plus Condicional) → statuses they show. */
export const ABAS_MEUS_LANCES = {
  todos: null,
  vencendo: ['ganhando'],
  superado: ['superado'],
  // A conditional win is not won yet: it waits for the seller in its own tab (decision 126).
  vencedor: ['vencedor'],
  condicional: ['condicional'],
  finalizado: ['finalizado', 'condicional-negada'],
} as const satisfies Record<string, readonly StatusLance[] | null>;

// ───────────────────────────── who the public sees behind a bid ─────────────────────────────

/** A floor bid: taken by the auctioneer for the room on a live auction (decision 052), recorded under their user. */
export const TIPO_LANCE_DE_PISTA = 'Leiloeiro';

/**
 * What every watcher is shown of who gave a bid: the bidder's nickname, but a floor bid is the floor's
 * (pages write "Lance de pista"), never the auctioneer's own name (decision 120). One rule for the lot's
 * leader on the auditorium and the auctioneer's panel and for the lot's bid history.
 */
export function autorPublico({ tipo, apelido }: { tipo: string | null; apelido: string | null }): {
  apelido: string | null;
  lanceDePista: boolean;
} {
  return tipo === TIPO_LANCE_DE_PISTA ? { apelido: null, lanceDePista: true } : { apelido, lanceDePista: false };
}

// ───────────────────────────── idempotency ─────────────────────────────

export type DecisaoIdempotencia<R> = { tipo: 'novo' } | { tipo: 'repetir'; resposta: R } | { tipo: 'conflito' };

/** Same key + same body → the first answer; same key + another body → conflict (4xx). */
export function decidirIdempotencia<R>(
  anterior: { hashCorpo: string; resposta: R } | null | undefined,
  hashCorpo: string,
): DecisaoIdempotencia<R> {
  if (!anterior) return { tipo: 'novo' };
  return anterior.hashCorpo === hashCorpo ? { tipo: 'repetir', resposta: anterior.resposta } : { tipo: 'conflito' };
}

/** Canonical JSON (sorted keys) so `{a,b}` and `{b,a}` are the same body. */
export function jsonCanonico(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(jsonCanonico).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${jsonCanonico((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}
