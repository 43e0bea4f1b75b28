import { describe, expect, it } from 'vitest';
import { criarCacheDeBusca } from './cache-busca.server';

/** A query the way drizzle builds it: a thenable that runs again on every `then`. */
function consulta<T>(valor: T) {
  const q: PromiseLike<T> & { execucoes: number } = {
    execucoes: 0,
    then(ok, erro) {
      q.execucoes++;
      return Promise.resolve(valor).then(ok, erro);
    },
  };
  return q;
}

describe('the SQL search cache (totals and facet counts)', () => {
  it('counts once for any number of hits within its life, and again after it', async () => {
    const cache = criarCacheDeBusca();
    const q = consulta([{ total: 42 }]);
    for (let i = 0; i < 4; i++) expect(await cache.emCache('1:total:{}', () => q, 1_000)).toEqual([{ total: 42 }]);
    expect(q.execucoes).toBe(1);
    await cache.emCache('1:total:{}', () => q, 1_000 + 31_000);
    expect(q.execucoes).toBe(2);
  });
});
