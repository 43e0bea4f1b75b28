import type { StatusLance } from './regras';
import type { Efeito } from './tipos';

/**
 * What the bidding use cases answer, as data: what happened, never how to say it or which HTTP status
 * it is. The pages (app/paginas/resposta-do-lance.server.ts) and the JSON API (app/api/lances.server.ts)
 * each turn a result into a status and the brand's wording. A result is stored as it is behind an
 * Idempotency-Key and in a transaction's receipt, so it stays plain JSON.
 */

/** The lot's changed part, as its room receives it (`on-elastic-response`). */
export type EventoDoLote = Efeito['evento'];

/** A bid as written (the answer's `lance`). */
export interface LanceGravado {
  id: number;
  uid: string;
  loteId: number;
  valor: number;
  tipo: string;
  /** ISO 8601 in UTC. */
  data: string;
}

/** Why a request changed nothing of its own (a covered bid still committed the maxima's answer). */
export type Recusa =
  | { tipo: 'lote-nao-encontrado' }
  /** The lot takes no bid or maximum: only a proposal or buy-now. */
  | { tipo: 'somente-proposta' }
  | { tipo: 'nao-iniciado' }
  | { tipo: 'encerrado' }
  /** Below the next accepted value. */
  | { tipo: 'abaixo'; proximo: number }
  /** Accepted by the rules, then at once covered by another client's maximum. */
  | { tipo: 'coberto'; proximo: number; lote: EventoDoLote }
  /** A maximum below the next accepted value. */
  | { tipo: 'maximo-abaixo'; proximo: number }
  | { tipo: 'sem-compre-ja' }
  /** Buy-now on a lot that takes none now, told about the purchase (not about bids). */
  | { tipo: 'compra-nao-iniciada' }
  | { tipo: 'compra-encerrada' }
  | { tipo: 'compra-de-outro' }
  | { tipo: 'compra-ja-feita' }
  | { tipo: 'configuracao-nao-encontrada' }
  /** The same Idempotency-Key with another body. */
  | { tipo: 'chave-reutilizada' };

/** A manual bid (darLance). `status`: the client's standing on the lot right after it (spec section 4). */
export type ResultadoDoLance = { tipo: 'aceito'; lance: LanceGravado; lote: EventoDoLote; status: StatusLance } | Recusa;

/** An automatic maximum saved (configurarLanceAutomatico); `status` reads "winning" while it leads. */
export type ResultadoDoAutomatico =
  | {
      tipo: 'automatico-salvo';
      lanceAutomatico: { id: number; loteId: number; valorMaximo: number };
      lote: EventoDoLote;
      status: 'ganhando' | 'superado';
    }
  | Recusa;

/** A maximum stopped (cancelarLanceAutomatico). */
export type ResultadoDoCancelamento = { tipo: 'automatico-cancelado' } | Recusa;

/** A buy-now (compreJa): the lot is the buyer's. */
export type ResultadoDaCompra = { tipo: 'comprado'; lance: LanceGravado; lote: EventoDoLote } | Recusa;

/** A floor bid of the auctioneer, or a bid staff register for a client (lanceDoLeiloeiro). */
export type ResultadoDoLeiloeiro = { tipo: 'registrado'; lance: LanceGravado; lote: EventoDoLote } | Recusa;

/** Any bidding use case's result. */
export type Resultado = ResultadoDoLance | ResultadoDoAutomatico | ResultadoDoCancelamento | ResultadoDaCompra | ResultadoDoLeiloeiro;
