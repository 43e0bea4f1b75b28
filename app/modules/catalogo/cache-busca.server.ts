/**
 * A small in-process cache for the expensive, slowly-changing parts of an SQL search (staff searches of
 * states the in-memory index does not hold): the total and the facet counts. The cards themselves are
 * always read live. Entries live TTL_MS; on several instances each keeps its own (counts may lag by that much).
 */
const TTL_MS = 30_000;
const MAXIMO = 2_000;

export function chaveDeBusca(hotsiteId: number, tipo: string, filtros: object): string {
  const ordenado = Object.fromEntries(
    Object.entries(filtros)
      .filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0))
      .map(([k, v]) => [k, Array.isArray(v) ? [...v].map(String).sort() : v])
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return `${hotsiteId}:${tipo}:${JSON.stringify(ordenado)}`;
}

/** One per process (createMartelo), handed down through the context: this module keeps no state. */
export function criarCacheDeBusca() {
  const entradas = new Map<string, { expira: number; valor: Promise<unknown> }>();
  return {
    /** The cached value (a shared promise, so concurrent misses run the query once), or a fresh one. */
    emCache<T>(chave: string, carregar: () => PromiseLike<T>, agora = Date.now()): Promise<T> {
      const e = entradas.get(chave);
      if (e && e.expira > agora) return e.valor as Promise<T>;
      if (entradas.size >= MAXIMO) {
        for (const [k, v] of entradas) if (v.expira <= agora || entradas.size >= MAXIMO) entradas.delete(k);
      }
      // Adopted once: a drizzle query is a thenable that runs again on every `then` (and `catch`), so a
      // kept query would count again on every hit.
      const valor = Promise.resolve(carregar());
      entradas.set(chave, { expira: agora + TTL_MS, valor });
      valor.catch(() => entradas.delete(chave));
      return valor;
    },
  };
}
export type CacheDeBusca = ReturnType<typeof criarCacheDeBusca>;
