import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@db/client.server';
import { criarFilaDoLote } from '~/modules/lances/fila-do-lote.server';
import { buracoNegro } from '../buraco-negro';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { criarBancoDeTeste, envDeTeste } from '../db';
import { iniciarInstancia, type Instancia } from '../server';

/**
 * A COMMIT that lands while its answer is lost (the connection reset after the server committed): the
 * request is answered by what committed, never by running the work again (decision 113). A proxy in
 * front of PostgreSQL lets the statement through and drops the server's answer. Only on PostgreSQL: the
 * embedded database runs in the process and cannot lose an answer.
 */
describe.runIf(envDeTeste.DATABASE_URL)('an ambiguous commit', () => {
  const H = 'h1.localhost';
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
    viaProxy = await openDatabase({ url: url.href, schema: banco.schema ?? undefined, max: 6 });
    app = await iniciarInstancia({ database: viaProxy });
    await banco.db.execute(sql`CREATE TABLE teste_recibo (n int NOT NULL)`);
  });
  afterAll(async () => {
    await app?.close();
    await viaProxy?.close();
    await proxy?.fechar();
    await banco?.descartar();
  });
  const contar = async (q: ReturnType<typeof sql>) => Number((await banco.db.execute(q)).rows[0]?.n);

  it('a buy-now whose COMMIT answer was lost is answered as the purchase it was, and the lot is sold once', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(banco.db, { compreJa: 50_000_00 });
    const a = await criarCliente(banco.db, { leilaoId });
    proxy.perderResposta('commit');
    const r = await app.pedir(H, `/v1/lote/${loteId}/compre-ja`, { method: 'POST', headers: a.auth });
    expect(proxy.perdidas()).toBe(1);
    expect(r.status).toBe(201);
    expect(r.json()).toMatchObject({ status: 'vencedor', lote: { situacao: 'AG_PAGAMENTO', valor: { lance: 50_000_00 } } });
    expect(await contar(sql`SELECT count(*) AS n FROM lance WHERE lote_id = ${loteId} AND usuario_id = ${a.id}`)).toBe(1);
    // Asking again is told the truth: the lot is this client's already.
    const vencedores = (await app.pedir(H, `/v1/cliente/meus-lances-vencedores/0`, { headers: a.auth })).json() as { loteId: number }[];
    expect(vencedores.map((v) => v.loteId)).toContain(loteId);
  });

  it('a manual bid whose answer was lost after the server stored it is acknowledged once, not refused nor placed twice', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(banco.db);
    const a = await criarCliente(banco.db, { leilaoId });
    proxy.perderResposta('lance_manual_lote');
    const r = await app.pedir(H, '/v1/lances', { method: 'POST', headers: a.auth, corpo: { loteId, valor: 10_000_00 } });
    expect(proxy.perdidas()).toBe(2);
    expect(r.status).toBe(201);
    expect(r.json()).toMatchObject({ lance: { valor: 10_000_00 }, status: 'ganhando' });
    expect(await contar(sql`SELECT count(*) AS n FROM lance WHERE lote_id = ${loteId}`)).toBe(1);
  });

  it('a keyed bid whose COMMIT answer was lost is acknowledged, and its key replays that answer', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(banco.db);
    const a = await criarCliente(banco.db, { leilaoId });
    const chave = { 'idempotency-key': randomUUID() };
    proxy.perderResposta('commit');
    const r = await app.pedir(H, '/v1/lances', { method: 'POST', headers: { ...a.auth, ...chave }, corpo: { loteId, valor: 10_000_00 } });
    expect(proxy.perdidas()).toBe(3);
    expect(r.status).toBe(201);
    const denovo = await app.pedir(H, '/v1/lances', {
      method: 'POST',
      headers: { ...a.auth, ...chave },
      corpo: { loteId, valor: 10_000_00 },
    });
    expect(denovo.status).toBe(201);
    expect(denovo.json()).toEqual(r.json());
    expect(await contar(sql`SELECT count(*) AS n FROM lance WHERE lote_id = ${loteId}`)).toBe(1);
  });

  it("a lot's batch whose COMMIT answer was lost answers each body's own result, and runs none of them twice", async () => {
    const fila = criarFilaDoLote(viaProxy.db);
    let soltar!: () => void;
    const preso = new Promise<void>((r) => (soltar = r));
    // The first body holds the lot's queue; the next three wait and then go together in one batch.
    const primeiro = fila(1, 999_001, async (tx) => {
      await tx.execute(sql`INSERT INTO teste_recibo (n) VALUES (0)`);
      await preso;
      return 0;
    });
    const lote = [1, 2, 3].map((n) =>
      fila(1, 999_001, async (tx) => {
        await tx.execute(sql`INSERT INTO teste_recibo (n) VALUES (${n})`);
        return n;
      }),
    );
    await new Promise((r) => setTimeout(r, 50));
    soltar();
    await primeiro;
    // The batch is now running: lose its COMMIT's answer.
    proxy.perderResposta('commit');
    expect(await Promise.all(lote)).toEqual([1, 2, 3]);
    expect(proxy.perdidas()).toBe(4);
    const linhas = (await banco.db.execute(sql`SELECT n FROM teste_recibo ORDER BY n`)).rows.map((l) => Number(l.n));
    expect(linhas).toEqual([0, 1, 2, 3]);
  });

  it('a batch whose connection failed before COMMIT committed nothing: each body then runs alone, once', async () => {
    await banco.db.execute(sql`TRUNCATE teste_recibo`);
    const fila = criarFilaDoLote(viaProxy.db);
    let soltar!: () => void;
    const preso = new Promise<void>((r) => (soltar = r));
    const primeiro = fila(1, 999_002, async () => {
      await preso;
      return 0;
    });
    let cortou = false;
    const lote = [1, 2].map((n) =>
      fila(1, 999_002, async (tx) => {
        await tx.execute(sql`INSERT INTO teste_recibo (n) VALUES (${n})`);
        if (!cortou) {
          cortou = true;
          proxy.cortar();
        }
        await tx.execute(sql`SELECT 1`);
        return n;
      }),
    );
    await new Promise((r) => setTimeout(r, 50));
    soltar();
    await primeiro;
    expect(await Promise.all(lote)).toEqual([1, 2]);
    const linhas = (await banco.db.execute(sql`SELECT n FROM teste_recibo ORDER BY n`)).rows.map((l) => Number(l.n));
    expect(linhas).toEqual([1, 2]);
  });

  it('when the database cannot be asked what committed, the answer is a retryable 503, and the lot is still sold once', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(banco.db, { compreJa: 50_000_00 });
    const a = await criarCliente(banco.db, { leilaoId });
    proxy.perderResposta('commit', 'recibo_transacao', () => {
      proxy.recusar();
      proxy.cortar();
    });
    const r = await app.pedir(H, `/v1/lote/${loteId}/compre-ja`, { method: 'POST', headers: a.auth });
    proxy.recusar(false);
    expect(r.status).toBe(503);
    expect(r.headers['retry-after']).toBe('2');
    expect(await contar(sql`SELECT count(*) AS n FROM lance WHERE lote_id = ${loteId}`)).toBe(1);
    const vencedores = (await app.pedir(H, `/v1/cliente/meus-lances-vencedores/0`, { headers: a.auth })).json() as { loteId: number }[];
    expect(vencedores.map((v) => v.loteId)).toContain(loteId);
  });
});
