import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leiloeiro, lote, loteArquivo, veiculo } from '@db/schema';
import { encerrarLotesVencidos } from '~/modules/lances/encerramento.server';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { emDuasInstancias } from '../instancias';
import { instanciaDeTeste, type Instancia } from '../server';

/**
 * A visitor's lot page kept whole and answered before Remix (decision 244). What a visitor must notice:
 * nothing. A bid, an edit of the lot or of anything its page shows, and a close are on the very next view,
 * on this instance or another one; a logged-in client is never answered with a kept page; every view
 * still counts.
 */
const t = instanciaDeTeste();
const H = 'h1.localhost';

const nonceDoCsp = (csp: string | string[] | undefined) => /'nonce-([^']+)'/.exec(String(csp))?.[1];
const semPorPedido = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""').replace(/"requestId":"[^"]+"/g, '"requestId":""');
/** And without the panel's render time (the server clock the page was made at). */
const semHora = (html: string) => semPorPedido(html).replace(/"agora":\d+/g, '"agora":0');
const esperar = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A lot in dispute on brand 1 and its canonical address (a short path redirects there). */
async function loteProprio(app: Instancia = t.app, opcoes: Parameters<typeof criarLoteEmDisputa>[1] = {}) {
  const l = await criarLoteEmDisputa(t.banco.db, { minimo: 10_000_00, incremento: 500_00, ...opcoes });
  const r = await app.pedir(H, `/leilao/x/ano.0/${l.loteId}`);
  expect(r.status).toBe(301);
  return { ...l, url: String(r.headers.location) };
}

/**
 * Visits until the answer comes from the kept page (the first one renders it, a later one keeps it; on a
 * new instance, once the brand's index, which the first view starts loading, is in).
 */
async function guardada(url: string, app: Instancia = t.app, headers?: Record<string, string>) {
  for (let i = 0; i < 40; i++) {
    const antes = app.martelo.paginasDeLote.servidas;
    const r = await app.pedir(H, url, { headers });
    expect(r.status).toBe(200);
    if (app.martelo.paginasDeLote.servidas > antes) return r;
    if (i >= 3) await esperar(250);
  }
  throw new Error(`${url} nunca foi servida da página guardada`);
}

/** One visit that must be rendered afresh (the kept page is no longer current). */
async function renderizada(url: string, app: Instancia = t.app) {
  const antes = app.martelo.paginasDeLote.servidas;
  const r = await app.pedir(H, url);
  expect(r.status).toBe(200);
  expect(app.martelo.paginasDeLote.servidas).toBe(antes);
  return r;
}

describe('visitor lot pages kept whole', () => {
  it('answers a repeated visit from the kept page: the same page, its own nonce and request id', async () => {
    const { url } = await loteProprio();
    const primeira = await t.app.pedir(H, url);
    const [a, b] = [await guardada(url), await guardada(url)];
    for (const r of [a, b]) {
      expect(r.texto).toContain(`"requestId":"${r.headers['x-request-id']}"`);
      expect(r.texto).toContain(`nonce="${nonceDoCsp(r.headers['content-security-policy'])}"`);
      expect(semHora(r.texto)).toBe(semHora(primeira.texto));
    }
    expect(semPorPedido(a.texto)).toBe(semPorPedido(b.texto));
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('shows a bid on the very next view, to every visitor arriving together', async () => {
    const { leilaoId, loteId, url } = await loteProprio();
    expect((await guardada(url)).texto).not.toContain('12.500,00');
    const c = await criarCliente(t.banco.db, { leilaoId });
    const lance = await t.app.pedir(H, '/v1/lances', { method: 'POST', headers: c.auth, corpo: { loteId, valor: 12_500_00 } });
    expect(lance.status).toBeLessThan(300);
    const juntas = await Promise.all(Array.from({ length: 6 }, () => t.app.pedir(H, url)));
    for (const r of juntas) expect(r.texto).toContain('12.500,00');
    expect((await guardada(url)).texto).toContain('12.500,00');
  });

  it('shows an edit of the lot, of its vehicle, of its files and of its auctioneer on the very next view', async () => {
    const { loteId, leilaoId, url } = await loteProprio();
    await guardada(url);
    await t.banco.db.update(lote).set({ descricao: 'Motor retificado em 2024' }).where(eq(lote.id, loteId));
    expect((await renderizada(url)).texto).toContain('Motor retificado em 2024');

    await guardada(url);
    const [{ veiculoId }] = await t.banco.db.select({ veiculoId: lote.veiculoId }).from(lote).where(eq(lote.id, loteId));
    await t.banco.db.update(veiculo).set({ cor: 'Verde Limão' }).where(eq(veiculo.id, veiculoId));
    expect((await renderizada(url)).texto).toContain('Verde Limão');

    await guardada(url);
    await t.banco.db
      .insert(loteArquivo)
      .values({ hotsiteId: 1, loteId, url: 'https://exemplo.test/manual.pdf', descricao: 'Manual do proprietário' });
    expect((await renderizada(url)).texto).toContain('Manual do proprietário');

    // A table the lot's card never read: the auctioneer named on the page.
    const [lei] = await t.banco.db.insert(leiloeiro).values({ hotsiteId: 1, nome: 'Joana Martelo', inscricao: 'JUCESP 999' }).returning();
    await t.banco.db.execute(sql`UPDATE leilao SET leiloeiro_id = ${lei.id} WHERE id = ${leilaoId}`);
    expect((await renderizada(url)).texto).toContain('Joana Martelo');
    await guardada(url);
    await t.banco.db.update(leiloeiro).set({ nome: 'Joana Martelo Filha' }).where(eq(leiloeiro.id, lei.id));
    expect((await renderizada(url)).texto).toContain('Joana Martelo Filha');
  });

  it('shows a close on the very next view, and a lot whose end passes by the clock is not served as open', async () => {
    const { loteId, url } = await loteProprio(t.app, { fimEmMs: 3_000 });
    const aberta = await guardada(url);
    expect(aberta.texto).not.toContain('Encerrado em');
    await esperar(3_100);
    // Its end has passed: rendered again, no longer open (nothing written yet).
    const pelaHora = await renderizada(url);
    expect(pelaHora.texto).toContain('Encerrado');
    await guardada(url);
    // The closing job records the result: the next view shows it.
    await encerrarLotesVencidos({ db: t.banco.db, hub: t.app.martelo.hub });
    const [{ situacao }] = await t.banco.db.select({ situacao: lote.situacao }).from(lote).where(eq(lote.id, loteId));
    expect(situacao).not.toBe('LIBERADO_LEILAO');
    const fechado = await renderizada(url);
    expect(fechado.texto).toContain(`"situacao":"${situacao}"`);
  });

  it('counts every view, kept or rendered', async () => {
    const { loteId, url } = await loteProprio();
    await t.app.martelo.busca.visualizacoes.descarregar();
    const ler = async () => (await t.banco.db.select({ n: lote.visualizacoes }).from(lote).where(eq(lote.id, loteId)))[0].n;
    const antes = await ler();
    await t.app.pedir(H, url);
    for (let i = 0; i < 4; i++) await guardada(url);
    await t.app.martelo.busca.visualizacoes.descarregar();
    // One rendered view and at least four kept ones (guardada may render once more before the page is kept).
    expect((await ler()) - antes).toBeGreaterThanOrEqual(5);
  });

  it('never answers a logged-in client with the kept page, nor keeps theirs', async () => {
    const { leilaoId, url } = await loteProprio();
    await guardada(url);
    const c = await criarCliente(t.banco.db, { nome: 'Heloísa Prudente Vasconcelos', leilaoId });
    const antes = t.app.martelo.paginasDeLote.servidas;
    const logado = await t.app.pedir(H, url, { headers: { cookie: `outro=1; ${c.cookie}` } });
    expect(logado.texto).toContain('Heloísa');
    expect((await t.app.pedir(H, url, { headers: c.auth })).status).toBe(200);
    expect(t.app.martelo.paginasDeLote.servidas).toBe(antes);
    const visitante = await guardada(url);
    expect(visitante.texto).not.toContain('Heloísa');
    expect(visitante.texto).toContain('"usuario":null');
  });

  it("gives each logged-in client their own bid panel and name, never another client's", async () => {
    const { leilaoId, loteId, url } = await loteProprio();
    await guardada(url);
    const ana = await criarCliente(t.banco.db, { nome: 'Ana Beatriz Quaresma', leilaoId });
    const bruno = await criarCliente(t.banco.db, { nome: 'Bruno Teixeira Galvão', leilaoId });
    const lance = await t.app.pedir(H, '/v1/lances', { method: 'POST', headers: ana.auth, corpo: { loteId, valor: 13_500_00 } });
    expect(lance.status).toBeLessThan(300);
    const daAna = (await t.app.pedir(H, url, { headers: { cookie: ana.cookie } })).texto;
    expect(daAna).toContain('Ana Beatriz');
    expect(daAna).toContain('"meu":{"valor":1350000');
    for (let i = 0; i < 2; i++) {
      const doBruno = (await t.app.pedir(H, url, { headers: { cookie: bruno.cookie } })).texto;
      expect(doBruno).toContain('Bruno Teixeira');
      expect(doBruno).not.toContain('Ana Beatriz');
      expect(doBruno).toContain('"meu":{"valor":null');
      expect(doBruno).toContain('13.500,00');
    }
    const visitante = await guardada(url);
    expect(visitante.texto).not.toMatch(/Ana Beatriz|Bruno Teixeira/);
    expect(visitante.texto).toContain('13.500,00');
  });

  it("never answers one brand's address with another brand's kept page", async () => {
    const { url } = await loteProprio();
    const daMarca1 = await guardada(url);
    expect(daMarca1.texto).toContain('"marca":{"id":1,');
    // The same address on brand 2 (a loja): its own answer, never brand 1's page or lot.
    for (let i = 0; i < 3; i++) {
      const naMarca2 = await t.app.pedir('h2.localhost', url);
      expect(naMarca2.status).not.toBe(200);
      expect(naMarca2.texto).not.toContain('"marca":{"id":1,');
    }
    // A lot of brand 2 kept on brand 2 is never brand 1's answer either.
    const l2 = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 2 });
    const r2 = await t.app.pedir('h2.localhost', `/anuncio/x/ano.0/${l2.loteId}`);
    expect(r2.status).toBe(301);
    const url2 = String(r2.headers.location);
    const pagina2 = await t.app.pedir('h2.localhost', url2);
    expect(pagina2.status).toBe(200);
    expect(pagina2.texto).toContain('"marca":{"id":2,');
    await t.app.pedir('h2.localhost', url2);
    const naMarca1 = await t.app.pedir(H, url2.replace(/^\/anuncio\//, '/leilao/'));
    expect(naMarca1.texto).not.toContain('"marca":{"id":2,');
    expect(naMarca1.status).not.toBe(200);
  });

  it('renders a query string (freight, simulator, message) afresh and never keeps it', async () => {
    const { url } = await loteProprio();
    const antes = t.app.martelo.paginasDeLote.servidas;
    for (let i = 0; i < 3; i++) expect((await t.app.pedir(H, `${url}?uf=SP`)).status).toBe(200);
    expect(t.app.martelo.paginasDeLote.servidas).toBe(antes);
  });
});

emDuasInstancias(
  () => t.banco,
  (d) => {
    it('a bid and an edit made through one instance are on the very next view of a page kept by the other', async () => {
      const { leilaoId, loteId, url } = await loteProprio(d.b);
      // A new instance keeps lot pages once it follows the feed: the brand's index in (slow on a loaded machine).
      expect(await d.b.martelo.busca.indice.prontaEm(1, 60_000)).toBe(true);
      expect((await guardada(url, d.b)).texto).not.toContain('11.000,00');
      const c = await criarCliente(t.banco.db, { leilaoId });
      const lance = await d.a.pedir(H, '/v1/lances', { method: 'POST', headers: c.auth, corpo: { loteId, valor: 11_000_00 } });
      expect(lance.status).toBeLessThan(300);
      expect((await renderizada(url, d.b)).texto).toContain('11.000,00');
      await guardada(url, d.b);
      await t.banco.db.update(lote).set({ descricao: 'Pneus novos' }).where(eq(lote.id, loteId));
      expect((await renderizada(url, d.b)).texto).toContain('Pneus novos');
    });
  },
);
