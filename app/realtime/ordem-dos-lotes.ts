/**
 * A lot's updates applied in sequence order, in the browser (decision 117). Every change of a lot takes
 * the next number of the lot's `sequencia` in its own transaction, under the lot's row lock, so the
 * numbers of one lot have no holes and no repeats. They still reach a socket out of order: two bids
 * committed one after the other on two instances are fanned out by each instance to its own sockets
 * first, and to the other's through the bus a moment later. So an update that skips a number waits
 * here (a short window) for the missing one; only a hole that outlives the window is a real gap, and
 * costs a snapshot. The hub's `estado-lote` (the lot's latest number, read from the database) opens
 * the same window when the socket missed the lot's last update altogether (a lost publish).
 */
/** What ordering needs of a lot update (lances-cliente.ts's L has more). */
interface ComSequencia {
  veiUid: string;
  seq: number;
}

/** How long a skipped number may take to arrive before the lot is refetched. */
export const JANELA_DE_ORDEM_MS = 1_000;

interface Estado<L> {
  lote: L | undefined;
  /** Updates past a hole, by sequence number, waiting for the hole to fill. */
  espera: Map<number, L>;
  /** The highest number this lot is known to have reached (an update held back, or the hub's estado). */
  anunciado: number;
  /** When the current hole was noticed (null: none). */
  desde: number | null;
}

export class OrdemDosLotes<L extends ComSequencia> {
  private readonly porLote = new Map<string, Estado<L>>();

  constructor(private readonly janelaMs = JANELA_DE_ORDEM_MS) {}

  private estado(veiUid: string): Estado<L> {
    let e = this.porLote.get(veiUid);
    if (!e) this.porLote.set(veiUid, (e = { lote: undefined, espera: new Map(), anunciado: -1, desde: null }));
    return e;
  }

  lote(veiUid: string): L | undefined {
    return this.porLote.get(veiUid)?.lote;
  }

  /**
   * One update from the socket. Answers the lot as it now stands when it changed (this update, and any
   * held back that it unblocked, merged in order), or null (stale, a duplicate, or held back).
   */
  receber(parcial: L, agora: number): L | null {
    const e = this.estado(parcial.veiUid);
    // A lot we know nothing about is taken as it comes.
    if (!e.lote) {
      e.lote = { ...parcial };
      return this.drenar(e, agora) ?? e.lote;
    }
    if (parcial.seq <= e.lote.seq) return null;
    if (parcial.seq === e.lote.seq + 1) {
      e.lote = { ...e.lote, ...parcial };
      return this.drenar(e, agora) ?? e.lote;
    }
    e.espera.set(parcial.seq, parcial);
    e.anunciado = Math.max(e.anunciado, parcial.seq);
    e.desde ??= agora;
    return null;
  }

  /** The hub says the lot has reached `seq`: if we are behind, the window for the missing updates opens. */
  anunciar(veiUid: string, seq: number, agora: number) {
    const e = this.porLote.get(veiUid);
    if (!e?.lote || seq <= e.lote.seq) return;
    e.anunciado = Math.max(e.anunciado, seq);
    e.desde ??= agora;
  }

  /** A snapshot (page data, refetch): replaces the lot unless it is older, then unblocks what it can. */
  snapshot(s: L, agora: number): L {
    const e = this.estado(s.veiUid);
    e.lote = e.lote && e.lote.seq > s.seq ? e.lote : { ...e.lote, ...s };
    // The snapshot answers every announcement made before it (no refetch loop if one cannot be met); a
    // hole still open after it (an update newer than the snapshot is held) gets a new window.
    e.anunciado = Math.max(-1, ...e.espera.keys());
    e.desde = null;
    return this.drenar(e, agora) ?? e.lote;
  }

  /** Is the lot behind with its window over (refetch it)? */
  atrasado(veiUid: string, agora: number): boolean {
    const e = this.porLote.get(veiUid);
    return e?.desde != null && agora - e.desde >= this.janelaMs;
  }

  /** When the lot's open window ends (null: no hole). */
  fimDaJanela(veiUid: string): number | null {
    const d = this.porLote.get(veiUid)?.desde;
    return d == null ? null : d + this.janelaMs;
  }

  esquecer(veiUid: string) {
    this.porLote.delete(veiUid);
  }

  /** Applies the held updates that now follow in order; answers the lot when any was applied. */
  private drenar(e: Estado<L>, agora: number): L | null {
    let mudou = false;
    for (const seq of [...e.espera.keys()]) if (seq <= e.lote!.seq) e.espera.delete(seq);
    for (let proximo = e.espera.get(e.lote!.seq + 1); proximo; proximo = e.espera.get(e.lote!.seq + 1)) {
      e.espera.delete(proximo.seq);
      e.lote = { ...e.lote!, ...proximo };
      mudou = true;
    }
    if (e.espera.size === 0 && e.anunciado <= e.lote!.seq) e.desde = null;
    // Progress, but still a hole: the window restarts from the last update that filled one.
    else if (mudou || e.desde == null) e.desde = agora;
    return mudou ? e.lote! : null;
  }
}
