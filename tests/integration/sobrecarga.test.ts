import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAGEM_BANCO_INDISPONIVEL } from '~/utils/errors';
import { criarBancoDeTeste } from '../db';
import { iniciarInstancia, type Instancia } from '../server';

/**
 * Admission control (decision 114): an instance flooded past what it can work on answers the excess at
 * once with a retryable 503 in pt-BR, keeps its probes answering, and keeps serving the other brands.
 */
describe('a flood of requests', () => {
  let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
  let app: Instancia;
  beforeAll(async () => {
    banco = await criarBancoDeTeste();
    app = await iniciarInstancia({
      database: banco,
      env: { ADMISSAO_SIMULTANEOS: 2, ADMISSAO_FILA_POR_MARCA: 4, ADMISSAO_ESPERA_MS: 10_000 },
    });
  });
  afterAll(async () => {
    await app?.close();
    await banco?.descartar();
  });

  it('past the queue, requests get 503 with Retry-After at once; the probes and another brand are still served', async () => {
    // Logins with a wrong password: each waits on a password hash in the thread pool (real concurrency even
    // on the embedded database, whose queries never yield), from different addresses and accounts so that
    // no attempt limit answers first.
    const entrar = (i: number) =>
      app.pedir('h1.localhost', '/v1/usuario/efetuar-login', {
        headers: { 'x-forwarded-for': `10.9.0.${i}` },
        corpo: { email: `ninguem${i}@h1.martelo.test`, senha: 'senha-errada-123' },
      });
    const logins = Array.from({ length: 30 }, (_, i) => entrar(i));
    // Sent while h1's queue is full: their own queue and probes that wait for no one.
    const [outraMarca, vivo, pronto] = await Promise.all([
      app.pedir('h2.localhost', '/'),
      app.pedir('h1.localhost', '/livez'),
      app.pedir('h1.localhost', '/healthz'),
    ]);
    const todas = await Promise.all(logins);
    expect(new Set(todas.map((r) => r.status))).toEqual(new Set([401, 503]));
    expect(todas.filter((r) => r.status === 401).length).toBeGreaterThanOrEqual(6);
    const recusada = todas.find((r) => r.status === 503)!;
    expect(recusada.headers['retry-after']).toBe('2');
    expect(recusada.json()).toMatchObject({ message: MENSAGEM_BANCO_INDISPONIVEL, statusCode: 503 });
    expect(outraMarca.status).toBe(200);
    expect(vivo.status).toBe(200);
    expect(pronto.status).toBe(200);
    expect(pronto.json()).toMatchObject({ status: 'ok', pedidos: { emCurso: 2, esperando: expect.any(Number) } });
    // A page refused the same way reads the message in pt-BR.
    const pagina = await Promise.all([...Array.from({ length: 8 }, (_, i) => entrar(100 + i)), app.pedir('h1.localhost', '/agenda')]);
    const paginaRecusada = pagina.at(-1)!;
    expect(paginaRecusada.status).toBe(503);
    expect(paginaRecusada.texto).toContain(MENSAGEM_BANCO_INDISPONIVEL);
    // Once the flood is over, every request is served again.
    expect((await app.pedir('h1.localhost', '/')).status).toBe(200);
  });
});
