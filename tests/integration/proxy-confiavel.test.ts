import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tentativaLogin } from '@db/schema';
import { SENHA_DEMO } from '@scripts/seed/identidade';
import { criarBancoDeTeste } from '../db';
import { iniciarInstancia, type Instancia } from '../server';

/**
 * X-Forwarded-For is believed only from the proxies in TRUST_PROXY. Without it a client could choose
 * the address its failed logins are counted under (the per-IP limit) and what "Últimos acessos" shows.
 */
let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
let semProxy: Instancia;
let comProxy: Instancia;

beforeAll(async () => {
  banco = await criarBancoDeTeste();
  semProxy = await iniciarInstancia({ database: banco, env: { TRUST_PROXY: undefined } });
  comProxy = await iniciarInstancia({ database: banco, env: { TRUST_PROXY: ['127.0.0.1'] } });
});
afterAll(async () => {
  await semProxy?.close();
  await comProxy?.close();
  await banco?.descartar();
});

const ESPIAO = '203.0.113.77';
const cookies = (set: string[] | undefined) => (set ?? []).map((c) => c.split(';')[0]).join('; ');
const ultimaTentativa = async (email: string) =>
  (
    await banco.db
      .select()
      .from(tentativaLogin)
      .where(and(eq(tentativaLogin.email, email)))
      .orderBy(desc(tentativaLogin.id))
      .limit(1)
  )[0];

async function entrarPelaPagina(app: Instancia, email: string) {
  const r = await app.pedir('h1.localhost', '/login', {
    method: 'POST',
    corpo: new URLSearchParams({ email, senha: SENHA_DEMO }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ESPIAO },
  });
  expect(r.status).toBe(302);
  return cookies(r.headers['set-cookie'] as string[]);
}

describe('TRUST_PROXY', () => {
  it('unset: a spoofed X-Forwarded-For changes neither the login limit key nor "Últimos acessos"', async () => {
    const falha = await semProxy.pedir('h1.localhost', '/v1/usuario/efetuar-login', {
      corpo: { email: 'ninguem@exemplo.com.br', senha: 'errada-123' },
      headers: { 'x-forwarded-for': ESPIAO },
    });
    expect(falha.status).toBe(401);
    expect((await ultimaTentativa('ninguem@exemplo.com.br')).ip).toMatch(/^(::ffff:)?127\.0\.0\.1$/);

    const sessao = await entrarPelaPagina(semProxy, 'cliente2@h1.martelo.test');
    const perfil = await semProxy.pedir('h1.localhost', '/cliente/meu-perfil', { headers: { cookie: sessao } });
    expect(perfil.status).toBe(200);
    expect(perfil.texto).toContain('data-testid="ultimos-acessos"');
    expect(perfil.texto).not.toContain(ESPIAO);
    expect(perfil.texto).toMatch(/127\.0\.0\.1/);
  });

  it('127.0.0.1: the proxy on loopback gives the client address', async () => {
    await comProxy.pedir('h1.localhost', '/v1/usuario/efetuar-login', {
      corpo: { email: 'outro@exemplo.com.br', senha: 'errada-123' },
      headers: { 'x-forwarded-for': ESPIAO },
    });
    expect((await ultimaTentativa('outro@exemplo.com.br')).ip).toBe(ESPIAO);

    const sessao = await entrarPelaPagina(comProxy, 'cliente1@h1.martelo.test');
    const perfil = await comProxy.pedir('h1.localhost', '/cliente/meu-perfil', { headers: { cookie: sessao } });
    expect(perfil.texto).toContain(ESPIAO);
  });
});
