import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { banner, lote } from '@db/schema';
import { salvarBanner } from '~/modules/conteudo/banners.server';
import { encerrarLotesVencidos } from '~/modules/lances/encerramento.server';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { instanciaDeTeste } from '../server';

/**
 * A visitor's list page kept whole and answered before Remix (decision 093). What a visitor must
 * notice: nothing. The kept page changes as soon as anything it shows changes (a bid, a status, a lot
 * ending by the clock, the brand's banners), it is never another brand's or a logged-in client's,
 * and it carries the headers, nonce and request id a rendered page would.
 */
const t = instanciaDeTeste();
const H = 'h1.localhost';

const servidas = () => t.app.martelo.paginasDeVisitante.servidas;
const nonceDoCsp = (csp: string | string[] | undefined) => /'nonce-([^']+)'/.exec(String(csp))?.[1];
const noncesDoHtml = (html: string) => new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
const semPorPedido = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""').replace(/"requestId":"[^"]+"/g, '"requestId":""');
const cards = (html: string) => [...html.matchAll(/data-lote-id="(\d+)"/g)].map((m) => Number(m[1]));
/** The values a facet offers, as the page's loader data has them (sorted). */
const valoresDaFaceta = (html: string, campo: string) => {
  const lista = new RegExp(`"facetas":\\{.*?"${campo}":\\[([^\\]]*)\\]`).exec(html)?.[1] ?? '';
  return [...lista.matchAll(/"valor":"([^"]+)"/g)].map((m) => m[1]).sort();
};
const esperar = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A lot of its own on brand 1, found by a word of its name only it has. */
async function loteProprio(opcoes: Parameters<typeof criarLoteEmDisputa>[1] = {}) {
  const l = await criarLoteEmDisputa(t.banco.db, { minimo: 10_000_00, incremento: 500_00, ...opcoes });
  const palavra = `zq${randomUUID().slice(0, 8)}`;
  await t.banco.db
    .update(lote)
    .set({ nome: `VW Gol ${palavra}` })
    .where(eq(lote.id, l.loteId));
  return { ...l, url: `/leilao?q=${palavra}` };
}

/** Visits until the answer comes from the kept page (the first one renders it, a later one keeps it). */
async function guardada(url: string, host = H, headers?: Record<string, string>) {
  for (let i = 0; i < 5; i++) {
    const antes = servidas();
    const r = await t.app.pedir(host, url, { headers });
    expect(r.status).toBe(200);
    if (servidas() > antes) return r;
  }
  throw new Error(`${url} nunca foi servida da página guardada`);
}

describe('visitor list pages kept whole', () => {
  it('answers a repeated visit from the kept page: same page and headers, its own nonce and request id', async () => {
    const primeira = await t.app.pedir(H, '/leilao?uf=SP');
    const kept = await guardada('/leilao?uf=SP');
    const outra = await guardada('/leilao?uf=SP');
    for (const r of [kept, outra]) {
      const nonce = nonceDoCsp(r.headers['content-security-policy']);
      expect(nonce).toBeTruthy();
      expect([...noncesDoHtml(r.texto)]).toEqual([nonce]);
      expect(r.texto).toContain(`"requestId":"${r.headers['x-request-id']}"`);
    }
    expect(nonceDoCsp(kept.headers['content-security-policy'])).not.toBe(nonceDoCsp(outra.headers['content-security-policy']));
    expect(semPorPedido(kept.texto)).toBe(semPorPedido(primeira.texto));
    // The same headers as the rendered page (Vary, Cache-Control, security headers...), but the per-answer ones.
    const porPedido = new Set(['date', 'content-security-policy', 'x-request-id', 'content-length', 'transfer-encoding']);
    const cabecalhos = (h: Record<string, unknown>) => Object.entries(h).filter(([k]) => !porPedido.has(k));
    expect(cabecalhos(kept.headers)).toEqual(cabecalhos(primeira.headers));
  });

  it('a browser taking gzip gets the kept page compressed, with its own nonce and request id spliced in', async () => {
    const primeira = await t.app.pedir(H, '/leilao?uf=MG');
    const gzip = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const [a, b] = [await guardada('/leilao?uf=MG', H, gzip), await guardada('/leilao?uf=MG', H, gzip)];
    const htmls = [a, b].map((r) => {
      expect(r.headers['content-encoding']).toBe('gzip');
      expect(String(r.headers.vary)).toMatch(/accept-encoding/i);
      expect(Number(r.headers['content-length'])).toBe(r.bytes.length);
      // It went out compressed, not as the page's bytes.
      expect(r.bytes.length).toBeLessThan(primeira.texto.length / 2);
      const html = gunzipSync(r.bytes).toString('utf8');
      const nonce = nonceDoCsp(r.headers['content-security-policy']);
      expect([...noncesDoHtml(html)]).toEqual([nonce]);
      expect(html).toContain(`"requestId":"${r.headers['x-request-id']}"`);
      expect(semPorPedido(html)).toBe(semPorPedido(primeira.texto));
      return html;
    });
    expect(htmls[0]).not.toBe(htmls[1]);
    // gzip refused: the page's bytes, from the same kept page.
    const sem = await guardada('/leilao?uf=MG', H, { 'accept-encoding': 'gzip;q=0' });
    expect(sem.headers['content-encoding']).toBeUndefined();
    expect(semPorPedido(sem.texto)).toBe(semPorPedido(primeira.texto));
  });

  it('shows a bid on the next visit', async () => {
    const { leilaoId, loteId, url } = await loteProprio();
    expect((await guardada(url)).texto).not.toContain('12.500,00');
    const c = await criarCliente(t.banco.db, { leilaoId });
    const lance = await t.app.pedir(H, '/v1/lances', { method: 'POST', headers: c.auth, corpo: { loteId, valor: 12_500_00 } });
    expect(lance.status).toBeLessThan(300);
    // Visitors arriving together after the change (one renders, the others wait for it) all see it.
    const juntas = await Promise.all(Array.from({ length: 6 }, () => t.app.pedir(H, url)));
    for (const r of juntas) expect(r.texto).toContain('12.500,00');
    const c2 = await criarCliente(t.banco.db, { leilaoId });
    await t.app.pedir(H, '/v1/lances', { method: 'POST', headers: c2.auth, corpo: { loteId, valor: 13_000_00 } });
    const depois = await Promise.all(Array.from({ length: 6 }, () => t.app.pedir(H, url)));
    for (const r of depois) expect(r.texto).toContain('13.000,00');
  });

  it('follows a status change: a lot withdrawn leaves the page, released again it comes back', async () => {
    const { loteId, url } = await loteProprio();
    expect(cards((await guardada(url)).texto)).toEqual([loteId]);
    await t.banco.db.update(lote).set({ situacao: 'CADASTRADO' }).where(eq(lote.id, loteId));
    expect(cards((await t.app.pedir(H, url)).texto)).toEqual([]);
    expect(cards((await guardada(url)).texto)).toEqual([]);
    await t.banco.db.update(lote).set({ situacao: 'LIBERADO_LEILAO' }).where(eq(lote.id, loteId));
    expect(cards((await t.app.pedir(H, url)).texto)).toEqual([loteId]);
  });

  it('drops a lot whose end passes by the clock, with nothing written', async () => {
    const { loteId, url } = await loteProprio({ fimEmMs: 2_500 });
    expect(cards((await guardada(url)).texto)).toEqual([loteId]);
    await esperar(2_600);
    expect(cards((await t.app.pedir(H, url)).texto)).toEqual([]);
  });

  it('keeps serving a page when a lot it does not count ends, and drops a facet value whose only lot ended', async () => {
    // The page lists A (uf SP); C has the same word in another state: not a card, but counted in the
    // state facet (a facet is counted without its own filter). B has another word: on no number of the page.
    const a = await loteProprio();
    const palavra = new URL(a.url, 'http://x').searchParams.get('q')!;
    const url = `/leilao?q=${palavra}&uf=SP`;
    const c = await criarLoteEmDisputa(t.banco.db);
    await t.banco.db
      .update(lote)
      .set({ nome: `Fiat Uno ${palavra}`, localizacaoUf: 'RJ' })
      .where(eq(lote.id, c.loteId));
    const fimDeB = Date.now() + 3_000;
    const b = await loteProprio({ fimEmMs: 3_000 });
    const kept = await guardada(url);
    expect(cards(kept.texto)).toEqual([a.loteId]);
    expect(valoresDaFaceta(kept.texto, 'uf')).toEqual(['RJ', 'SP']);
    expect(cards((await t.app.pedir(H, b.url)).texto)).toEqual([b.loteId]);
    // B ends: the page did not count it, so it is still answered whole, unchanged.
    await esperar(Math.max(0, fimDeB - Date.now()) + 200);
    expect(cards((await t.app.pedir(H, b.url)).texto)).toEqual([]);
    const antes = servidas();
    const depoisDeB = await t.app.pedir(H, url);
    expect(servidas()).toBe(antes + 1);
    expect(semPorPedido(depoisDeB.texto)).toBe(semPorPedido(kept.texto));
    // C's end moved to 3 s from now: the page, kept again, still offers RJ until then.
    const fimDeC = Date.now() + 3_000;
    await t.banco.db
      .update(lote)
      .set({ dataFim: new Date(fimDeC) })
      .where(eq(lote.id, c.loteId));
    expect(valoresDaFaceta((await guardada(url)).texto, 'uf')).toEqual(['RJ', 'SP']);
    // C ends: the state facet no longer offers RJ, on the very next visit (by the clock, nothing written).
    await esperar(Math.max(0, fimDeC - Date.now()) + 200);
    const proxima = await t.app.pedir(H, url);
    expect(cards(proxima.texto)).toEqual([a.loteId]);
    expect(valoresDaFaceta(proxima.texto, 'uf')).toEqual(['SP']);
    // The lots whose end passed are closed (as the closing job does), which changes the brand's data:
    // visitors arriving together after it all see the page, and the others wait for one visitor's
    // render instead of each rendering. (A write of the brand during that render, e.g. the instance's
    // own closing job, makes the page unkeepable and lets them render too: at most one of them here.)
    await encerrarLotesVencidos({ db: t.banco.db, hub: t.app.martelo.hub });
    const antesDeC = servidas();
    const depoisDeC = await Promise.all(Array.from({ length: 6 }, () => t.app.pedir(H, url)));
    for (const r of depoisDeC) {
      expect(cards(r.texto)).toEqual([a.loteId]);
      expect(valoresDaFaceta(r.texto, 'uf')).toEqual(['SP']);
    }
    expect(servidas() - antesDeC).toBeGreaterThanOrEqual(4);
  });

  it('shows a banner as soon as it is saved, and one whose window opens when it opens', async () => {
    const url = '/leilao?uf=MG';
    const nome = `Banner ${randomUUID().slice(0, 8)}`;
    expect((await guardada(url)).texto).not.toContain(nome);
    const imagem = 'https://cdn.example.test/banner.png';
    const { id } = await salvarBanner({
      db: t.banco.db,
      hotsiteId: 1,
      entrada: { nome, posicaoBanner: 'lista-lotes', imagem, ativo: true },
      usuarioId: null,
    });
    await t.app.martelo.hotsites.hotsiteAlterado(1);
    expect((await t.app.pedir(H, url)).texto).toContain(nome);
    // Its window moved 2.5 s ahead: out of the page now, in again when it opens, with no event.
    await t.banco.db.execute(sql`update ${banner} set data_inicio = clock_timestamp() + interval '2500 milliseconds' where id = ${id}`);
    await t.app.martelo.hotsites.hotsiteAlterado(1);
    expect((await guardada(url)).texto).not.toContain(nome);
    await esperar(2_600);
    expect((await t.app.pedir(H, url)).texto).toContain(nome);
  });

  it('never hands one brand’s page to another host', async () => {
    const url = '/leilao?uf=RJ';
    const h1 = await guardada(url);
    const h2 = await t.app.pedir('h2.localhost', url);
    const nomeDaMarca = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
    expect(nomeDaMarca(h2.texto) ?? h2.headers.location).not.toBe(nomeDaMarca(h1.texto));
    expect(semPorPedido(h2.texto)).not.toBe(semPorPedido(h1.texto));
    // And brand 1 under a host spelled otherwise is a page of its own, built for that URL.
    const antes = servidas();
    expect((await t.app.pedir('H1.localhost', url)).status).toBe(200);
    expect(servidas()).toBe(antes);
  });

  it('never answers a logged-in client or a notice cookie with the kept page, nor keeps theirs', async () => {
    const url = '/leilao?uf=PR';
    await guardada(url);
    const c = await criarCliente(t.banco.db, { nome: 'Heloísa Prudente Vasconcelos' });
    const antes = servidas();
    const logado = await t.app.pedir(H, url, { headers: { cookie: `outro=1; ${c.cookie}` } });
    expect(logado.texto).toContain('Heloísa');
    expect(servidas()).toBe(antes);
    const bearer = await t.app.pedir(H, url, { headers: c.auth });
    expect(bearer.status).toBe(200);
    expect(servidas()).toBe(antes);
    // A one-shot notice (flash cookie) is someone's own page too.
    expect((await t.app.pedir(H, url, { headers: { cookie: 'martelo_aviso=x' } })).status).toBe(200);
    expect(servidas()).toBe(antes);
    const visitante = await guardada(url);
    expect(visitante.texto).not.toContain('Heloísa');
    expect(visitante.texto).toContain('"usuario":null');
  });
});
