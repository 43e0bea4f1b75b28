import { and, desc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mensagemSaida } from '@db/schema';
import { SENHA_DEMO } from '@scripts/seed/identidade';
import { instanciaDeTeste } from '../server';

/**
 * The server log is read by more people than the database: it must not hold what opens an account.
 * Logs in through the API and the page, opens a reset link and a one-time login link, then searches
 * everything the instance logged for the bearer token, the refresh token, the session cookie, the
 * password and the secrets in the links.
 */
const t = instanciaDeTeste({ comLog: true });

const formulario = { 'content-type': 'application/x-www-form-urlencoded' };

describe('request log', () => {
  it('holds one line per request and no token, cookie, password or link secret', async () => {
    const api = await t.app.pedir('h1.localhost', '/v1/usuario/efetuar-login', {
      corpo: { email: 'cliente1@h1.martelo.test', senha: SENHA_DEMO },
      headers: { 'x-forwarded-for': '10.5.0.1' },
    });
    expect(api.status).toBe(200);
    const { token, refreshToken } = api.json<{ token: string; refreshToken: string }>();
    expect((await t.app.pedir('h1.localhost', '/v1/usuario/rotas', { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);

    const pagina = await t.app.pedir('h1.localhost', '/login', {
      method: 'POST',
      corpo: new URLSearchParams({ email: 'cliente2@h1.martelo.test', senha: SENHA_DEMO }).toString(),
      headers: { ...formulario, 'x-forwarded-for': '10.5.0.2' },
    });
    expect(pagina.status).toBe(302);
    const cookie = (pagina.headers['set-cookie'] as string[]).find((c) => c.startsWith('martelo_sessao='))!.split(';')[0];
    const valorDoCookie = cookie.slice('martelo_sessao='.length);
    expect((await t.app.pedir('h1.localhost', '/cliente/meu-perfil', { headers: { cookie } })).status).toBe(200);

    await t.app.pedir('h1.localhost', '/redefinir-senha', {
      method: 'POST',
      corpo: new URLSearchParams({ email: 'cliente2@h1.martelo.test' }).toString(),
      headers: formulario,
    });
    const [m] = await t.banco.db
      .select()
      .from(mensagemSaida)
      .where(and(eq(mensagemSaida.para, 'cliente2@h1.martelo.test'), like(mensagemSaida.texto, '%redefinir-senha?token=%')))
      .orderBy(desc(mensagemSaida.id));
    const tokenDeRedefinicao = /redefinir-senha\?token=([\w-]+)/.exec(m.texto)![1];
    await t.app.pedir('h1.localhost', `/redefinir-senha?token=${tokenDeRedefinicao}`);
    await t.app.pedir('h1.localhost', '/admin-auth/hash-secreto-de-teste-0123456789');
    // A purchase document's hash opens it without login (decision 048): it stays out of the log too.
    const hashDoDocumento = (n: number) => `${n}`.repeat(40);
    await t.app.pedir('h1.localhost', `/nota/${hashDoDocumento(1)}`);
    await t.app.pedir('h1.localhost', `/extrato/${hashDoDocumento(2)}.pdf`);
    await t.app.pedir('h1.localhost', `/qrcode/extrato/${hashDoDocumento(3)}`);
    await t.app.pedir('h1.localhost', `/v1/nota-fiscal?hashs=${hashDoDocumento(4)}&hashs=${hashDoDocumento(5)}`);

    await new Promise((r) => setTimeout(r, 50));
    for (const segredo of [
      token,
      refreshToken,
      valorDoCookie,
      decodeURIComponent(valorDoCookie),
      SENHA_DEMO,
      tokenDeRedefinicao,
      'hash-secreto-de-teste-0123456789',
      ...[1, 2, 3, 4, 5].map(hashDoDocumento),
    ]) {
      expect(t.log).not.toContain(segredo);
    }
    expect(t.log.toLowerCase()).not.toMatch(/set-cookie|authorization|"cookie"/);
    expect(t.log).toContain('POST /login 302');
    expect(t.log).toContain('/redefinir-senha?token=***');
    expect(t.log).toContain('/extrato/***.pdf');
    expect(t.log).toContain('/v1/nota-fiscal?hashs=***&hashs=***');
    // One line per request: the page login wrote exactly one line that names it.
    expect(t.log.split('\n').filter((l) => l.includes('POST /login')).length).toBe(1);
  });
});
