import type { ServerBuild } from '@remix-run/node';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { habilitacao, usuario } from '@db/schema';
import { protegerRotas } from '~/paginas/protecao-de-rotas.server';
import { REGRAS_DE_ROTA, regraDaRota, rotaDoCadastro2fa } from '~/modules/identidade/regras-de-rota';
import { MENSAGENS_ACESSO, PAPEIS_INTERNOS } from '~/modules/dominio/papeis';
import { criarCliente } from '../lances';
import { rotasDoApp } from '../rotas';
import { instanciaDeTeste, type Resposta } from '../server';
import { entrarComoStaff } from '../staff';

/**
 * The route guard from outside, as the people who probe it would: every route of the built app, in
 * several spellings of its path (case, %-encoding, trailing slash), with and without `?_data` (which
 * runs one route's loader without its parents), anonymously and as a client. A route whose rule keeps
 * someone out must never answer that someone with its data. And a session that must still enrol in
 * 2FA opens nothing but the enrolment (issue #26), whatever roles its user holds.
 */
const t = instanciaDeTeste();
const rotas = await rotasDoApp();

/** The spellings Remix matches to the same route: it matches case-insensitively and after %-decoding. */
export function grafias(caminho: string): string[] {
  const partes = caminho.split('/');
  const ultima = partes.length - 1;
  const codificada = [...partes];
  codificada[ultima] = partes[ultima].replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`);
  const misturada = partes.map((p) => (p ? p[0].toUpperCase() + p.slice(1) : p));
  return [...new Set([caminho, caminho.toUpperCase(), misturada.join('/'), codificada.join('/'), `${caminho}/`])];
}

const destinoDe = (r: Resposta) => (r.status === 204 ? r.headers['x-remix-redirect'] : r.headers.location);
const vaiPara = (r: Resposta, prefixo: string) => {
  const destino = destinoDe(r);
  return [204, 302].includes(r.status) && typeof destino === 'string' && destino.startsWith(prefixo);
};
const vaiParaLogin = (r: Resposta) => vaiPara(r, '/login?');

describe('every route has an access rule', () => {
  it('names every route of the build in regras-de-rota, and nothing else', () => {
    const ids = rotas.map((r) => r.id);
    expect(
      ids.filter((id) => !regraDaRota(id)),
      'routes without a rule',
    ).toEqual([]);
    expect(
      Object.keys(REGRAS_DE_ROTA).filter((id) => !ids.includes(id)),
      'rules for routes that no longer exist',
    ).toEqual([]);
  });

  it('refuses a route without a rule: its loader and action answer 403 and are reported', async () => {
    const chamou: string[] = [];
    const build = {
      routes: {
        'routes/nova-sem-regra': {
          id: 'routes/nova-sem-regra',
          path: 'nova',
          module: { loader: () => chamou.push('loader'), action: () => chamou.push('action') },
        },
      },
    } as unknown as ServerBuild;
    const { build: protegido, semRegra } = protegerRotas(build);
    expect(semRegra).toEqual(['routes/nova-sem-regra']);
    const { loader, action } = protegido.routes['routes/nova-sem-regra'].module;
    const args = { request: new Request('http://h1.localhost/nova'), params: {}, context: {} } as never;
    for (const f of [loader!, action!]) {
      const r = await Promise.resolve(f(args)).catch((e: unknown) => e);
      expect(r).toBeInstanceOf(Response);
      expect((r as Response).status).toBe(403);
    }
    expect(chamou).toEqual([]);
  });
});

const guardadas = rotas.filter((r) => {
  const regra = regraDaRota(r.id);
  return regra !== 'livre' && regra !== 'vitrine' && (r.loader || r.action);
});

describe.each(guardadas)('$id ($caminho)', (rota) => {
  const regra = regraDaRota(rota.id)!;
  const soStaff = regra !== 'cliente';

  const pedidos = () =>
    grafias(rota.caminho).flatMap((caminho) =>
      ['', `?_data=${encodeURIComponent(rota.id)}`, `?_data=${rota.id}`].flatMap((consulta) => [
        ...(rota.loader ? [{ metodo: 'GET', caminho: `${caminho}${consulta}` }] : []),
        ...(rota.action ? [{ metodo: 'POST', caminho: `${caminho}${consulta}` }] : []),
      ]),
    );
  const enviar = (p: { metodo: string; caminho: string }, cookie?: string) =>
    t.app.pedir('h1.localhost', p.caminho, {
      method: p.metodo,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(p.metodo === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      corpo: p.metodo === 'POST' ? 'intencao=x&senha=Senha%40123&email=a%40b.c' : undefined,
    });

  it('sends a visitor to /login (or refuses), in every spelling, with and without ?_data', async () => {
    for (const p of pedidos()) {
      const r = await enviar(p);
      const ok = vaiParaLogin(r) || [401, 403, 404, 405].includes(r.status);
      expect(ok, `${p.metodo} ${p.caminho} → ${r.status} ${r.texto.slice(0, 200)}`).toBe(true);
    }
  });

  it.runIf(soStaff)('refuses a logged-in client (403) in every spelling', async () => {
    const cliente = await criarCliente(t.banco.db, { hotsiteId: 1 });
    for (const p of pedidos()) {
      const r = await enviar(p, cliente.cookie);
      const ok = [403, 404, 405].includes(r.status);
      expect(ok, `${p.metodo} ${p.caminho} → ${r.status} ${r.texto.slice(0, 200)}`).toBe(true);
      if (r.status === 403 && Array.isArray(regra))
        expect(r.texto).toContain('Você não tem a permissão necessária para acessar esta página');
    }
  });
});

describe('the probes from the security review', () => {
  it.each([
    '/ADMIN/CLIENTES?_data=routes%2Fadmin.clientes',
    '/Admin/Usuarios?_data=routes%2Fadmin.usuarios',
    '/admin/%63lientes?_data=routes%2Fadmin.clientes',
    '/ADMIN/CLIENTE/1?_data=routes%2Fadmin.cliente.%24id',
    '/ADMIN/CLIENTE-DOCUMENTO/abc',
  ])('%s answers no data to a visitor', async (caminho) => {
    const r = await t.app.pedir('h1.localhost', caminho);
    expect(vaiParaLogin(r), `${r.status} ${r.texto.slice(0, 200)}`).toBe(true);
    expect(r.texto).not.toMatch(/cpf|email/i);
  });

  it('an anonymous POST cannot create a user or change a password through another spelling', async () => {
    const r = await t.app.pedir('h1.localhost', '/ADMIN/USUARIO/novo?_data=routes%2Fadmin.usuario.%24uid', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      corpo: `intencao=criar&email=intruso%40x.com&nome=Intruso&papeis=${encodeURIComponent(PAPEIS_INTERNOS.ADM)}`,
    });
    expect(vaiParaLogin(r)).toBe(true);
  });
});

describe('a session that must still enrol in 2FA', () => {
  /** Every role there is: what the session holds must not matter until the code is confirmed. */
  const pendente = () =>
    entrarComoStaff(t.banco.db, Object.values(PAPEIS_INTERNOS), { nome: 'Pendente Dois Fatores', twoFactorObrigatorio: true });
  /** A client of the brand, habilitated: the bid and habilitation forms read the session themselves. */
  const clientePendente = async () => {
    const c = await criarCliente(t.banco.db, { hotsiteId: 1, nome: 'Pendente Dois Fatores' });
    await t.banco.db.update(usuario).set({ twoFactorObrigatorio: true }).where(eq(usuario.id, c.id));
    await t.banco.db.insert(habilitacao).values({ hotsiteId: 1, usuarioId: c.id, leilaoId: null });
    return c;
  };
  const recusado = (r: Resposta) =>
    vaiPara(r, '/dois-fatores?') || (r.status === 403 && r.texto.includes(MENSAGENS_ACESSO.cadastro2faPendente));
  const comRotina = rotas.filter((r) => (r.loader || r.action) && !rotaDoCadastro2fa(r.id));
  const pedidos = (rota: (typeof rotas)[number]) =>
    [rota.caminho, `${rota.caminho.toUpperCase()}?_data=${encodeURIComponent(rota.id)}`, `${rota.caminho}?_data=${rota.id}`].flatMap(
      (caminho) => [...(rota.loader ? [{ metodo: 'GET', caminho }] : []), ...(rota.action ? [{ metodo: 'POST', caminho }] : [])],
    );
  let n = 0;
  const enviar = (p: { metodo: string; caminho: string }, cookie?: string) =>
    t.app.pedir('h1.localhost', p.caminho, {
      method: p.metodo,
      headers: {
        // Each request from its own address, so the per-IP login limit never decides an answer here.
        'x-forwarded-for': `10.26.${Math.floor(++n / 250) % 250}.${n % 250}`,
        ...(cookie ? { cookie } : {}),
        ...(p.metodo === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      corpo: p.metodo === 'POST' ? 'intencao=x&senha=Senha%40123&email=a%40b.c' : undefined,
    });

  let p: Awaited<ReturnType<typeof pendente>>;
  let c: Awaited<ReturnType<typeof clientePendente>>;
  beforeAll(async () => {
    p = await pendente();
    c = await clientePendente();
  });

  it('covers the routes of the build but the enrolment ones', () => {
    expect(comRotina.length).toBeGreaterThan(100);
    expect(rotas.filter((r) => rotaDoCadastro2fa(r.id)).map((r) => r.id)).toEqual(['root', 'routes/dois-fatores', 'routes/sair']);
  });

  // A route with a rule sends it to /dois-fatores; an always-open route that never asks who is there
  // answers it as it answers a visitor, with nothing of the session's user in its data. Every route is
  // asked by its own path, in capitals with `?_data`, and with `?_data` unencoded.
  it.each(comRotina)('$id ($caminho) opens nothing to it', async (rota) => {
    const regra = regraDaRota(rota.id);
    // The client also where a client could get in (a role list refuses it before its roles are read).
    const quem = Array.isArray(regra) ? [p] : [p, c];
    for (const [pedido, sessao] of pedidos(rota).flatMap((x) => quem.map((q) => [x, q] as const))) {
      const r = await enviar(pedido, sessao.cookie);
      const onde = `${sessao === p ? 'staff' : 'cliente'}: ${pedido.metodo} ${pedido.caminho} → ${r.status} ${String(destinoDe(r) ?? r.texto.slice(0, 160))}`;
      if (recusado(r)) continue;
      // Remix's own refusal before any loader ran (`?_data` of a route the path does not match).
      if (regra !== 'livre') expect(r.status, onde).toBeGreaterThanOrEqual(400);
      const visitante = await enviar(pedido);
      expect(r.status, `${onde} (visitante: ${visitante.status})`).toBe(visitante.status);
      // The route's own data (the root's header, shown on every page, may name who is logged in).
      if (pedido.caminho.includes('?_data=')) {
        expect(r.texto, onde).not.toContain(sessao.email);
        expect(r.texto, onde).not.toContain('Pendente Dois Fatores');
      }
    }
  });

  it('the enrolment routes answer it, and a confirmed code lifts every refusal', async () => {
    expect((await t.app.pedir('h1.localhost', '/dois-fatores', { headers: { cookie: p.cookie } })).status).toBe(200);
    const raiz = await t.app.pedir('h1.localhost', `/dois-fatores?_data=root`, { headers: { cookie: p.cookie } });
    expect(raiz.json()).toMatchObject({ usuario: { nome: 'Pendente Dois Fatores' } });
    expect(vaiPara(await t.app.pedir('h1.localhost', '/admin/usuarios', { headers: { cookie: p.cookie } }), '/dois-fatores?')).toBe(true);
    await t.banco.db.update(usuario).set({ twoFactorHabilitado: true }).where(eq(usuario.id, p.id));
    expect((await t.app.pedir('h1.localhost', '/admin/usuarios', { headers: { cookie: p.cookie } })).status).toBe(200);
  });
});
