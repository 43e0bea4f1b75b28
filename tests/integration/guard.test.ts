import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessao, usuario, usuarioPapel } from '@db/schema';
import { exigirPapel, exigirPapelApi, usuarioDoPedido } from '~/modules/identidade/guard.server';
import { cookieDeLogin } from '~/utils/cookie-de-sessao.server';
import { PAPEIS_INTERNOS } from '~/modules/dominio/papeis';
import { criarSessao } from '~/modules/identidade/sessions.server';
import { marcaSchema } from '~/modules/hotsites/hotsite.schema';
import { buscarMarcaPorChave } from '~/modules/hotsites/hotsites.server';
import { ErroHttp } from '~/utils/errors';
import { criarBancoDeTeste } from '../db';

let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
let contexto: { db: typeof banco.db; marca: ReturnType<typeof marcaSchema.parse> };
let cookieSac: string;

beforeAll(async () => {
  banco = await criarBancoDeTeste();
  contexto = { db: banco.db, marca: (await buscarMarcaPorChave({ db: banco.db, chave: { tipo: 'id', id: 1 } }))! };
  const [sac] = await banco.db
    .insert(usuario)
    .values({ email: `sac-${randomUUID()}@martelo.test`, nome: 'SAC' })
    .returning();
  await banco.db.insert(usuarioPapel).values({ usuarioId: sac.id, papel: PAPEIS_INTERNOS.SAC });
  const { token, expiraEm } = await criarSessao({ db: banco.db, usuarioId: sac.id, hotsiteId: 1 });
  cookieSac = (await cookieDeLogin(token, expiraEm, false)).split(';')[0];
});
afterAll(() => banco?.descartar());

const pedido = (cookie?: string) => new Request('http://h1.localhost/admin/usuarios?aba=2', { headers: cookie ? { cookie } : {} });

describe('route guard', () => {
  it('redirects a visitor to /login with the spec message and the return target', async () => {
    const r = await exigirPapel(pedido(), contexto, [PAPEIS_INTERNOS.ADM]).catch((e) => e);
    expect(r).toBeInstanceOf(Response);
    const destino = new URL(r.headers.get('location'), 'http://x');
    expect(destino.pathname).toBe('/login');
    expect(destino.searchParams.get('mensagem')).toBe('Efetuar login para acessar esta página');
    expect(destino.searchParams.get('redirectTo')).toBe('/admin/usuarios?aba=2');
  });

  it('answers 403 with the spec message listing the roles when a role is missing', async () => {
    const r = await exigirPapel(pedido(cookieSac), contexto, [PAPEIS_INTERNOS.ADM, PAPEIS_INTERNOS.MKT]).catch((e) => e);
    expect(r.status).toBe(403);
    await expect(r.text()).resolves.toBe(
      'Você não tem a permissão necessária para acessar esta página, papéis: Interno - ADM, Interno - MKT',
    );
  });

  it('lets a user holding one of the roles through', async () => {
    const u = await exigirPapel(pedido(cookieSac), contexto, [PAPEIS_INTERNOS.ADM, PAPEIS_INTERNOS.SAC]);
    expect(u).toMatchObject({ nome: 'SAC', interno: true, hotsiteId: null });
  });

  it('API: 401 without token and 403 without role, as ErroHttp', async () => {
    await expect(exigirPapelApi({ headers: {} }, contexto, [])).rejects.toMatchObject({ status: 401 });
    const e = await exigirPapelApi({ headers: { cookie: cookieSac } }, contexto, [PAPEIS_INTERNOS.ADM]).catch((x) => x);
    expect(e).toBeInstanceOf(ErroHttp);
    expect(e.status).toBe(403);
  });
});

describe('staff area shell', () => {
  it('sends visitors to /login and shows a staff user without the role the 403 with the spec text', async () => {
    const { iniciarInstancia } = await import('../server');
    const app = await iniciarInstancia({ database: banco });
    try {
      const visitante = await app.pedir('h1.localhost', '/admin');
      expect(visitante.status).toBe(302);
      expect(visitante.headers.location).toContain('/login?redirectTo=%2Fadmin');
      const negado = await app.pedir('h1.localhost', '/admin/hotsites', { headers: { cookie: cookieSac } });
      expect(negado.status).toBe(403);
      expect(negado.texto).toContain('Você não tem a permissão necessária para acessar esta página, papéis: Interno - ADM');
      const painel = await app.pedir('h1.localhost', '/admin', { headers: { cookie: cookieSac } });
      expect(painel.status).toBe(200);
      expect(painel.texto).toMatch(/Olá, (<!-- -->)?SAC/);
    } finally {
      await app.close();
    }
  });
});

describe('the user of a request is looked up once per request', () => {
  it('answers reads of one request from the first lookup, while actions and other requests ask again', async () => {
    const [u] = await banco.db
      .insert(usuario)
      .values({ email: `memo-${randomUUID()}@martelo.test`, nome: 'Memo' })
      .returning();
    const { token, expiraEm } = await criarSessao({ db: banco.db, usuarioId: u.id, hotsiteId: 1 });
    const cookie = (await cookieDeLogin(token, expiraEm, false)).split(';')[0];
    const doPedido = { ...contexto }; // server.ts builds one context object per HTTP request
    expect(await usuarioDoPedido(pedido(cookie), doPedido)).toMatchObject({ nome: 'Memo' });

    await banco.db.update(sessao).set({ revogadaEm: new Date() }).where(eq(sessao.usuarioId, u.id));
    // Same request, another loader: the first answer stands (no second round of queries).
    expect(await usuarioDoPedido(pedido(cookie), doPedido)).toMatchObject({ nome: 'Memo' });
    // An action in the same request always asks: the revoked session is seen at once.
    const post = new Request('http://h1.localhost/sair', { method: 'POST', headers: { cookie } });
    expect(await usuarioDoPedido(post, doPedido)).toBeNull();
    // The next request has its own context.
    expect(await usuarioDoPedido(pedido(cookie), { ...contexto })).toBeNull();
  });
});

describe('a session whose user must still enrol in 2FA', () => {
  it('is its user only on the enrolment routes: a page is sent to /dois-fatores, the API gets 403', async () => {
    const [u] = await banco.db
      .insert(usuario)
      .values({ email: `pendente-${randomUUID()}@martelo.test`, nome: 'Pendente', twoFactorObrigatorio: true })
      .returning();
    await banco.db.insert(usuarioPapel).values({ usuarioId: u.id, papel: PAPEIS_INTERNOS.ADM });
    const { token, expiraEm } = await criarSessao({ db: banco.db, usuarioId: u.id, hotsiteId: 1 });
    const cookie = (await cookieDeLogin(token, expiraEm, false)).split(';')[0];
    const naRota = (id: string) => ({ ...contexto, rota: { id, regra: 'cliente' as const } });

    const pagina = await exigirPapel(pedido(cookie), naRota('routes/admin.usuarios'), [PAPEIS_INTERNOS.ADM]).catch((e) => e);
    expect(pagina).toBeInstanceOf(Response);
    const destino = new URL(pagina.headers.get('location'), 'http://x');
    expect(destino.pathname).toBe('/dois-fatores');
    expect(destino.searchParams.get('redirectTo')).toBe('/admin/usuarios?aba=2');

    const api = await exigirPapelApi({ headers: { authorization: `Bearer ${token}` } }, contexto, []).catch((e) => e);
    expect(api).toBeInstanceOf(ErroHttp);
    expect(api).toMatchObject({ status: 403, mensagem: 'Configure a autenticação em dois fatores para continuar' });

    for (const id of ['root', 'routes/dois-fatores']) expect(await usuarioDoPedido(pedido(cookie), naRota(id))).toMatchObject({ id: u.id });

    // The first confirmed code: the same session is a login everywhere at once (from the next request).
    await banco.db.update(usuario).set({ twoFactorHabilitado: true }).where(eq(usuario.id, u.id));
    const outroPedido = { ...contexto };
    expect(await exigirPapelApi({ headers: { authorization: `Bearer ${token}` } }, outroPedido, [PAPEIS_INTERNOS.ADM])).toMatchObject({
      id: u.id,
      cadastro2faPendente: false,
    });
  });
});
