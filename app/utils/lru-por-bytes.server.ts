/**
 * A map bounded by the bytes of its values, the least recently used out first (Map keeps insertion
 * order: a use moves an entry to the end). A value above a quarter of the bound is not kept, so one
 * huge entry cannot empty the rest. The kept pages of decisions 085 and 093 share it.
 */
export interface LruPorBytes<V> {
  /** The value, now the most recently used; undefined when not kept. */
  usar(chave: string): V | undefined;
  /** The value, without moving it. */
  ler(chave: string): V | undefined;
  /** Keeps `valor` under `chave` (replacing what was there), then drops the oldest until within the bound. */
  guardar(chave: string, valor: V): void;
  remover(chave: string): void;
  readonly tamanho: { entradas: number; bytes: number };
}

export function criarLruPorBytes<V>(maxBytes: number, bytesDe: (v: V) => number): LruPorBytes<V> {
  const entradas = new Map<string, V>();
  let bytes = 0;
  const remover = (chave: string) => {
    const v = entradas.get(chave);
    if (v === undefined) return;
    entradas.delete(chave);
    bytes -= bytesDe(v);
  };
  return {
    usar(chave) {
      const v = entradas.get(chave);
      if (v !== undefined) {
        entradas.delete(chave);
        entradas.set(chave, v);
      }
      return v;
    },
    ler: (chave) => entradas.get(chave),
    guardar(chave, valor) {
      remover(chave);
      const n = bytesDe(valor);
      if (n > maxBytes / 4) return;
      entradas.set(chave, valor);
      bytes += n;
      for (const antiga of entradas.keys()) {
        if (bytes <= maxBytes) break;
        remover(antiga);
      }
    },
    remover,
    get tamanho() {
      return { entradas: entradas.size, bytes };
    },
  };
}
