/*
 * Which lots the change feed named since a given moment, per instance: what a lot page kept for visitors
 * (app/paginas/paginas-de-lote.server.ts, decision 244) is checked against before it is served.
 *
 * The feed (`lote_alteracao`) names a lot for every change to any row its page shows (migrations 0012,
 * 0020, 0050), and every kept page is served only after a feed read that began after its request came.
 * A page records the generation (`marca()`) before its loaders read the database; it stands while its lot
 * was not named since. A page rendered while a feed read names its lot is thus never taken as current
 * (its read may have taken its snapshot before that change committed), as in cache-cards.ts.
 *
 * The record is bounded: past `maximo` lots the oldest are forgotten, and a page marked before a forgotten
 * one counts as changed. Starting the feed over (`recomecar`) makes every earlier mark changed.
 */
export class AlteracoesDeLotes {
  /** Lot id → generation of the feed read that last named it (insertion order = age). */
  private readonly nomeadoEm = new Map<number, number>();
  private geracao = 0;
  /** Marks before this generation can no longer be answered: they count as changed. */
  private esquecidasAte = 0;

  constructor(private readonly maximo = 100_000) {}

  /** Taken before a read whose result stands while its lot is not named. */
  marca(): number {
    return this.geracao;
  }

  /** The feed named these lots. */
  invalidar(ids: Iterable<number>) {
    this.geracao++;
    for (const id of ids) {
      this.nomeadoEm.delete(id);
      this.nomeadoEm.set(id, this.geracao);
    }
    for (const [id, g] of this.nomeadoEm) {
      if (this.nomeadoEm.size <= this.maximo) break;
      this.nomeadoEm.delete(id);
      this.esquecidasAte = g;
    }
  }

  /** The instance's feed position was reset: nothing read before now can be vouched for. */
  recomecar() {
    this.geracao++;
    this.nomeadoEm.clear();
    this.esquecidasAte = this.geracao;
  }

  /** True when the lot may have changed since the mark `desde` was taken. */
  alteradoDesde(id: number, desde: number): boolean {
    if (this.esquecidasAte > desde) return true;
    const g = this.nomeadoEm.get(id);
    return g !== undefined && g > desde;
  }
}
