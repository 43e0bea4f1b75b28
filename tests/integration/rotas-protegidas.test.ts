import type { ServerBuild } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { protegerRotas } from '~/paginas/protecao-de-rotas.server';
import { REGRAS_DE_ROTA, regraDaRota } from '~/modules/identidade/regras-de-rota';
import { PAPEIS_INTERNOS } from '~/modules/identidade/papeis';
import { criarCliente } from '../lances';
import { rotasDoApp } from '../rotas';
import { instanciaDeTeste, type Resposta } from '../server';

/**
 * The route guard from outside, as the people who probe it would: every route of the built app, in
 * several spellings of its path (case, %-encoding, trailing slash), with and without `?_data` (which
 * runs one route's loader without its parents), anonymously and as a client. A route whose rule keeps
 * someone out must never answer that someone with its data.
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

const vaiParaLogin = (r: Resposta) => {
  const destino = r.status === 204 ? r.headers['x-remix-redirect'] : r.headers.location;
  return [204, 302].includes(r.status) && typeof destino === 'string' && destino.startsWith('/login?');
};

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
