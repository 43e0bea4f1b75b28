/**
 * Coalesces concurrent calls into batches, per key: while one call for a key is in flight, the calls
 * that arrive wait and then go together (in arrival order, at most `maximo` at a time) in the next
 * one. A lone call starts at once, so an idle server adds no delay; a busy one pays one database
 * round trip (and, for writes, one commit) per batch instead of per call. `executar` answers one
 * result per entry, in order; when it fails, every call of that batch fails with its error. At most
 * `espera` calls wait per key: one more is refused at once with FilaCheia (503, retryable; decision 114).
 */
export class FilaCheia extends Error {
  constructor() {
    super('Fila de espera cheia');
    this.name = 'FilaCheia';
  }
}

export function criarAgrupador<E, S>(executar: (chave: string, entradas: E[]) => Promise<S[]>, { maximo = 64, espera = 1_024 } = {}) {
  interface Item {
    entrada: E;
    pronto(s: S): void;
    falhou(erro: unknown): void;
  }
  /** A key is present while its call is in flight; its list holds the calls waiting for the next one. */
  const esperando = new Map<string, Item[]>();

  function rodar(chave: string, itens: Item[]) {
    Promise.resolve()
      .then(() =>
        executar(
          chave,
          itens.map((i) => i.entrada),
        ),
      )
      .then(
        (saidas) => itens.forEach((item, i) => item.pronto(saidas[i])),
        (erro) => itens.forEach((item) => item.falhou(erro)),
      )
      .finally(() => {
        const proximos = esperando.get(chave)!;
        if (proximos.length === 0) esperando.delete(chave);
        else rodar(chave, proximos.splice(0, maximo));
      });
  }

  return (chave: string, entrada: E) =>
    new Promise<S>((pronto, falhou) => {
      const item = { entrada, pronto, falhou };
      const fila = esperando.get(chave);
      if (fila && fila.length >= espera) return falhou(new FilaCheia());
      if (fila) return void fila.push(item);
      esperando.set(chave, []);
      rodar(chave, [item]);
    });
}
