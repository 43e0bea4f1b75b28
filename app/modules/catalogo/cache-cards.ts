/*
 * The lot cards of the index's searches, kept per instance and exact (docs/search-index.md, "Cards").
 *
 * A card is read from PostgreSQL (the lot joined with its vehicle, type, auction, yard, seller and first
 * photos) and kept until the change feed names its lot: every change to any of those rows logs the lot
 * there (migrations 0012 and 0020), and every index search reads the feed before it asks for cards. So a
 * card served from here is as fresh as one read from the database after that read.
 *
 * The one race: a card read from the database while a feed read names its lot. The read may have taken
 * its snapshot before that change committed; stored after the feed read, it would stay stale. So every
 * read takes a mark (the generation) before it starts, each invalidation records its generation per lot,
 * and a card is stored only if its lot was not invalidated since the mark. Those records are bounded: past
 * the bound the oldest are forgotten, and a read that started before a forgotten one stores nothing.
 */

export interface OpcoesCacheDeCards {
  /** Cards kept (the oldest stored go first); ~2 KB each. */
  maximo?: number;
  /** Invalidations remembered for the race above. */
  maximoDeInvalidacoes?: number;
}

export class CacheDeCards<T extends { id: number }> {
  private readonly cards = new Map<number, { hotsiteId: number; card: T }>();
  /** Lot id → generation of its last invalidation (insertion order = age). */
  private readonly invalidadoEm = new Map<number, number>();
  private geracao = 0;
  /** Invalidations up to this generation were forgotten: reads marked before it store nothing. */
  private esquecidasAte = 0;
  private readonly maximo: number;
  private readonly maximoDeInvalidacoes: number;
  acertos = 0;
  faltas = 0;

  constructor({ maximo = 10_000, maximoDeInvalidacoes = 50_000 }: OpcoesCacheDeCards = {}) {
    this.maximo = maximo;
    this.maximoDeInvalidacoes = maximoDeInvalidacoes;
  }

  get tamanho() {
    return this.cards.size;
  }

  /** Taken before a database read whose cards will be stored with `guardar`. */
  marca(): number {
    return this.geracao;
  }

  obter(hotsiteId: number, id: number): T | undefined {
    const e = this.cards.get(id);
    if (e && e.hotsiteId === hotsiteId) {
      this.acertos++;
      return e.card;
    }
    this.faltas++;
    return undefined;
  }

  /** The feed named these lots: their cards go, and reads marked before now do not store them. */
  invalidar(ids: Iterable<number>) {
    this.geracao++;
    for (const id of ids) {
      this.cards.delete(id);
      this.invalidadoEm.delete(id);
      this.invalidadoEm.set(id, this.geracao);
    }
    for (const [id, g] of this.invalidadoEm) {
      if (this.invalidadoEm.size <= this.maximoDeInvalidacoes) break;
      this.invalidadoEm.delete(id);
      this.esquecidasAte = g;
    }
  }

  /** Everything goes (the instance's feed position was reset). */
  limpar() {
    this.geracao++;
    this.cards.clear();
    this.invalidadoEm.clear();
    this.esquecidasAte = this.geracao;
  }

  /** Stores cards read from the database by a read marked `desde`, except those invalidated since. */
  guardar(desde: number, hotsiteId: number, cards: readonly T[]) {
    if (this.esquecidasAte > desde) return;
    for (const card of cards) {
      const g = this.invalidadoEm.get(card.id);
      if (g !== undefined && g > desde) continue;
      this.cards.delete(card.id);
      this.cards.set(card.id, { hotsiteId, card });
    }
    for (const id of this.cards.keys()) {
      if (this.cards.size <= this.maximo) break;
      this.cards.delete(id);
    }
  }
}
