import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { entrarComoStaff } from '../staff';
import { navegadorDeTeste, contextoLogado, vigiaDeErros } from './browser';

const t = navegadorDeTeste();

const { erros, vigiar } = vigiaDeErros();

/**
 * The header's chunk (hydrated on interaction, decision 091) held back 1.5 s, as on a slow phone
 * network; `pedido` settles when the page asks for it. A navigation started meanwhile finishes while
 * the header is still unhydrated.
 */
async function comCabecalhoLento(page: Page) {
  let avisar: () => void = () => {};
  const pedido = new Promise<void>((r) => (avisar = r));
  await page.route(/\/build\/_shared\/(cabecalho|rodape|filtros-lista)-[A-Z0-9]+\.js$/, async (rota) => {
    if (rota.request().url().includes('/cabecalho-')) avisar();
    await new Promise((r) => setTimeout(r, 1500));
    await rota.continue();
  });
  return { page: vigiar(page), pedido };
}

/** Follows `link` with a click that moves no pointer over the header, footer or filters. */
async function seguir(page: Page, seletor: string) {
  const link = page.locator(seletor).first();
  const destino = await link.getAttribute('href');
  expect(destino).toBeTruthy();
  await link.evaluate((a: HTMLAnchorElement) => a.click());
  await page.waitForURL((u) => u.pathname === destino);
  await page.waitForLoadState('networkidle');
}

/**
 * Decisions 091 and 095: the header, the footer and the list's filter column hydrate on interaction
 * (or on the first update that reaches them). A client-side navigation that ends while they are still
 * unhydrated must not make React give up their server HTML (error #421, "This Suspense boundary
 * received an update before it finished hydrating"): the header must stay on screen, with no error.
 */
describe('parts hydrated on interaction, in the browser', () => {
  it('a visitor opens a lot from the list while the header is still unhydrated (leilão and loja)', async () => {
    for (const [id, lista] of [
      [1, '/leilao'],
      [2, '/anuncio'],
    ] as const) {
      const { page, pedido } = await comCabecalhoLento(await t.browser.newPage({ viewport: { width: 1280, height: 900 } }));
      await page.goto(`http://h${id}.localhost:${t.app.port}${lista}`);
      await page.locator('[data-testid="card-lote"] h3 a').first().waitFor();
      await pedido;
      await seguir(page, '[data-testid="card-lote"] h3 a');
      await expect(page.getByTestId('cabecalho').isVisible()).resolves.toBe(true);
      await page.close();
    }
    expect(erros).toEqual([]);
  });

  it('staff follow a link of their own shell (no public header), then go back to the site and get its header', async () => {
    // Decision 128: the staff shell has no public header, so nothing there waits for the header's chunk.
    const adm = await entrarComoStaff(t.banco.db, [P.ADM], { nome: 'Ana ADM' });
    const { page, pedido } = await comCabecalhoLento(await (await contextoLogado(t.browser, adm.cookie, 1)).newPage());
    await page.goto(`http://h1.localhost:${t.app.port}/admin`);
    await seguir(page, 'main a[href^="/admin/"]:not([href*="?"])');
    await expect(page.getByTestId('topo-admin').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('cabecalho').count()).resolves.toBe(0);
    // "Ver o site": a client-side navigation into a page with the (slow) on-demand header.
    await page.getByRole('link', { name: 'Ver o site' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await pedido;
    await expect.poll(() => page.getByTestId('cabecalho').isVisible(), { timeout: 5_000 }).toBe(true);
    expect(erros).toEqual([]);
  });
});
