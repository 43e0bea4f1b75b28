import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { habilitacao, usuario, usuarioPapel } from '@db/schema';
import { SEGREDO_2FA_DEMO, SENHA_DEMO } from '@scripts/seed/identidade';
import { PAPEIS_INTERNOS, PAPEL_CLIENTE } from '~/modules/dominio/papeis';
import { criarSessao } from '~/modules/identidade/sessions.server';
import { hashSenha } from '~/modules/identidade/senha.server';
import { codigoAtual } from '~/modules/identidade/totp.server';
import { rotasDaApiDeTeste } from '../rotas-api';
import { instanciaDeTeste, type Resposta } from '../server';
import { entrarComoStaff } from '../staff';

/**
 * Two-factor binds (issue #26, item 3). A user whose account requires 2FA and who has not enrolled yet
 * gets a session that can only enrol; a user with TOTP enabled is never logged in without the code, on
 * any way in (the password login, the one-time link staff mint, the one-time token).
 */
const t = instanciaDeTeste();

const MENSAGEM = 'Configure a autenticação em dois fatores para continuar';
const formulario = (campos: Record<string, string>) => new URLSearchParams(campos).toString();
const postar = (caminho: string, campos: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.pedir('h1.localhost', caminho, {
    method: 'POST',
    corpo: formulario(campos),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
const cookies = (set: string[] | string | undefined) =>
  (Array.isArray(set) ? set : set ? [set] : []).map((c) => c.split(';')[0]).join('; ');
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const destino = (r: Resposta) => (r.status === 204 ? r.headers['x-remix-redirect'] : r.headers.location);
const vaiParaDoisFatores = (r: Resposta) =>
  [204, 302].includes(r.status) && typeof destino(r) === 'string' && String(destino(r)).startsWith('/dois-fatores');
/** A code of the step after the current one: accepted (one step of drift) when the current one was used. */
const codigoSeguinte = (segredo: string) => codigoAtual(segredo, Date.now() + 30_000);

/** An ADM whose account requires 2FA and who has not enrolled yet. */
async function admSem2fa(email: string) {
  const [u] = await t.banco.db
    .insert(usuario)
    .values({ email, nome: 'Administradora Sem Dois Fatores', senhaHash: await hashSenha(SENHA_DEMO), twoFactorObrigatorio: true })
    .returning();
  await t.banco.db.insert(usuarioPapel).values({ usuarioId: u.id, papel: PAPEIS_INTERNOS.ADM });
  return u;
}

describe('2FA required but not enrolled: the session can only enrol', () => {
  it('API: the login token is refused on every other call (403, pt-BR) until the code is confirmed', async () => {
    await admSem2fa('pendente-api@martelo.test');
    const login = await t.app.pedir('h1.localhost', '/v1/usuario/efetuar-login', {
      corpo: { email: 'pendente-api@martelo.test', senha: SENHA_DEMO },
      headers: { 'x-forwarded-for': '10.26.3.1' },
    });
    expect(login.status).toBe(200);
    const { token, twoFactorObrigatorio, twoFactorHabilitado } = login.json<{
      token: string;
      twoFactorObrigatorio: boolean;
      twoFactorHabilitado: boolean;
    }>();
    expect({ twoFactorObrigatorio, twoFactorHabilitado }).toEqual({ twoFactorObrigatorio: true, twoFactorHabilitado: false });

    for (const caminho of ['/v1/usuario/rotas', '/v1/hotsite/admin', '/v1/cliente/infos-individual']) {
      const r = await t.app.pedir('h1.localhost', caminho, { headers: bearer(token) });
      expect(r.status, caminho).toBe(403);
      expect(r.json(), caminho).toMatchObject({ message: MENSAGEM, statusCode: 403 });
    }
    // Nor through a page or the websocket's way in: a bearer token works on pages too.
    expect(vaiParaDoisFatores(await t.app.pedir('h1.localhost', '/admin/usuarios', { headers: bearer(token) }))).toBe(true);

    // The enrolment screen answers the same token, and the code it asks for turns the session on.
    const tela = await t.app.pedir('h1.localhost', '/dois-fatores', { headers: bearer(token) });
    expect(tela.status).toBe(200);
    const segredo = /data-testid="segredo-2fa">([A-Z2-7]+)</.exec(tela.texto)![1];
    const confirmado = await postar('/dois-fatores', { codigo: codigoAtual(segredo) }, bearer(token));
    expect(confirmado.status).toBe(302);

    const rotas = await t.app.pedir('h1.localhost', '/v1/usuario/rotas', { headers: bearer(token) });
    expect(rotas.status).toBe(200);
    expect(rotas.json<string[]>()).toContain('/admin/usuarios');
    expect((await t.app.pedir('h1.localhost', '/v1/hotsite/admin', { headers: bearer(token) })).status).toBe(200);
  });

  it('pages: after the login only /dois-fatores (and logging out) opens; every other page sends there; enrolling opens them', async () => {
    await admSem2fa('pendente-pagina@martelo.test');
    const login = await postar('/login', { email: 'pendente-pagina@martelo.test', senha: SENHA_DEMO }, { 'x-forwarded-for': '10.26.3.2' });
    expect(login.status).toBe(302);
    expect(login.headers.location).toBe('/dois-fatores?redirectTo=%2Fadmin');
    const cookie = cookies(login.headers['set-cookie']);

    for (const caminho of [
      '/admin',
      '/admin/usuarios',
      '/admin/usuarios?_data=routes%2Fadmin.usuarios',
      '/ADMIN/CLIENTES?_data=routes%2Fadmin.clientes',
      '/cliente/meu-perfil',
      '/',
      '/leilao',
      '/login',
      '/admin/vendas',
    ]) {
      const r = await t.app.pedir('h1.localhost', caminho, { headers: { cookie } });
      expect(vaiParaDoisFatores(r), `${caminho} → ${r.status} ${r.texto.slice(0, 200)}`).toBe(true);
      expect(r.texto).not.toContain('admin@martelo.test');
    }
    // An action is refused before it runs: no user is created.
    const criar = await postar('/admin/usuario/novo', { _acao: 'geral', email: 'intruso-2fa@martelo.test', nome: 'Intruso' }, { cookie });
    expect(vaiParaDoisFatores(criar), `${criar.status} ${criar.texto.slice(0, 200)}`).toBe(true);
    expect(await t.banco.db.select().from(usuario).where(eq(usuario.email, 'intruso-2fa@martelo.test'))).toEqual([]);

    const tela = await t.app.pedir('h1.localhost', '/dois-fatores?redirectTo=%2Fadmin', { headers: { cookie } });
    expect(tela.status).toBe(200);
    expect(tela.texto).toContain('data-testid="qrcode-2fa"');
    const segredo = /data-testid="segredo-2fa">([A-Z2-7]+)</.exec(tela.texto)![1];
    const errado = await postar(
      '/dois-fatores?redirectTo=%2Fadmin',
      { codigo: '000000' === codigoAtual(segredo) ? '111111' : '000000' },
      { cookie },
    );
    expect(errado.texto).toContain('Código de autenticação inválido');
    expect(vaiParaDoisFatores(await t.app.pedir('h1.localhost', '/admin', { headers: { cookie } }))).toBe(true);

    const confirmado = await postar('/dois-fatores?redirectTo=%2Fadmin', { codigo: codigoAtual(segredo) }, { cookie });
    expect(confirmado.status).toBe(302);
    expect(confirmado.headers.location).toBe('/admin');
    // The same session now works everywhere its roles allow.
    expect((await t.app.pedir('h1.localhost', '/admin', { headers: { cookie } })).status).toBe(200);
    expect((await t.app.pedir('h1.localhost', '/admin/usuarios', { headers: { cookie } })).status).toBe(200);
  });

  it('logging out works from the pending session', async () => {
    await admSem2fa('pendente-sair@martelo.test');
    const login = await postar('/login', { email: 'pendente-sair@martelo.test', senha: SENHA_DEMO }, { 'x-forwarded-for': '10.26.3.3' });
    const cookie = cookies(login.headers['set-cookie']);
    const sair = await postar('/sair', {}, { cookie });
    expect(sair.status).toBe(302);
    expect(sair.headers.location).toBe('/');
    // The session is gone: the enrolment screen now asks for a login.
    const depois = await t.app.pedir('h1.localhost', '/dois-fatores', { headers: { cookie } });
    expect(depois.status).toBe(302);
    expect(depois.headers.location).toMatch(/^\/login\?/);
  });
});

describe('the JSON API, every endpoint, for a session that must still enrol', () => {
  // Logging out is the one thing such a session does there (tested above through the page; here it
  // would end the session the walk uses).
  const rotas = rotasDaApiDeTeste().filter((r) => r.caminho !== '/usuario/efetuar-logout');
  const caminho = (r: { caminho: string }) => `/v1${r.caminho.replace(/:(\w+)/g, (_m, nome: string) => (/uid/i.test(nome) ? 'abc' : '1'))}`;

  /** Staff with every role, and a client of the brand (the bid endpoints read the session themselves). */
  const personas: { nome: string; email: string; bearer: Record<string, string> }[] = [];
  beforeAll(async () => {
    const staff = await entrarComoStaff(t.banco.db, Object.values(PAPEIS_INTERNOS), { twoFactorObrigatorio: true });
    personas.push({ nome: 'staff', email: staff.email, bearer: staff.bearer });
    const [cliente] = await t.banco.db
      .insert(usuario)
      .values({ hotsiteId: 1, email: 'cliente-pendente@h1.martelo.test', nome: 'Cliente Pendente', twoFactorObrigatorio: true })
      .returning();
    await t.banco.db.insert(usuarioPapel).values({ usuarioId: cliente.id, papel: PAPEL_CLIENTE });
    await t.banco.db.insert(habilitacao).values({ hotsiteId: 1, usuarioId: cliente.id, leilaoId: null });
    const { token } = await criarSessao({ db: t.banco.db, usuarioId: cliente.id, hotsiteId: 1 });
    personas.push({ nome: 'cliente', email: cliente.email, bearer: bearer(token) });
  });

  it.each(rotas)('$metodo $caminho: 403, or what a visitor gets', async (rota) => {
    const pedir = (headers: Record<string, string>) =>
      t.app.pedir('h1.localhost', caminho(rota), {
        method: rota.metodo,
        headers: { 'x-forwarded-for': '10.26.5.1', ...headers },
        corpo: rota.metodo === 'GET' ? undefined : {},
      });
    for (const p of personas) {
      const r = await pedir(p.bearer);
      const onde = `${p.nome}: ${rota.metodo} ${caminho(rota)} → ${r.status} ${r.texto.slice(0, 160)}`;
      if (r.status === 403 && r.json<{ message: string }>().message === MENSAGEM) continue;
      const visitante = await pedir({});
      expect(r.status, `${onde} (visitante: ${visitante.status})`).toBe(visitante.status);
      expect(r.texto, onde).not.toContain(p.email);
    }
  });

  it('walks the whole router', () => {
    expect(rotas.length).toBeGreaterThan(60);
  });
});

describe('a TOTP user is never logged in by a one-time link without the code', () => {
  async function linkDoAdm(alvo: string) {
    const adm = cookies(
      (await postar('/login', { email: 'admin@martelo.test', senha: SENHA_DEMO }, { 'x-forwarded-for': '10.26.4.1' })).headers[
        'set-cookie'
      ],
    );
    const [u] = await t.banco.db.select().from(usuario).where(eq(usuario.email, alvo));
    const r = await postar(`/admin/usuario/${u.uid}?aba=acesso`, { _acao: 'link' }, { cookie: adm });
    return /\/admin-auth\/[\w-]+/.exec(r.texto)![0];
  }

  it('page: the link asks for the code, gives no session without it, and a wrong code spends it', async () => {
    const caminho = await linkDoAdm('2fa@martelo.test');
    const visita = await t.app.pedir('h1.localhost', caminho);
    expect(visita.status).toBe(401);
    expect(visita.headers['set-cookie'] ?? []).not.toEqual(expect.arrayContaining([expect.stringContaining('martelo_sessao=')]));
    expect(visita.texto).toContain('Informe o código de autenticação de dois fatores');
    expect(visita.texto).toContain('name="twoFactorcode"');

    // Posting the form without a code is the same question; the link is still good.
    const semCodigo = await postar(caminho, {});
    expect(semCodigo.status).toBe(401);
    expect(String(semCodigo.headers['set-cookie'] ?? '')).not.toContain('martelo_sessao=');

    const errado = await postar(caminho, { twoFactorcode: '000000' === codigoAtual(SEGREDO_2FA_DEMO) ? '111111' : '000000' });
    expect(errado.status).toBe(401);
    expect(errado.texto).toContain('Código de autenticação inválido');
    expect(String(errado.headers['set-cookie'] ?? '')).not.toContain('martelo_sessao=');
    // One guess per link: the right code no longer helps this one.
    const tarde = await postar(caminho, { twoFactorcode: codigoAtual(SEGREDO_2FA_DEMO) });
    expect(tarde.status).toBe(401);
    expect(tarde.texto).toContain('Link de acesso inválido ou expirado');

    const outro = await linkDoAdm('2fa@martelo.test');
    const certo = await postar(outro, { twoFactorcode: codigoAtual(SEGREDO_2FA_DEMO) });
    expect(certo.status).toBe(302);
    expect(certo.headers.location).toBe('/admin');
    const sessao = cookies(certo.headers['set-cookie']);
    expect((await t.app.pedir('h1.localhost', '/admin/usuarios', { headers: { cookie: sessao } })).status).toBe(200);
  });

  it('API: POST /v1/usuario/hash/efetuar-login needs twoFactorcode for a TOTP user', async () => {
    const caminho = await linkDoAdm('2fa@martelo.test');
    const hash = caminho.split('/').pop()!;
    const sem = await t.app.pedir('h1.localhost', `/v1/usuario/hash/efetuar-login?hash=${hash}`, { method: 'POST' });
    expect(sem.status).toBe(401);
    expect(sem.json()).toMatchObject({ message: 'Informe o código de autenticação de dois fatores' });
    expect(sem.texto).not.toContain('token');
    const ruim = await t.app.pedir('h1.localhost', `/v1/usuario/hash/efetuar-login?hash=${hash}`, { corpo: { twoFactorcode: '12a' } });
    expect(ruim.status).toBe(400);
    const com = await t.app.pedir('h1.localhost', `/v1/usuario/hash/efetuar-login?hash=${hash}`, {
      corpo: { twoFactorcode: codigoSeguinte(SEGREDO_2FA_DEMO) },
    });
    expect(com.status).toBe(200);
    const { token } = com.json<{ token: string }>();
    expect((await t.app.pedir('h1.localhost', '/v1/usuario/rotas', { headers: bearer(token) })).status).toBe(200);
  });

  it('a link minted for a user who had no 2FA then, used after enrolling, still needs the code', async () => {
    const u = await admSem2fa('depois-2fa@martelo.test');
    await t.banco.db.update(usuario).set({ twoFactorObrigatorio: false }).where(eq(usuario.id, u.id));
    const troca = await t.app.pedir('h1.localhost', '/v1/usuario/efetuar-login-token-uso-unico', {
      corpo: { nomeUsuario: 'depois-2fa@martelo.test', senha: SENHA_DEMO },
      headers: { 'x-forwarded-for': '10.26.4.2' },
    });
    expect(troca.status).toBe(200);
    const { hash } = troca.json<{ hash: string }>();
    await t.banco.db.update(usuario).set({ twoFactorHabilitado: true, twoFactorSegredo: SEGREDO_2FA_DEMO }).where(eq(usuario.id, u.id));
    const r = await t.app.pedir('h1.localhost', `/v1/usuario/hash/efetuar-login?hash=${hash}`, { method: 'POST' });
    expect(r.status).toBe(401);
    expect(r.texto).not.toContain('refreshToken');
    // And the one-time token itself stays refused to a TOTP user.
    const denovo = await t.app.pedir('h1.localhost', '/v1/usuario/efetuar-login-token-uso-unico', {
      corpo: { nomeUsuario: 'depois-2fa@martelo.test', senha: SENHA_DEMO },
      headers: { 'x-forwarded-for': '10.26.4.2' },
    });
    expect(denovo.status).toBe(403);
    expect(denovo.json()).toMatchObject({ message: 'Usuários com autenticação em dois fatores devem entrar pela página de login' });
  });
});
