import { describe, expect, it } from 'vitest';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { instanciaDeTeste } from '../server';

/**
 * Visitors' documents are rendered once per (URL, loader data) and reused (decision 085). What a
 * visitor must notice: nothing. Every answer carries its own nonce and request id, a change shows on
 * the next load, and no logged-in page is ever handed to somebody else.
 */
const t = instanciaDeTeste();
const H = 'h1.localhost';

const nonceDoCsp = (csp: string | string[] | undefined) => /'nonce-([^']+)'/.exec(String(csp))?.[1];
const noncesDoHtml = (html: string) => new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
const semPorPedido = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""').replace(/"requestId":"[^"]+"/g, '"requestId":""');

describe('rendered pages kept for visitors', () => {
  it('a repeated visit gets the same page with its own nonce (the CSP header’s) and its own request id', async () => {
    const a = await t.app.pedir(H, '/leilao?uf=SP');
    const b = await t.app.pedir(H, '/leilao?uf=SP');
    expect([a.status, b.status]).toEqual([200, 200]);
    for (const r of [a, b]) {
      const nonce = nonceDoCsp(r.headers['content-security-policy']);
      expect(nonce).toBeTruthy();
      // Every inline script carries this answer's nonce, or the browser would refuse to run it.
      expect([...noncesDoHtml(r.texto)]).toEqual([nonce]);
      expect(r.texto).toContain(`"requestId":"${r.headers['x-request-id']}"`);
    }
    expect(nonceDoCsp(a.headers['content-security-policy'])).not.toBe(nonceDoCsp(b.headers['content-security-policy']));
    expect(b.texto).not.toContain(String(a.headers['x-request-id']));
    expect(semPorPedido(b.texto)).toBe(semPorPedido(a.texto));
  });

  it('a bid shows on the next visit of the lot page (the page is rendered again when its data changes)', async () => {
    const { leilaoId, loteId } = await criarLoteEmDisputa(t.banco.db, { minimo: 10_000_00, incremento: 500_00 });
    const canonico = (await t.app.pedir(H, `/leilao/x/ano.2015/${loteId}`)).headers.location!;
    const antes = await t.app.pedir(H, canonico);
    expect(antes.status).toBe(200);
    expect((await t.app.pedir(H, canonico)).texto).not.toContain('12.500,00');
    const c = await criarCliente(t.banco.db, { leilaoId });
    const lance = await t.app.pedir(H, '/v1/lances', { method: 'POST', headers: c.auth, corpo: { loteId, valor: 12_500_00 } });
    expect(lance.status).toBeLessThan(300);
    const depois = await t.app.pedir(H, canonico);
    expect(depois.texto).toContain('12.500,00');
  });

  it('a logged-in page is never kept: a visitor after a client never sees the client’s name', async () => {
    const c = await criarCliente(t.banco.db, { nome: 'Marta Quintanilha Borges' });
    const logado = await t.app.pedir(H, '/leilao?uf=RJ', { headers: { cookie: c.cookie } });
    expect(logado.texto).toContain('Marta');
    const visitante = await t.app.pedir(H, '/leilao?uf=RJ');
    expect(visitante.status).toBe(200);
    expect(visitante.texto).not.toContain('Marta');
    expect(visitante.texto).toContain('"usuario":null');
  });
});
