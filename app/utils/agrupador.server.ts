/**
 * Coalesces concurrent calls into batches, per key: while one call for a key is in flight, the calls
 * that arrive wait and then go together (in arrival order, at most `maximo` at a time) in the next
 * one. A lone call starts at once, so an idle server adds no delay; a busy one pays one database
 * round trip (and, for writes, one commit) per batch instead of per call. `executar` answers one
 * result per entry, in order; when it fails, every call of that batch fails with its error.
 */
export function criarAgrupador<E, S>(
  executar: (chave: string, entradas: E[]) => Promise<S[]>,
  {
    maximo = 64,
    /**
     * Calls of one key in flight at once. 1 (the default) where a key is one lot, whose calls must
     * follow each other; more where a key's calls touch different rows (a brand's buy-nows, each on its
     * own lot), so one call's round trips need not wait for the other's.
     */
    paralelo = 1,
  } = {},
) {
  interface Item {
    entrada: E;
    pronto(s: S): void;
    falhou(erro: unknown): void;
  }
  /** A key is present while a call of it is in flight; `fila` holds the calls waiting for the next one. */
  const chaves = new Map<string, { emVoo: number; fila: Item[] }>();

  function rodar(chave: string) {
    const estado = chaves.get(chave)!;
    const itens = estado.fila.splice(0, maximo);
    estado.emVoo++;
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
        estado.emVoo--;
        if (estado.fila.length > 0) rodar(chave);
        else if (estado.emVoo === 0) chaves.delete(chave);
      });
  }

  return (chave: string, entrada: E) =>
    new Promise<S>((pronto, falhou) => {
      let estado = chaves.get(chave);
      if (!estado) chaves.set(chave, (estado = { emVoo: 0, fila: [] }));
      estado.fila.push({ entrada, pronto, falhou });
      if (estado.emVoo < paralelo) rodar(chave);
    });
}
