/*
 * Where a reader of the lots' change feed (`lote_alteracao`, migration 0012) stands: a pure decision,
 * the I/O is in indice-busca.server.ts. See docs/search-index.md.
 *
 * Each feed row has a sequence number (taken when the row is written, not when it commits) and the id
 * of its transaction. A read sees the rows of the transactions committed before its snapshot, so the
 * numbers it sees can have holes: a transaction still running (it commits later, maybe much later) or
 * one that rolled back (never). Both look the same to a reader; what tells them apart is time:
 *  - a hole below a number the read saw was taken before that number, so by a transaction whose id is
 *    below the read snapshot's xmax;
 *  - once a later snapshot's xmin reaches that xmax, every such transaction has ended: if it committed,
 *    that snapshot sees its rows. The read that has the hole in its query and such an xmin closes it.
 * So a reader asks for the rows after the last number it saw plus the rows in its open holes, and
 * forgets a hole only when no transaction that could fill it is still running. Nothing is missed, and a
 * long transaction delays nothing but itself: the rows committed around it are read at once.
 *
 * A freshly loaded index starts from a window instead of holes (it knows the highest number before its
 * snapshot, not the holes below it): the rows up to that number whose transaction was running then.
 */

/** Sequence numbers de..ate not seen yet; may still appear until a snapshot's xmin reaches `xmax`. */
export interface Lacuna {
  de: number;
  ate: number;
  xmax: number;
}
/** Rows numbered up to `seqAte` of transactions from `transacaoDe` on; may still appear until xmin reaches `xmax`. */
export interface Janela {
  transacaoDe: number;
  seqAte: number;
  xmax: number;
}
export interface PosicaoFeed {
  /** Every number up to here was seen, or is in a hole or a window. */
  seq: number;
  lacunas: Lacuna[];
  janelas: Janela[];
}
/** The snapshot a read ran under (pg_snapshot_xmin / pg_snapshot_xmax of pg_current_snapshot()). */
export interface Instantaneo {
  xmin: number;
  xmax: number;
}

/**
 * Beyond this many holes (many rollbacks while one long transaction holds xmin back) they are merged
 * into one range: the query stays small, and the seen rows inside it are read again, which is harmless
 * (applying a row twice is applying it once).
 */
export const MAXIMO_DE_LACUNAS = 200;

/** Where an index loaded after reading `seq` (the highest number visible) under `inst` starts. */
export function posicaoInicial(seq: number, inst: Instantaneo): PosicaoFeed {
  return { seq, lacunas: [], janelas: inst.xmin < inst.xmax ? [{ transacaoDe: inst.xmin, seqAte: seq, xmax: inst.xmax }] : [] };
}

/**
 * The feed position after a load started at `inicio` joined a reader at `atual`: back to the lower
 * number (the rows between are read again for every brand, harmlessly), with both sets of windows.
 */
export function juntar(atual: PosicaoFeed | null, inicio: PosicaoFeed): PosicaoFeed {
  if (!atual) return inicio;
  const seq = Math.min(atual.seq, inicio.seq);
  // Holes above the new number are inside "everything after seq" now.
  const lacunas = atual.lacunas.filter((l) => l.de <= seq).map((l) => (l.ate > seq ? { ...l, ate: seq } : l));
  return { seq, lacunas, janelas: [...atual.janelas, ...inicio.janelas] };
}

/**
 * The position after a read at `pos` returned the rows numbered `vistos` (after pos.seq, inside its
 * holes and windows) under the snapshot `inst`.
 */
export function avancar(pos: PosicaoFeed, vistos: readonly number[], inst: Instantaneo): PosicaoFeed {
  const novos = vistos.filter((s) => s > pos.seq).sort((a, b) => a - b);
  const antigos = vistos.filter((s) => s <= pos.seq).sort((a, b) => a - b);

  // Open holes (in ascending order, as every step keeps them), minus the numbers found in them.
  let lacunas: Lacuna[] = [];
  let i = 0;
  for (const l of pos.lacunas) {
    let de = l.de;
    while (i < antigos.length && antigos[i] < l.de) i++;
    for (; i < antigos.length && antigos[i] <= l.ate; i++) {
      const s = antigos[i];
      if (s > de) lacunas.push({ de, ate: s - 1, xmax: l.xmax });
      de = Math.max(de, s + 1);
    }
    if (de <= l.ate) lacunas.push({ de, ate: l.ate, xmax: l.xmax });
  }
  // New holes: the numbers skipped on the way up to the highest one seen, taken before it, so by
  // transactions below this snapshot's xmax.
  let seq = pos.seq;
  for (const s of novos) {
    if (s === seq) continue;
    if (s > seq + 1) lacunas.push({ de: seq + 1, ate: s - 1, xmax: inst.xmax });
    seq = s;
  }
  // Closed: every transaction that could still fill them had ended when this read looked.
  lacunas = lacunas.filter((l) => l.xmax > inst.xmin);
  const janelas = pos.janelas.filter((j) => j.xmax > inst.xmin);
  if (lacunas.length > MAXIMO_DE_LACUNAS) {
    lacunas = [{ de: lacunas[0].de, ate: lacunas[lacunas.length - 1].ate, xmax: Math.max(...lacunas.map((l) => l.xmax)) }];
  }
  return { seq, lacunas, janelas };
}
