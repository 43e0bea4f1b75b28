import { SITUACOES_ARREMATADO, SITUACOES_CONDICIONAL, SITUACOES_CONDICIONAL_NEGADA, SITUACOES_NAO_VENDIDO } from './situacoes';

/*
 * The tamper-evident bid record (issue #34, decision 196): each bid's SHA-256 over its canonical line,
 * chained to the lot's previous bid. The database writes the hashes (trigger lance_encadear, migration
 * 0040); this rebuilds the same line so anyone holding the ata's JSON can check it. Pure: the hash
 * function is handed in (node:crypto on the server, Web Crypto or sha256sum elsewhere).
 */

/** The first bid's previous hash. */
export const HASH_INICIAL = '0'.repeat(64);

/** A bid's canonical fields, as the ata publishes them. `dataMs`: server time in epoch milliseconds. */
export interface LanceCanonico {
  id: number;
  uid: string;
  hotsiteId: number;
  loteId: number;
  usuarioId: number;
  valor: number;
  tipo: string;
  ordem: number;
  dataMs: number;
}

/** The line hashed for one bid (v1); the same text as SQL's lance_linha_canonica. */
export const linhaCanonica = (l: LanceCanonico, anterior: string) =>
  ['v1', l.id, l.uid, l.hotsiteId, l.loteId, l.usuarioId, l.valor, l.tipo, l.ordem, l.dataMs, anterior].join('|');

export interface LanceRegistrado extends LanceCanonico {
  hashAnterior: string | null;
  hash: string | null;
}

export type VerificacaoDaCadeia =
  | { integra: true; cabeca: string; lances: number }
  | { integra: false; cabeca: string | null; lances: number; quebraNoLance: number; motivo: 'hash' | 'elo' };

/**
 * Recomputes the chain in id order: every bid's hash must match its fields and the previous bid's hash.
 * The head is the last bid's stored hash (HASH_INICIAL for a lot without bids). The first broken bid is named:
 * 'hash' when its fields no longer give its hash (a value, time or bidder changed), 'elo' when its link
 * does not name the previous bid (a bid removed or inserted).
 */
export function verificarCadeia(lances: readonly LanceRegistrado[], sha256: (texto: string) => string): VerificacaoDaCadeia {
  const ordenados = [...lances].sort((a, b) => a.id - b.id);
  let anterior = HASH_INICIAL;
  const cabeca = ordenados.at(-1)?.hash ?? null;
  for (const l of ordenados) {
    if (l.hashAnterior !== anterior) return { integra: false, cabeca, lances: ordenados.length, quebraNoLance: l.id, motivo: 'elo' };
    const esperado = sha256(linhaCanonica(l, anterior));
    if (l.hash !== esperado) return { integra: false, cabeca, lances: ordenados.length, quebraNoLance: l.id, motivo: 'hash' };
    anterior = esperado;
  }
  return { integra: true, cabeca: anterior, lances: ordenados.length };
}

const SITUACOES_COM_ATA: readonly string[] = [
  ...SITUACOES_ARREMATADO,
  ...SITUACOES_NAO_VENDIDO,
  ...SITUACOES_CONDICIONAL,
  ...SITUACOES_CONDICIONAL_NEGADA,
];
/** The ata is issued once the lot closed: sold, not sold, conditional or its auction's end past. */
export const loteTemAta = (situacao: string) => SITUACOES_COM_ATA.includes(situacao);
