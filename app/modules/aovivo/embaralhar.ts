/**
 * Fisher–Yates: a shuffled copy of `lista`. `aleatorio(n)` answers an integer in [0, n) (crypto's
 * randomInt on the server; a fixed sequence in tests).
 */
export function embaralhar<T>(lista: readonly T[], aleatorio: (n: number) => number): T[] {
  const copia = [...lista];
  for (let i = copia.length - 1; i > 0; i--) {
    const j = aleatorio(i + 1);
    [copia[i], copia[j]] = [copia[j], copia[i]];
  }
  return copia;
}
