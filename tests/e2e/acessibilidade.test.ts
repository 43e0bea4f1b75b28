import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { criarCliente } from '../lances';
import { entrarComoStaff } from '../staff';
import { navegadorDeTeste, PASTA_SCREENSHOTS, violacoes, type Violacao } from './browser';

/**
 * axe-core in Chromium on the pages a visitor, a client and an operator use, on an auction brand and a
 * shop brand, desktop and phone: no serious or critical violation (contrast, names, scrollable regions...).
 */
const t = navegadorDeTeste();

async function contexto(id: number, viewport: { width: number; height: number }, cookie?: string): Promise<BrowserContext> {
  // bypassCSP: the page's CSP (rightly) refuses the injected axe script.
  const ctx = await t.browser.newContext({ viewport, bypassCSP: true, isMobile: viewport.width < 500 });
  if (cookie) {
    const i = cookie.indexOf('=');
    await ctx.addCookies([{ name: cookie.slice(0, i), value: cookie.slice(i + 1), domain: `h${id}.localhost`, path: '/' }]);
  }
  return ctx;
}

const TELAS = [
  ['desktop', { width: 1366, height: 900 }],
  ['celular', { width: 390, height: 844 }],
] as const;

describe('accessibility (axe-core): no serious or critical violations', () => {
  for (const [id, lista] of [
    [1, '/leilao'],
    [2, '/anuncio'],
  ] as const) {
    for (const [tela, viewport] of TELAS) {
      it(`brand ${id}, ${tela}: home, list, lot page, login, cadastro, meus lances, hotsite editor, staff home and tables, auctioneer, auditorium`, async () => {
        const base = `http://h${id}.localhost:${t.app.port}`;
        const cliente = await criarCliente(t.banco.db, { hotsiteId: id, nome: 'Ana Souza' });
        const staff = await entrarComoStaff(t.banco.db, ['Interno - ADM'], { hotsiteId: id });
        const visitante = await contexto(id, viewport);
        const logado = await contexto(id, viewport, cliente.cookie);
        const operador = await contexto(id, viewport, staff.cookie);
        const page = await visitante.newPage();
        await page.goto(`${base}${lista}`);
        const lote = await page.locator('[data-testid="card-lote"] h3 a').first().getAttribute('href');
        expect(lote).toBeTruthy();

        const achados: Record<string, Violacao[]> = {};
        const paginas: [BrowserContext, string][] = [
          [visitante, '/'],
          [visitante, lista],
          [visitante, lote!],
          [visitante, '/login'],
          [visitante, '/cadastro'],
          [visitante, '/politica-de-privacidade'],
          [logado, '/cliente/meus-lances'],
          [operador, `/admin/hotsite/${id}`],
          // The staff shell and its home, a wide staff table, the auctioneer's panel and the auditorium.
          [operador, '/admin'],
          [operador, '/admin/relatorios-comitente'],
          [operador, '/admin/lotes'],
          [operador, '/leiloeiro'],
          [operador, '/auditorio'],
        ];
        for (const [ctx, caminho] of paginas) {
          const p = ctx === visitante ? page : await ctx.newPage();
          const r = await p.goto(`${base}${caminho}`, { waitUntil: 'load' });
          expect(r?.status(), caminho).toBe(200);
          // Not a login page in place of the client's or the operator's screen.
          expect(new URL(p.url()).pathname).toBe(caminho);
          const v = await violacoes(p);
          if (v.length) achados[caminho] = v;
          if (caminho === lote || caminho === '/') {
            await p.screenshot({ path: `${PASTA_SCREENSHOTS}axe-h${id}-${tela}-${caminho === '/' ? 'inicio' : 'lote'}.png` });
          }
        }
        expect(achados).toEqual({});
        await Promise.all([visitante.close(), logado.close(), operador.close()]);
      });
    }
  }
});
