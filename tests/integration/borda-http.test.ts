import { beforeAll, describe, expect, it } from 'vitest';
import { PAPEIS_INTERNOS } from '~/modules/dominio/papeis';
import { criarCliente } from '../lances';
import { rotasDoApp } from '../rotas';
import { instanciaDeTeste, type Resposta } from '../server';
import { entrarComoStaff } from '../staff';

/**
 * The HTTP edge as an attacker meets it: addresses whose %-escapes do not decode, requests forged from
 * another site (every page action of the build, walked), redirect targets that leave the site, and a
 * client's nonsense that must not reach the error log.
 */
const t = instanciaDeTeste({ comLog: true });
const rotas = await rotasDoApp();

const formulario = { 'content-type': 'application/x-www-form-urlencoded' };
const ORIGEM_RECUSADA = 'Origem da requisição não permitida';
const propria = () => `http://h1.localhost:${t.app.port}`;
/** Log lines at error or fatal (pino levels 50, 60) written since `desde`. */
const errosNoLog = (desde: number) =>
  t.log
    .slice(desde)
    .split('\n')
    .filter((l) => /"level":(50|60)/.test(l));
const depoisDoLog = () => new Promise((r) => setTimeout(r, 30));

describe('addresses whose %-escapes do not decode', () => {
  it.each(['/leilao/%ZZ', '/%FF', '/lote/%E0%A4%A', '/?q=%ZZ', '/lotes?busca=%E0%A4%A', '/v1/lote?x=%', '/v1/lote/%ZZ'])(
    '%s answers 400 in pt-BR and logs no error',
    async (caminho) => {
      const desde = t.log.length;
      const r = await t.app.pedir('h1.localhost', caminho);
      expect(r.status).toBe(400);
      expect(r.texto).toContain('Endereço inválido');
      expect(r.texto).not.toMatch(/URIError|at decodeURIComponent/);
      await depoisDoLog();
      expect(errosNoLog(desde)).toEqual([]);
    },
  );

  it('also on a POST', async () => {
    const r = await t.app.pedir('h1.localhost', '/login?redirectTo=%ZZ', { method: 'POST', corpo: 'email=a', headers: formulario });
    expect(r.status).toBe(400);
  });
});

describe('requests forged from another site (CSRF)', () => {
  const acoes = rotas.filter((r) => r.action);
  let adm: Awaited<ReturnType<typeof entrarComoStaff>>;
  beforeAll(async () => {
    adm = await entrarComoStaff(t.banco.db, [PAPEIS_INTERNOS.ADM]);
  });

  it('walks every page action (there are many)', () => expect(acoes.length).toBeGreaterThan(30));

  it('refuses every page action posted from a foreign Origin, with the session cookie, as a page and as ?_data (403, pt-BR)', async () => {
    const desde = t.log.length;
    const aceitas: string[] = [];
    for (const rota of acoes) {
      for (const caminho of [rota.caminho, `${rota.caminho}?_data=${encodeURIComponent(rota.id)}`]) {
        const r = await t.app.pedir('h1.localhost', caminho, {
          method: 'POST',
          corpo: 'intencao=x',
          headers: { ...formulario, cookie: adm.cookie, origin: 'https://evil.example' },
        });
        if (r.status !== 403 || !r.texto.includes(ORIGEM_RECUSADA)) aceitas.push(`${rota.id} ${caminho} → ${r.status}`);
      }
    }
    expect(aceitas).toEqual([]);
    await depoisDoLog();
    expect(errosNoLog(desde)).toEqual([]);
  });

  it('lets the same actions through from the brand itself (no origin refusal, no 5xx)', async () => {
    const recusadas: string[] = [];
    for (const rota of acoes) {
      const r = await t.app.pedir('h1.localhost', rota.caminho, {
        method: 'POST',
        corpo: 'intencao=x',
        headers: { ...formulario, origin: propria() },
      });
      if (r.status >= 500 || r.texto.includes(ORIGEM_RECUSADA)) recusadas.push(`${rota.id} → ${r.status}`);
    }
    expect(recusadas).toEqual([]);
  });

  const login = (headers: Record<string, string>) =>
    t.app.pedir('h1.localhost', '/login', { method: 'POST', corpo: 'email=a%40b.c&senha=x', headers: { ...formulario, ...headers } });
  const recusada = (r: Resposta) => r.status === 403 && r.texto.includes(ORIGEM_RECUSADA);

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['another brand of the platform', { origin: 'http://h2.localhost' }],
    ["Origin 'null' (sandboxed frame, data: page)", { origin: 'null' }],
    ['no Origin, a foreign Referer', { referer: 'https://evil.example/pagina' }],
    ['no Origin nor Referer, Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['no Origin nor Referer, Sec-Fetch-Site same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
  ])('refuses %s', async (_nome, headers) => {
    expect(recusada(await login(headers))).toBe(true);
  });

  it.each([
    ['its own Origin', () => ({ origin: propria() })],
    ['another address of the same brand (Remix alone would answer 500)', () => ({ origin: 'http://h1.localhost:1' })],
    ['no Origin, its own Referer', () => ({ referer: `${propria()}/login` })],
    ['Sec-Fetch-Site same-origin', () => ({ 'sec-fetch-site': 'same-origin' })],
    ['no browser header at all (a script: it carries no victim cookie)', () => ({})],
  ])('accepts %s', async (_nome, headers) => {
    const r = await login(headers());
    expect(r.status).toBe(400);
    expect(r.texto).not.toContain(ORIGEM_RECUSADA);
  });

  it('refuses a cookie-authenticated API call from a foreign Origin; a bearer token or no credential stays open', async () => {
    const cliente = await criarCliente(t.banco.db);
    const evil = { origin: 'https://evil.example' };
    const porCookie = await t.app.pedir('h1.localhost', '/v1/usuario/efetuar-logout', {
      method: 'POST',
      headers: { ...evil, cookie: cliente.cookie },
    });
    expect(porCookie.status).toBe(403);
    expect(porCookie.json()).toMatchObject({ message: ORIGEM_RECUSADA, statusCode: 403 });
    // Still logged in: the forged logout did not run.
    expect((await t.app.pedir('h1.localhost', '/v1/usuario/rotas', { headers: cliente.auth })).status).toBe(200);

    const login = await t.app.pedir('h1.localhost', '/v1/usuario/efetuar-login', {
      corpo: { email: 'x@y.z', senha: 'abcdef' },
      headers: evil,
    });
    expect(login.status).not.toBe(403);
    const porBearer = await t.app.pedir('h1.localhost', '/v1/usuario/efetuar-logout', {
      method: 'POST',
      headers: { ...evil, ...cliente.auth },
    });
    expect(porBearer.status).toBe(200);
  });
});

describe('redirect targets taken from the request', () => {
  it.each(['/..//evil.example', '/%2e%2e//evil.example', '/\\evil.example', '/%5Cevil.example'])(
    'a bid form posted with redirectTo=%s comes back to this site',
    async (redirectTo) => {
      const cliente = await criarCliente(t.banco.db);
      const r = await t.app.pedir('h1.localhost', '/lances/acao', {
        method: 'POST',
        corpo: new URLSearchParams({ intencao: 'lance', loteId: '999999999', valor: 'abc', redirectTo }).toString(),
        headers: { ...formulario, cookie: cliente.cookie, origin: propria() },
      });
      expect(r.status).toBe(302);
      const destino = new URL(String(r.headers.location), propria());
      expect(destino.host).toBe(`h1.localhost:${t.app.port}`);
      expect(String(r.headers.location)).toMatch(/^\/(?![/\\])/);
    },
  );
});

describe("a client's bad request is not our error", () => {
  it.each(['/?_data=routes%2F%24', '/?_data=routes%2Flogin', '/login?_data=routes%2Fnao-existe'])(
    '%s answers 4xx and logs at warn at most',
    async (caminho) => {
      const desde = t.log.length;
      const r = await t.app.pedir('h1.localhost', caminho);
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      await depoisDoLog();
      expect(errosNoLog(desde)).toEqual([]);
    },
  );
});
