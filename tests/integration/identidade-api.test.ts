import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cliente } from '@db/schema';
import { SEGREDO_2FA_DEMO, SENHA_DEMO } from '@scripts/seed/identidade';
import { MENSAGEM_429 } from '~/modules/identidade/limite.server';
import { codigoAtual } from '~/modules/identidade/totp.server';
import { instanciaDeTeste } from '../server';

const t = instanciaDeTeste();

interface Login {
  id: number;
  nome: string;
  token: string;
  refreshToken: string;
  twoFactorHabilitado: boolean;
  twoFactorObrigatorio: boolean;
  twoFactorBloqueado: boolean;
  roles: string[];
  dataFimToken: string;
}
const login = (host: string, corpo: unknown, ip = '10.0.0.1') =>
  t.app.pedir(host, '/v1/usuario/efetuar-login', { corpo, headers: { 'x-forwarded-for': ip } });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('POST /v1/usuario/efetuar-login', () => {
  it('answers the login result of the spec for a brand client', async () => {
    const r = await login('h1.localhost', { email: 'cliente1@h1.martelo.test', senha: SENHA_DEMO, manterLogado: true });
    expect(r.status).toBe(200);
    const corpo = r.json<Login>();
    expect(Object.keys(corpo).sort()).toEqual(
      [
        'dataFimToken',
        'id',
        'nome',
        'refreshToken',
        'roles',
        'token',
        'twoFactorBloqueado',
        'twoFactorHabilitado',
        'twoFactorObrigatorio',
      ].sort(),
    );
    expect(corpo).toMatchObject({ nome: 'Ana Paula Ribeiro', roles: ['Clientes'], twoFactorHabilitado: false });
    expect(new Date(corpo.dataFimToken).getTime()).toBeGreaterThan(Date.now());
    const rotas = await t.app.pedir('h1.localhost', '/v1/usuario/rotas', { headers: bearer(corpo.token) });
    expect(rotas.json()).toContain('/cliente');
    expect(rotas.json()).not.toContain('/admin/usuarios');
  });

  it('refuses a brand-1 client on brand 2 (tenant), but lets staff log in on any brand', async () => {
    const r = await login('h2.localhost', { email: 'cliente1@h1.martelo.test', senha: SENHA_DEMO }, '10.0.0.2');
    expect(r.status).toBe(401);
    expect(r.json()).toMatchObject({ message: 'E-mail ou senha inválidos' });
    const noH1 = (await login('h1.localhost', { email: 'cliente1@h1.martelo.test', senha: SENHA_DEMO }, '10.0.0.2')).json<Login>();
    // A token issued on brand 1 is no token on brand 2.
    const cruzado = await t.app.pedir('h2.localhost', '/v1/usuario/rotas', { headers: bearer(noH1.token) });
    expect(cruzado.status).toBe(401);
    const staff = await login('h2.localhost', { email: 'admin@martelo.test', senha: SENHA_DEMO }, '10.0.0.2');
    expect(staff.status).toBe(200);
    expect(staff.json<Login>().roles).toEqual(['Interno - ADM']);
  });

  it.each([
    ['no body', undefined, 400],
    ['malformed JSON', '{"email": ', 400],
    ['a JSON array', '[1,2]', 400],
    ['bad e-mail', { email: 'x', senha: '123456' }, 400],
    ['short password', { email: 'a@b.com', senha: '123' }, 400],
    ['5-digit code', { email: 'a@b.com', senha: '123456', twoFactorcode: '12345' }, 400],
    ['wrong types', { email: 12, senha: { a: 1 }, manterLogado: 'talvez' }, 400],
    ['unknown user', { email: 'ninguem@exemplo.com', senha: '12345678' }, 401],
  ])('answers %s with a 4xx in pt-BR', async (_nome, corpo, status) => {
    const r = await t.app.pedir('h1.localhost', '/v1/usuario/efetuar-login', {
      method: 'POST',
      corpo,
      headers: { 'x-forwarded-for': '10.0.0.3', 'content-type': 'application/json' },
    });
    expect(r.status).toBe(status);
    expect(r.json<{ message: string }>().message).toMatch(/[a-zà-ú]/i);
  });

  it('answers an oversized body with 413 and a bad charset with 415, in pt-BR', async () => {
    const grande = await t.app.pedir('h1.localhost', '/v1/usuario/efetuar-login', {
      corpo: { email: 'a@b.com', senha: 'x'.repeat(1_100_000) },
    });
    expect(grande.status).toBe(413);
    expect(grande.json()).toEqual({ message: 'Requisição muito grande', statusCode: 413, error: 'Requisição muito grande' });
    const charset = await t.app.pedir('h1.localhost', '/v1/usuario/efetuar-login', {
      corpo: '{}',
      headers: { 'content-type': 'application/json; charset=klingon' },
    });
    expect(charset.status).toBe(415);
    expect(charset.json()).toMatchObject({ message: 'Requisição inválida', statusCode: charset.status });
  });

  it('needs the TOTP code when 2FA is enabled, and takes each code once', async () => {
    const sem = await login('h1.localhost', { email: '2fa@martelo.test', senha: SENHA_DEMO }, '10.0.0.4');
    expect(sem.status).toBe(401);
    expect(sem.json()).toMatchObject({ message: 'Informe o código de autenticação de dois fatores' });
    const codigo = codigoAtual(SEGREDO_2FA_DEMO);
    const com = await login('h1.localhost', { email: '2fa@martelo.test', senha: SENHA_DEMO, twoFactorcode: codigo }, '10.0.0.4');
    expect(com.status).toBe(200);
    expect(com.json<Login>().twoFactorHabilitado).toBe(true);
    const denovo = await login('h1.localhost', { email: '2fa@martelo.test', senha: SENHA_DEMO, twoFactorcode: codigo }, '10.0.0.4');
    expect(denovo.status).toBe(401);
    expect(denovo.json()).toMatchObject({ message: 'Código de autenticação inválido' });
  });

  it('answers 429 with the spec message after repeated failures on one account', async () => {
    const corpo = { email: 'cliente2@h14.martelo.test', senha: 'senha-errada' };
    for (let i = 0; i < 5; i++) expect((await login('h14.localhost', corpo, `10.1.0.${i}`)).status).toBe(401);
    const bloqueado = await login('h14.localhost', { ...corpo, senha: SENHA_DEMO }, '10.1.0.99');
    expect(bloqueado.status).toBe(429);
    expect(bloqueado.json()).toMatchObject({ message: MENSAGEM_429 });
  });

  it('restarts the account count at a successful login', async () => {
    const errado = { email: 'cliente2@h1002.martelo.test', senha: 'senha-errada' };
    const certo = { ...errado, senha: SENHA_DEMO };
    for (let i = 0; i < 4; i++) expect((await login('h1002.localhost', errado, `10.6.0.${i}`)).status).toBe(401);
    expect((await login('h1002.localhost', certo, '10.6.1.1')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login('h1002.localhost', errado, `10.6.2.${i}`)).status).toBe(401);
    expect((await login('h1002.localhost', certo, '10.6.1.1')).status).toBe(200);
  });

  it('answers 429 per IP across accounts', async () => {
    for (let i = 0; i < 20; i++) await login('h20.localhost', { email: `x${i}@exemplo.com`, senha: 'errada1' }, '10.2.0.1');
    const r = await login('h20.localhost', { email: 'cliente1@h20.martelo.test', senha: SENHA_DEMO }, '10.2.0.1');
    expect(r.status).toBe(429);
    expect((await login('h20.localhost', { email: 'cliente1@h20.martelo.test', senha: SENHA_DEMO }, '10.2.0.2')).status).toBe(200);
  });
});

describe('refresh tokens', () => {
  it('rotates, and a reused refresh token revokes its whole family', async () => {
    const l = (await login('h1002.localhost', { email: 'cliente1@h1002.martelo.test', senha: SENHA_DEMO }, '10.3.0.1')).json<Login>();
    const r1 = await t.app.pedir('h1002.localhost', '/v1/usuario/refresh-token', { corpo: { refreshToken: l.refreshToken } });
    expect(r1.status).toBe(200);
    const novo = r1.json<{ token: string; refreshToken: string; dataFimToken: string }>();
    expect(novo.refreshToken).not.toBe(l.refreshToken);
    expect((await t.app.pedir('h1002.localhost', '/v1/usuario/rotas', { headers: bearer(novo.token) })).status).toBe(200);

    // The old one again: a thief (or the owner after a theft). Everything in the family dies.
    const reuso = await t.app.pedir('h1002.localhost', '/v1/usuario/refresh-token', { corpo: { refreshToken: l.refreshToken } });
    expect(reuso.status).toBe(401);
    expect(reuso.json()).toMatchObject({ message: 'Token inválido' });
    expect((await t.app.pedir('h1002.localhost', '/v1/usuario/rotas', { headers: bearer(novo.token) })).status).toBe(401);
    const seguinte = await t.app.pedir('h1002.localhost', '/v1/usuario/refresh-token', { corpo: { refreshToken: novo.refreshToken } });
    expect(seguinte.status).toBe(401);
  });

  it('refuses garbage and a refresh token of another brand', async () => {
    expect((await t.app.pedir('h1.localhost', '/v1/usuario/refresh-token', { corpo: {} })).status).toBe(401);
    expect((await t.app.pedir('h1.localhost', '/v1/usuario/refresh-token', { corpo: { refreshToken: 42 } })).status).toBe(401);
    const l = (await login('h2.localhost', { email: 'cliente1@h2.martelo.test', senha: SENHA_DEMO }, '10.3.0.2')).json<Login>();
    expect((await t.app.pedir('h1.localhost', '/v1/usuario/refresh-token', { corpo: { refreshToken: l.refreshToken } })).status).toBe(401);
  });

  it('logout ends the session and its refresh family', async () => {
    const l = (await login('h2.localhost', { email: 'cliente2@h2.martelo.test', senha: SENHA_DEMO }, '10.3.0.3')).json<Login>();
    expect((await t.app.pedir('h2.localhost', '/v1/usuario/efetuar-logout', { method: 'POST', headers: bearer(l.token) })).status).toBe(
      200,
    );
    expect((await t.app.pedir('h2.localhost', '/v1/usuario/rotas', { headers: bearer(l.token) })).status).toBe(401);
    expect((await t.app.pedir('h2.localhost', '/v1/usuario/refresh-token', { corpo: { refreshToken: l.refreshToken } })).status).toBe(401);
  });
});

describe('single-use login', () => {
  it('exchanges nomeUsuario/senha for a hash that logs in once', async () => {
    const u = await t.app.pedir('h1.localhost', '/v1/usuario/efetuar-login-token-uso-unico', {
      corpo: { nomeUsuario: 'sac@martelo.test', senha: SENHA_DEMO },
      headers: { 'x-forwarded-for': '10.4.0.1' },
    });
    expect(u.status).toBe(200);
    const { hash } = u.json<{ hash: string }>();
    const a = await t.app.pedir('h1.localhost', `/v1/usuario/hash/efetuar-login?hash=${hash}`, { method: 'POST' });
    expect(a.status).toBe(200);
    expect(a.json<Login>().roles).toEqual(['Interno - SAC']);
    expect((await t.app.pedir('h1.localhost', `/v1/usuario/hash/efetuar-login?hash=${hash}`, { method: 'POST' })).status).toBe(401);
    expect((await t.app.pedir('h1.localhost', '/v1/usuario/hash/efetuar-login?hash=', { method: 'POST' })).status).toBe(401);
  });
});

describe('client calls', () => {
  it('updates the own profile and reports the confirmation status', async () => {
    const l = (await login('h14.localhost', { email: 'cliente1@h14.martelo.test', senha: SENHA_DEMO }, '10.5.0.1')).json<Login>();
    const ruim = await t.app.pedir('h14.localhost', '/v1/cliente/atualizar-cadastro', {
      method: 'PUT',
      corpo: { endereco: { cep: '123', logradouro: 'Rua', numero: '', bairro: 'C', cidade: 'X', estadoSigla: 'SP' } },
      headers: bearer(l.token),
    });
    expect(ruim.status).toBe(400);
    expect(ruim.json<{ erros: Record<string, string[]> }>().erros).toMatchObject({
      'endereco.cep': ['Informe o CEP no formato 00000-000'],
      'endereco.logradouro': ['O logradouro deve ter no mínimo 5 caracteres'],
      'endereco.numero': ['Informe o número'],
      'endereco.bairro': ['O bairro deve ter no mínimo 3 caracteres'],
    });
    const ok = await t.app.pedir('h14.localhost', '/v1/cliente/atualizar-cadastro', {
      method: 'PUT',
      corpo: { apelido: 'Aninha', telefone: '(11) 97777-1234' },
      headers: bearer(l.token),
    });
    expect(ok.status).toBe(200);
    const s = await t.app.pedir('h14.localhost', '/v1/cliente/confirmacoes/consultar-situacao', {
      method: 'POST',
      headers: bearer(l.token),
    });
    expect(s.json()).toEqual({
      documentosOk: false,
      telefoneOk: false, // the phone changed: it must be confirmed again
      emailOk: true,
      email: 'cliente1@h14.martelo.test',
      telefone: '11977771234',
      emailEmUso: false,
      telefoneEmUso: false,
      situacao: 'Ativo',
      documentoSituacao: 'Cadastrado',
      qtdQuadroSocietario: 0,
    });
    // The phone another client of the brand already confirmed is in use.
    const [outro] = await t.banco.db
      .select({ telefone: cliente.telefone })
      .from(cliente)
      .where(eq(cliente.email, 'cliente2@h14.martelo.test'));
    const trocado = await t.app.pedir('h14.localhost', '/v1/cliente/atualizar-cadastro', {
      method: 'PUT',
      corpo: { telefone: outro.telefone },
      headers: bearer(l.token),
    });
    expect(trocado.status).toBe(200);
    const emUso = await t.app.pedir('h14.localhost', '/v1/cliente/confirmacoes/consultar-situacao', {
      method: 'POST',
      headers: bearer(l.token),
    });
    expect(emUso.json()).toMatchObject({ telefoneOk: false, telefoneEmUso: true, emailEmUso: false });
    expect((await t.app.pedir('h14.localhost', '/v1/cliente/confirmacoes/consultar-situacao', { method: 'POST' })).status).toBe(401);
  });
});
