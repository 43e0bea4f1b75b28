import { describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client.server';
import { createMemoryBus } from '~/realtime/bus.server';
import { createHotsiteCache } from './hotsite-cache.server';

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

describe("a brand's kept data (daMarca)", () => {
  it('runs the query once for any number of hits, and again after the brand changes', async () => {
    const bus = createMemoryBus();
    const cache = createHotsiteCache({ db: {} as Db, bus, config: { sufixoLocal: 'localhost', dominioPlataforma: 'martelo.test' } });
    const q = consulta(['banner']);
    for (let i = 0; i < 5; i++) expect(await cache.daMarca('banners', 1, () => q)).toEqual(['banner']);
    expect(q.execucoes).toBe(1);
    await cache.hotsiteAlterado(1);
    await new Promise((r) => setTimeout(r, 10));
    await cache.daMarca('banners', 1, () => q);
    expect(q.execucoes).toBe(2);
    await cache.close();
  });
});
