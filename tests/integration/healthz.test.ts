import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@db/client.server';
import { createBus, createMemoryBus } from '~/realtime/bus.server';
import { createHotsiteCache } from '~/modules/hotsites/hotsite-cache.server';
import { buracoNegro } from '../buraco-negro';
import { criarBancoDeTeste, envDeTeste } from '../db';
import { iniciarInstancia } from '../server';

/** Startup against a silent service must fail within this, naming the setting to fix. */
const LIMITE_PARTIDA_MS = 15_000;

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
    fechar.push(
      () => semBanco.close(),
      () => morto.close(),
    );
    const r = await semBanco.pedir('h1.localhost', '/healthz');
    expect(r.status).toBe(503);
    expect(r.json()).toMatchObject({ status: 'erro', banco: { ok: false } });
  }, 120_000);

  it.runIf(envDeTeste.DATABASE_URL)(
    'answers 503 within 2 s when PostgreSQL goes silent under a running instance',
    async () => {
      const banco = await criarBancoDeTeste();
      fechar.push(() => banco.descartar());
      const real = new URL(envDeTeste.DATABASE_URL!);
      const proxy = await buracoNegro({ host: real.hostname, port: Number(real.port || 5432) });
      const url = new URL(real);
      url.host = `127.0.0.1:${proxy.port}`;
      const viaProxy = await openDatabase({ url: url.href, schema: banco.schema ?? undefined, max: 2 });
      fechar.push(
        () => viaProxy.close(),
        () => proxy.fechar(),
      );
      const app = await iniciarInstancia({ database: viaProxy });
      fechar.push(() => app.close());
      expect((await app.pedir('h1.localhost', '/healthz')).status).toBe(200);

      // Every pooled connection busy (a flood): readiness answers on its own connection, at once.
      const ocupadas = Array.from({ length: 2 }, () => viaProxy.db.execute(sql`select pg_sleep(1.5)`));
      await new Promise((r) => setTimeout(r, 200));
      const antes = performance.now();
      expect((await app.pedir('h1.localhost', '/readyz')).status).toBe(200);
      expect(performance.now() - antes).toBeLessThan(1_000);
      await Promise.all(ocupadas);

      proxy.silenciar();
      const inicio = performance.now();
      const r = await app.pedir('h1.localhost', '/healthz');
      expect(r.status).toBe(503);
      expect(performance.now() - inicio).toBeLessThan(2_500);
      // Liveness never asks the database: a silent one does not get a live process restarted.
      const vivo = await app.pedir('h1.localhost', '/livez');
      expect(vivo.status).toBe(200);
      expect(vivo.json()).toEqual({ status: 'ok' });
      // Free the hung connections now rather than at the query timeout.
      await proxy.fechar();
    },
    120_000,
  );

  it('a brand lookup that fails is not cached: the next one, with the database back, finds the brand', async () => {
    const banco = await criarBancoDeTeste();
    fechar.push(() => banco.descartar());
    let fora = true;
    // The database "goes away" for the first lookup only.
    const db = new Proxy(banco.db, {
      get: (alvo, p, r) => {
        if (p === 'select' && fora) throw new Error('banco fora do ar');
        return Reflect.get(alvo, p, r);
      },
    });
    const cache = createHotsiteCache({
      db,
      bus: createMemoryBus(),
      config: { sufixoLocal: 'localhost', dominioPlataforma: 'martelo.app.br' },
    });
    await expect(cache.resolver('h1.localhost')).rejects.toThrow('banco fora do ar');
    fora = false;
    await expect(cache.resolver('h1.localhost')).resolves.toMatchObject({ id: 1 });
    await cache.close();
  });
});

describe('startup against silent services', () => {
  it('PostgreSQL: openDatabase + migrate fail within the bound, naming DATABASE_URL', async () => {
    const buraco = await buracoNegro();
    const inicio = performance.now();
    const database = await openDatabase({ url: `postgres://postgres@127.0.0.1:${buraco.port}/test`, max: 1 });
    await expect(database.migrate()).rejects.toThrow(/DATABASE_URL/);
    expect(performance.now() - inicio).toBeLessThan(LIMITE_PARTIDA_MS);
    await database.close();
    await buraco.fechar();
  });

  it('Redis: createBus fails within the bound, naming REDIS_URL', async () => {
    const buraco = await buracoNegro();
    const inicio = performance.now();
    await expect(createBus({ redisUrl: `redis://127.0.0.1:${buraco.port}`, prefixo: 't:' })).rejects.toThrow(/REDIS_URL/);
    expect(performance.now() - inicio).toBeLessThan(LIMITE_PARTIDA_MS);
    await buraco.fechar();
  });
});
