import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@db/client.server';
import { MENSAGEM_BANCO_INDISPONIVEL } from '~/utils/errors';
import { SENHA_DEMO } from '@scripts/seed/identidade';
import { buracoNegro } from '../buraco-negro';
import { criarCliente } from '../lances';
import { criarBancoDeTeste, envDeTeste } from '../db';
import { iniciarInstancia, type Instancia } from '../server';

/**
 * PostgreSQL going away under a running instance (a restart, a failover, a proxy dropping flows): the
 * requests that were using it fail with a retryable 503 in pt-BR, and the process lives on. Only on
 * PostgreSQL: the embedded database runs in the process and cannot lose its connection.
 */
describe.runIf(envDeTeste.DATABASE_URL)('a lost PostgreSQL connection', () => {
  let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
  let proxy: Awaited<ReturnType<typeof buracoNegro>>;
  let viaProxy: Database;
  let app: Instancia;
  beforeAll(async () => {
    banco = await criarBancoDeTeste();
    const real = new URL(envDeTeste.DATABASE_URL!);
    proxy = await buracoNegro({ host: real.hostname, port: Number(real.port || 5432) });
    const url = new URL(real);
    url.host = `127.0.0.1:${proxy.port}`;
    viaProxy = await openDatabase({ url: url.href, schema: banco.schema ?? undefined, max: 4 });
    app = await iniciarInstancia({ database: viaProxy });
  });
  afterAll(async () => {
    await app?.close();
    await viaProxy?.close();
    await proxy?.fechar();
    await banco?.descartar();
  });

  it('a connection reset in the middle of a transaction fails that transaction, and the process and pool carry on', async () => {
    const transacao = viaProxy.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      proxy.cortar();
      await tx.execute(sql`select pg_sleep(0.2)`);
    });
    await expect(transacao).rejects.toThrow();
    // Give an unhandled 'error' event (which used to kill the process) its chance to fire.
    await new Promise((r) => setTimeout(r, 200));
    await expect(viaProxy.ping()).resolves.toBeUndefined();
    expect((await app.pedir('h1.localhost', '/v1/hotsite/public')).status).toBe(200);
  });

  it('a connection lost at BEGIN gives its pooled client back: more such failures than the pool has clients leave it usable', async () => {
    // The pool has 4 clients; drizzle used to send BEGIN outside its try, so each failed BEGIN kept a client forever.
    for (let i = 0; i < 6; i++) {
      proxy.perderResposta('begin');
      await expect(viaProxy.db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    }
    const pool = (viaProxy.db as unknown as { $client: { totalCount: number; idleCount: number } }).$client;
    // The instance's background jobs (change feed, hub beat, queues) borrow clients of the same pool for a
    // moment; a client a failed BEGIN kept would never come back, so every client is idle again soon.
    const ate = Date.now() + 3_000;
    while (pool.totalCount !== pool.idleCount && Date.now() < ate) await new Promise((r) => setTimeout(r, 20));
    expect(pool.totalCount).toBe(pool.idleCount);
    await expect(viaProxy.db.transaction(async (tx) => tx.execute(sql`select 1`))).resolves.toBeDefined();
  });

  it('while PostgreSQL refuses connections, the API and pages answer 503 with Retry-After in pt-BR, then recover', async () => {
    const cliente = await criarCliente(banco.db, { hotsiteId: 1 });
    const entrar = () =>
      app.pedir('h1.localhost', '/v1/usuario/efetuar-login', { corpo: { email: 'cliente1@h1.martelo.test', senha: SENHA_DEMO } });
    proxy.recusar();
    proxy.cortar();
    const api = await entrar();
    expect(api.status).toBe(503);
    expect(api.headers['retry-after']).toBe('2');
    expect(api.json()).toMatchObject({ message: MENSAGEM_BANCO_INDISPONIVEL, statusCode: 503 });
    const pagina = await app.pedir('h1.localhost', '/cliente/minha-pagina', { headers: { cookie: cliente.cookie } });
    expect(pagina.status).toBe(503);
    expect(pagina.texto).not.toMatch(/ECONNRESET|Connection terminated|at \w+ \(/);
    proxy.recusar(false);
    await expect.poll(async () => (await entrar()).status, { timeout: 10_000 }).toBe(200);
    expect((await app.pedir('h1.localhost', '/cliente/minha-pagina', { headers: { cookie: cliente.cookie } })).status).toBe(200);
  });
});
