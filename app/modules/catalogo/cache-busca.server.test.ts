import { describe, expect, it } from 'vitest';
import { criarCacheDeBusca } from './cache-busca.server';
import { consultaRepetivel } from '../../../tests/consulta-drizzle';

describe('the SQL search cache (totals and facet counts)', () => {
  it('counts once for any number of hits within its life, and again after it', async () => {
    const cache = criarCacheDeBusca();
    const q = consultaRepetivel([{ total: 42 }]);
    for (let i = 0; i < 4; i++) expect(await cache.emCache('1:total:{}', () => q, 1_000)).toEqual([{ total: 42 }]);
    expect(q.execucoes).toBe(1);
    await cache.emCache('1:total:{}', () => q, 1_000 + 31_000);
    expect(q.execucoes).toBe(2);
  });
});
