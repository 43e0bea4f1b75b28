/**
 * A query the way drizzle builds it: a thenable that runs again on every `then`. A cache that keeps
 * such a value instead of its result runs the query on every hit; `execucoes` counts the runs.
 */
export function consultaRepetivel<T>(valor: T) {
  const q: PromiseLike<T> & { execucoes: number } = {
    execucoes: 0,
    then(ok, erro) {
      q.execucoes++;
      return Promise.resolve(valor).then(ok, erro);
    },
  };
  return q;
}
