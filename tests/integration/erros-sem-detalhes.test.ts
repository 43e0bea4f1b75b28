import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/client.server';
import { criarBancoDeTeste } from '../db';
import { iniciarInstancia, type Instancia } from '../server';

/**
 * An unexpected failure (here: every query fails with a message carrying SQL and a bound parameter)
 * answers a pt-BR message and the request id, never the stack, the SQL or the parameters: not on the
 * Remix page, not on its ?_data answer, not on the JSON API, and not in the test (development) mode.
 */
let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
let app: Instancia;
let quebrado = false;
const SEGREDO = 'parametro-secreto-42';

beforeAll(async () => {
  banco = await criarBancoDeTeste();
  const db = new Proxy(banco.db, {
    get: (alvo, p, r) => {
      if (quebrado && (p === 'select' || p === 'insert' || p === 'execute')) {
        throw new Error(`Failed query: select "senha_hash" from "usuario" where "email" = $1\nparams: ${SEGREDO}`);
      }
      return Reflect.get(alvo, p, r);
    },
  });
  app = await iniciarInstancia({ database: { ...banco, db } as Database });
  // The brand is cached before the database "breaks", so the failure happens inside the routes.
  expect((await app.pedir('h1.localhost', '/v1/hotsite/public')).status).toBe(200);
  quebrado = true;
});
afterAll(async () => {
  quebrado = false;
  await app?.close();
  await banco?.descartar();
});

const semDetalhes = (texto: string) => {
  expect(texto).not.toContain(SEGREDO);
  expect(texto).not.toMatch(/senha_hash|Failed query|at .*\.(ts|js):\d+/);
};

describe('errors show no internals', () => {
  it.each([
    ['page', '/'],
    ['page data', '/?_data=routes%2F_index'],
  ])('%s: 500 with the request id', async (_nome, caminho) => {
    const r = await app.pedir('h1.localhost', caminho, { headers: { 'x-request-id': 'pedido-teste-1' } });
    expect(r.status).toBe(500);
    semDetalhes(r.texto);
    if (!caminho.includes('_data')) expect(r.texto).toContain('pedido-teste-1');
  });

  it('JSON API: pt-BR message and the request id', async () => {
    const r = await app.pedir('h1.localhost', '/v1/usuario/efetuar-login', {
      corpo: { email: 'x@exemplo.com.br', senha: 'qualquer-coisa-1' },
      headers: { 'x-request-id': 'pedido-teste-2' },
    });
    expect(r.status).toBe(500);
    semDetalhes(r.texto);
    expect(r.json()).toEqual({
      message: 'Erro interno. Tente novamente em instantes.',
      statusCode: 500,
      error: 'Erro interno',
      requestId: 'pedido-teste-2',
    });
  });
});
