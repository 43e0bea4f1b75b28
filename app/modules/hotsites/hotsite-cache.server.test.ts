import { describe, expect, it } from 'vitest';
import type { Db } from '@db/client.server';
import { createMemoryBus } from '~/realtime/bus.server';
import { createHotsiteCache } from './hotsite-cache.server';
import { consultaRepetivel } from '../../../tests/consulta-drizzle';

describe("a brand's kept data (daMarca)", () => {
  it('runs the query once for any number of hits, and again after the brand changes', async () => {
    const bus = createMemoryBus();
    const cache = createHotsiteCache({ db: {} as Db, bus, config: { sufixoLocal: 'localhost', dominioPlataforma: 'martelo.test' } });
    const q = consultaRepetivel(['banner']);
    for (let i = 0; i < 5; i++) expect(await cache.daMarca('banners', 1, () => q)).toEqual(['banner']);
    expect(q.execucoes).toBe(1);
    await cache.hotsiteAlterado(1);
    await new Promise((r) => setTimeout(r, 10));
    await cache.daMarca('banners', 1, () => q);
    expect(q.execucoes).toBe(2);
    await cache.close();
  });
});
