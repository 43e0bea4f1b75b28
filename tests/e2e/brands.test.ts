import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { navegadorDeTeste, PASTA_SCREENSHOTS } from './browser';

const t = navegadorDeTeste();

/** Chromium resolves every *.localhost name to loopback, as a developer's browser does. */
async function abrir(id: number, caminho = '/'): Promise<{ page: Page; status: number; erros: string[] }> {
  const page = await t.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const erros: string[] = [];
  page.on('pageerror', (e) => erros.push(e.message));
  page.on('console', (m) => {
    // The analytics script cannot load on a machine without internet; anything else is a real error.
    if (m.type() === 'error' && !m.text().includes('ERR_NAME_NOT_RESOLVED')) erros.push(m.text());
  });
  const resp = await page.goto(`http://h${id}.localhost:${t.app.port}${caminho}`, { waitUntil: 'load' });
  return { page, status: resp?.status() ?? 0, erros };
}

const corDe = (page: Page, seletor: string, prop: 'backgroundColor' | 'color' = 'backgroundColor') =>
  page
    .locator(seletor)
    .first()
    .evaluate((el, p) => getComputedStyle(el)[p], prop);

describe('two brands in a real browser', () => {
  it('shows Brasil Leilões (leilao) in its colours and auction wording', async () => {
    const { page, status, erros } = await abrir(1);
    expect(status).toBe(200);
    await expect(page.title()).resolves.toBe('Brasil Leilões');
    expect(await corDe(page, '[data-testid="botao-entrar"]')).toBe('rgb(11, 61, 145)');
    expect(await corDe(page, '[data-testid="rodape"]')).toBe('rgb(11, 61, 145)');
    expect(await corDe(page, '[data-testid="sessao-barra-aviso"] [role="note"]')).toBe('rgb(247, 162, 27)');
    const nav = await page.getByRole('navigation', { name: 'Principal' }).innerText();
    expect(nav).toContain('Lotes');
    expect(nav).toContain('Agenda de leilões');
    await expect(page.getByRole('link', { name: 'Lotes' }).first().getAttribute('href')).resolves.toBe('/leilao');
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}h1-inicio.png`, fullPage: true });
    expect(erros).toEqual([]);
    await page.close();
  });

  it('shows Repasse Auto (loja) in its colours and shop wording', async () => {
    const { page, status, erros } = await abrir(2);
    expect(status).toBe(200);
    await expect(page.title()).resolves.toBe('Repasse Auto');
    expect(await corDe(page, '[data-testid="botao-entrar"]')).toBe('rgb(15, 123, 74)');
    // Yellow secondary colour gets dark text, chosen from contrast.
    expect(await corDe(page, '[data-testid="sessao-barra-aviso"] [role="note"]', 'color')).toBe('rgb(29, 35, 48)');
    const nav = await page.getByRole('navigation', { name: 'Principal' }).innerText();
    expect(nav).toContain('Anúncios');
    expect(nav).toContain('Agenda de eventos');
    expect(nav).not.toContain('leilões');
    await expect(page.getByRole('link', { name: 'Anúncios' }).first().getAttribute('href')).resolves.toBe('/anuncio');
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}h2-inicio.png`, fullPage: true });
    expect(erros).toEqual([]);
    await page.close();
  });

  it('hydrates without errors and opens the realtime socket from the page (CSP allows it)', async () => {
    const { page, erros } = await abrir(14);
    const evento = await page.evaluate(
      () =>
        new Promise<string>((resolve, reject) => {
          const ws = new WebSocket(`ws://${location.host}/ws`);
          ws.onmessage = (e) => {
            resolve(JSON.parse(e.data).event);
            ws.close();
          };
          ws.onerror = () => reject(new Error('ws falhou'));
        }),
    );
    expect(evento).toBe('conectado');
    expect(erros).toEqual([]);
    // Client-side navigation after hydration: the footer's Regulamento opens the brand's rules page
    // inside the same shell, without reloading the document. Hydrated first (on a loaded machine a click
    // before hydration is a plain link, which reloads, as it should).
    await page.waitForFunction(
      () => (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized,
    );
    await page.evaluate(() => ((window as unknown as { __semRecarga: boolean }).__semRecarga = true));
    await page.getByRole('link', { name: 'Regulamento' }).click();
    await page.waitForURL(/\/regulamento$/);
    await expect.poll(() => page.getByText('3. Venda condicional').count()).toBe(1);
    await expect(page.getByTestId('cabecalho').count()).resolves.toBe(1);
    await expect(page.evaluate(() => (window as unknown as { __semRecarga?: boolean }).__semRecarga)).resolves.toBe(true);
    expect(erros).toEqual([]);
    await page.close();
  });

  it('answers an unknown path with the brand’s 404 page and status', async () => {
    const { page, status } = await abrir(20, '/nao-existe');
    expect(status).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Página não encontrada');
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}h20-404.png` });
    await page.close();
  });
});
