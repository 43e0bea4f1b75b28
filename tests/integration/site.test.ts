import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { instanciaDeTeste } from '../server';

const t = instanciaDeTeste();

const DEMO = [1, 2, 14, 20, 1002];
const titulo = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const estiloHtml = (html: string) => /<html[^>]*style="([^"]*)"/.exec(html)?.[1] ?? '';

describe('every demo brand from one route tree', () => {
  it('answers 200 on h<ID>.localhost with five different titles and colour sets', async () => {
    const paginas = await Promise.all(DEMO.map((id) => t.app.pedir(`h${id}.localhost`, '/')));
    expect(paginas.map((p) => p.status)).toEqual([200, 200, 200, 200, 200]);
    const titulos = paginas.map((p) => titulo(p.texto));
    expect(new Set(titulos).size).toBe(5);
    expect(titulos).toContain('Brasil Leilões');
    expect(titulos).toContain('Repasse Auto');
    expect(new Set(paginas.map((p) => estiloHtml(p.texto))).size).toBe(5);
    // The first token of the contract is the primary colour.
    const primaria = (html: string) => /^--[\w-]+:(#[0-9a-f]{6})/.exec(estiloHtml(html))?.[1];
    expect(primaria(paginas[0].texto)).toBe('#0b3d91');
    expect(primaria(paginas[1].texto)).toBe('#0f7b4a');
  });

  it('uses the shop wording on a loja brand and the auction wording on a leilao brand', async () => {
    const leilao = (await t.app.pedir('h1.localhost', '/')).texto;
    const loja = (await t.app.pedir('h2.localhost', '/')).texto;
    expect(leilao).toContain('href="/leilao"');
    expect(leilao).toContain('Agenda de leilões');
    expect(loja).toContain('href="/anuncio"');
    expect(loja).toContain('Agenda de eventos');
    expect(loja).not.toContain('Agenda de leilões');
  });

  it('renders the home from its content blocks in priority order, honouring active flags and date windows', async () => {
    const html = (await t.app.pedir('h1.localhost', '/')).texto;
    const ordem = [...html.matchAll(/data-elemento="([\w-]+)"/g)].map((m) => m[1]);
    expect(ordem).toEqual([
      'barra-aviso',
      'banner-carrossel',
      'como-funciona',
      'numeros',
      'texto',
      'diferenciais',
      'perguntas-frequentes',
      'chamada-acao',
    ]);
    // The inactive "depoimentos" section and the expired October notice are not shown.
    expect(html).not.toContain('Seção ainda não publicada');
    expect(html).not.toContain('taxa de pátio grátis em outubro');
    expect(html).toContain('Veículos de bancos e seguradoras');
  });

  it('carries favicon, canonical link and the analytics snippet of the brand', async () => {
    const html = (await t.app.pedir('h14.localhost', '/')).texto;
    expect(html).toContain('<link rel="canonical" href="https://www.aliancasalvados.com.br"/>');
    expect(html).toMatch(/<link rel="icon" href="\/marca\/arquivo\/[a-f0-9]{64}\.svg"\/>/);
    expect(html).toContain('gtag(\'config\',"G-ALS9Z3T5KD")');
  });

  it('serves the brand logo from the database with immutable caching, only on its own brand', async () => {
    const html = (await t.app.pedir('h14.localhost', '/')).texto;
    const logo = /<img src="(\/marca\/arquivo\/[a-f0-9]{64}\.svg)" alt="Aliança Salvados"/.exec(html)![1];
    const resp = await t.app.pedir('h14.localhost', logo);
    expect(resp.status).toBe(200);
    expect(resp.headers['content-type']).toBe('image/svg+xml');
    expect(resp.headers['cache-control']).toContain('immutable');
    expect(resp.texto).toContain('Aliança Salvados');
    expect((await t.app.pedir('h1.localhost', logo)).status).toBe(404);
  });
});

describe('unknown hosts and paths', () => {
  it('answers an unknown host with a pt-BR 404 that shows no brand', async () => {
    for (const [host, caminho] of [
      ['h99.localhost', '/'],
      ['www.desconhecido.com.br', '/'],
      ['localhost', '/leilao'],
    ]) {
      const r = await t.app.pedir(host, caminho);
      expect(r.status).toBe(404);
      expect(r.texto).toContain('Site não encontrado');
      expect(r.texto).toContain('lang="pt-BR"');
      for (const nome of ['Brasil Leilões', 'Repasse Auto', 'Aliança', 'Horizonte', 'Norte Pesados']) expect(r.texto).not.toContain(nome);
    }
  });

  it('on the demo, the bare local host lists every brand with its own local address', async () => {
    for (const host of ['localhost', '127.0.0.1']) {
      const r = await t.app.pedir(host, '/');
      expect(r.status).toBe(200);
      expect(r.texto).toContain('Martelo: sites de demonstração');
      for (const [id, nome] of [
        [1, 'Brasil Leilões'],
        [2, 'Repasse Auto'],
        [14, 'Aliança Salvados'],
        [20, 'Horizonte Seminovos'],
        [1002, 'Norte Pesados Leilões'],
      ]) {
        expect(r.texto).toContain(`<a href="http://h${id}.localhost:${t.app.port}">${nome}</a>`);
      }
    }
  });

  it('answers an unknown path with the brand’s own 404 page', async () => {
    const r = await t.app.pedir('h2.localhost', '/nao/existe');
    expect(r.status).toBe(404);
    expect(r.texto).toContain('Página não encontrada');
    expect(r.texto).toContain('Repasse Auto');
  });

  it('answers unknown API paths with JSON 404 in pt-BR', async () => {
    const r = await t.app.pedir('h2.localhost', '/v1/nada');
    expect(r.status).toBe(404);
    expect(r.json()).toEqual({ message: 'Recurso não encontrado', statusCode: 404, error: 'Não encontrado' });
  });
});

describe('server plumbing', () => {
  it('sends security headers with a per-request CSP nonce used by every inline script', async () => {
    const [a, b] = await Promise.all([t.app.pedir('h1.localhost', '/'), t.app.pedir('h1.localhost', '/')]);
    const nonce = (r: typeof a) => /'nonce-([^']+)'/.exec(String(r.headers['content-security-policy']))?.[1];
    expect(nonce(a)).toBeTruthy();
    expect(nonce(a)).not.toBe(nonce(b));
    const scripts = [...a.texto.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce(a)}"`);
    expect(a.headers['x-content-type-options']).toBe('nosniff');
    expect(a.headers['x-powered-by']).toBeUndefined();
  });

  it('gives each request an id and compresses pages', async () => {
    const r = await t.app.pedir('h1.localhost', '/', { headers: { 'accept-encoding': 'gzip' } });
    expect(r.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.headers['content-encoding']).toBe('gzip');
  });

  it('a kept visitor page goes out gzipped with this answer’s own nonce and request id (decision 098)', async () => {
    // The second visit of the same page is answered from the kept document (decision 085).
    for (let i = 0; i < 2; i++) {
      const r = await t.app.pedir('h1.localhost', '/', { headers: { 'accept-encoding': 'gzip, br' } });
      expect(r.headers['content-encoding']).toBe('gzip');
      const html = gunzipSync(r.bytes).toString('utf8');
      const nonce = /'nonce-([^']+)'/.exec(String(r.headers['content-security-policy']))?.[1];
      expect(new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]))).toEqual(new Set([nonce]));
      expect(html).toContain(`"requestId":"${r.headers['x-request-id']}"`);
      expect(html.endsWith('</html>')).toBe(true);
    }
  });

  it('caches fingerprinted build assets for a year', async () => {
    const html = (await t.app.pedir('h1.localhost', '/')).texto;
    const asset = /href="(\/build\/[^"]+\.js)"/.exec(html)![1];
    const r = await t.app.pedir('h1.localhost', asset);
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toContain('max-age=31536000');
    expect(r.headers['cache-control']).toContain('immutable');
  });

  it('reports database and bus status on /healthz for any host', async () => {
    const r = await t.app.pedir('qualquer.coisa', '/healthz');
    expect(r.status).toBe(200);
    expect(r.json()).toMatchObject({ status: 'ok', banco: { ok: true }, barramento: { ok: true } });
  });

  it('answers GET /v1/hotsite/public with the brand, without secrets', async () => {
    const r = await t.app.pedir('h20.localhost', '/v1/hotsite/public');
    expect(r.status).toBe(200);
    const marca = r.json<Record<string, unknown>>();
    expect(marca).toMatchObject({ id: 20, tipo: 'loja', modoSite: 'oferta-automatica', nome: 'Horizonte Seminovos' });
    expect(marca).not.toHaveProperty('dnsCredenciais');
  });
});
