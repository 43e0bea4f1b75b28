import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@db/client.server';
import { createMemoryBus } from '~/realtime/bus.server';
import { createHotsiteCache } from '@tenants/hotsite-cache.server';
import { criarBancoDeTeste } from '../db';
import { iniciarInstancia } from '../server';

describe('/healthz when the database is down', () => {
  const fechar: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const f of fechar.reverse()) await f();
  });

  it('answers 503 with the database error while another instance on a live database answers 200', async () => {
    const banco = await criarBancoDeTeste();
    fechar.push(() => banco.descartar());
    const app = await iniciarInstancia({ database: banco });
    fechar.push(() => app.close());
    expect((await app.pedir('h1.localhost', '/healthz')).status).toBe(200);

    // A pool pointing at a closed port stands for a database that went away.
    const morto = await openDatabase({ url: 'postgres://postgres@127.0.0.1:1/nada', max: 1 });
    const semBanco = await iniciarInstancia({ database: { ...banco, ping: morto.ping } });
    fechar.push(() => semBanco.close(), () => morto.close());
    const r = await semBanco.pedir('h1.localhost', '/healthz');
    expect(r.status).toBe(503);
    expect(r.json()).toMatchObject({ status: 'erro', banco: { ok: false } });
  });

  it('a brand lookup that fails is not cached', async () => {
    const morto = await openDatabase({ url: 'postgres://postgres@127.0.0.1:1/nada', max: 1 });
    const cache = createHotsiteCache({
      db: morto.db,
      bus: createMemoryBus(),
      config: { sufixoLocal: 'localhost', dominioPlataforma: 'martelo.app.br' },
    });
    await expect(cache.resolver('h1.localhost')).rejects.toThrow();
    await expect(cache.resolver('h1.localhost')).rejects.toThrow();
    await cache.close();
    await morto.close();
  });
});
