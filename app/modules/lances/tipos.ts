import type { LoteAoVivoMsg } from '~/realtime/protocol';

/**
 * The bidding engine's shared shapes, in their own module so the engine's files and its batched fast
 * path (lote-rapido.server.ts) do not import each other.
 */
export interface Licitante {
  id: number;
  nome: string;
  email: string;
}

/** What to publish after commit: the lot's event, and the clients who lost the lead. */
export interface Efeito {
  hotsiteId: number;
  veiUid: string;
  /** What the lot's room receives (`on-elastic-response`); a bid's event always carries the new valor. */
  evento: LoteAoVivoMsg & { valor: NonNullable<LoteAoVivoMsg['valor']> };
  superados: number[];
  lote: { id: number; nome: string; numero: string };
  /** The step was a buy-now: the clients it outbid are told the lot was sold, not invited to bid again. */
  compreJa?: boolean;
}
