import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { criarCliente } from '../lances';
import { navegadorDeTeste, contextoLogado, PASTA_SCREENSHOTS } from './browser';

const t = navegadorDeTeste();

async function abrir(id: number, caminho: string): Promise<{ page: Page; erros: string[] }> {
  const page = await t.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const erros: string[] = [];
  page.on('pageerror', (e) => erros.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().includes('ERR_NAME_NOT_RESOLVED')) erros.push(m.text());
  });
  await page.goto(`http://h${id}.localhost:${t.app.port}${caminho}`, { waitUntil: 'networkidle' });
  return { page, erros };
}
const total = async (page: Page) => Number((await page.getByTestId('total-resultados').innerText()).replace(/\D/g, ''));
const ids = (page: Page) => page.locator('[data-testid="card-lote"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-lote-id')));

describe('catalogue in a real browser', () => {
  it('filtering by brand changes the URL, the count and the cards; back restores them; a card opens its lot', async () => {
    const { page, erros } = await abrir(1, '/leilao');
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}h1-lista.png` });
    const antes = { total: await total(page), ids: await ids(page) };
    expect(antes.ids).toHaveLength(30);

    const marca = page.getByTestId('faceta-marca').locator('a').first();
    const nomeMarca = (await marca.locator('span').first().innerText()).trim();
    await marca.click();
    await page.waitForURL(/marca=/);
    await page.waitForFunction(
      (n) => Number(document.querySelector('[data-testid="total-resultados"]')?.textContent?.replace(/\D/g, '')) !== n,
      antes.total,
    );
    expect(new URL(page.url()).searchParams.get('marca')).toBe(nomeMarca);
    const depois = { total: await total(page), ids: await ids(page) };
    expect(depois.total).toBeLessThan(antes.total);
    expect(depois.ids).not.toEqual(antes.ids);
    await expect(page.getByTestId('filtros-ativos').innerText()).resolves.toContain(nomeMarca);

    await page.goBack();
    await page.waitForFunction(
      (n) => Number(document.querySelector('[data-testid="total-resultados"]')?.textContent?.replace(/\D/g, '')) === n,
      antes.total,
    );
    await page.goForward();
    await page.waitForURL(/marca=/);
    await page.waitForFunction(
      (n) => Number(document.querySelector('[data-testid="total-resultados"]')?.textContent?.replace(/\D/g, '')) === n,
      depois.total,
    );

    const primeiro = page.locator('[data-testid="card-lote"] h3 a').first();
    const nome = (await primeiro.innerText()).trim();
    await primeiro.click();
    await page.waitForURL(/\/leilao\/.+\/ano\.\d+\/\d+$/);
    await expect(page.getByTestId('titulo-lote').innerText()).resolves.toBe(nome);
    await expect(page.getByTestId('total-pagar').isVisible()).resolves.toBe(true);
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}h1-lote.png`, fullPage: true });
    expect(erros).toEqual([]);
  });

  it('works without JavaScript: a facet link is a plain link', async () => {
    const ctx = await t.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(`http://h1.localhost:${t.app.port}/leilao`);
    const antes = await total(page);
    await page.getByTestId('faceta-uf').locator('a').first().click();
    await page.waitForURL(/uf=/);
    expect(await total(page)).toBeLessThan(antes);
    await ctx.close();
  });

  it('a client marks a lot as favourite from its card; a visitor is sent to the login', async () => {
    const cliente = await criarCliente(t.banco.db, { hotsiteId: 1, nome: 'Fabiana Reis' });
    const ctx = await contextoLogado(t.browser, cliente.cookie, 1, { viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    const erros: string[] = [];
    page.on('pageerror', (e) => erros.push(e.message));
    await page.goto(`http://h1.localhost:${t.app.port}/leilao`, { waitUntil: 'networkidle' });
    const card = page.locator('[data-testid="card-lote"]').nth(1);
    const nome = (await card.locator('h3 a').innerText()).trim();
    const coracao = card.getByTestId('botao-favorito');
    await expect(coracao.getAttribute('aria-pressed')).resolves.toBe('false');
    // Every state the heart shows from the click until the list has revalidated: it must go
    // straight to pressed and stay there, not blink back while the loaders run.
    await coracao.evaluate((el) => {
      const estados: string[] = [];
      (window as unknown as { estadosDoCoracao: string[] }).estadosDoCoracao = estados;
      new MutationObserver(() => estados.push(`${el.getAttribute('aria-pressed')} ${el.getAttribute('aria-label')}`)).observe(el, {
        attributes: true,
        attributeFilter: ['aria-pressed', 'aria-label'],
      });
    });
    const revalidou = page.waitForResponse(
      (r) => r.url().includes('/leilao') && r.request().method() === 'GET' && r.url().includes('_data='),
    );
    await coracao.click();
    await revalidou;
    await page.waitForLoadState('networkidle');
    const estados = await page.evaluate(() => (window as unknown as { estadosDoCoracao: string[] }).estadosDoCoracao);
    expect(new Set(estados)).toEqual(new Set(['true Remover dos favoritos']));
    await expect(coracao.getAttribute('aria-label')).resolves.toBe('Remover dos favoritos');
    // Still a favourite after a reload, and listed among the client's favourites.
    await page.reload({ waitUntil: 'networkidle' });
    await expect(page.locator('[data-testid="card-lote"]').nth(1).getByTestId('botao-favorito').getAttribute('aria-pressed')).resolves.toBe(
      'true',
    );
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}h1-lista-favorito.png` });
    await page.goto(`http://h1.localhost:${t.app.port}/cliente/favoritos`);
    await expect(page.getByTestId('favoritos').innerText()).resolves.toContain(nome);
    await ctx.close();

    // Without JavaScript the heart posts the grid's form and the list comes back with it filled.
    const semJs = await contextoLogado(t.browser, cliente.cookie, 1, { javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const p = await semJs.newPage();
    await p.goto(`http://h1.localhost:${t.app.port}/leilao?marca=Honda`);
    const terceiro = () => p.locator('[data-testid="card-lote"]').nth(2).getByTestId('botao-favorito');
    await expect(terceiro().getAttribute('aria-pressed')).resolves.toBe('false');
    await terceiro().click();
    await p.waitForURL(/mensagem=/);
    expect(new URL(p.url()).searchParams.get('marca')).toBe('Honda');
    await expect(terceiro().getAttribute('aria-pressed')).resolves.toBe('true');
    await semJs.close();

    const visitante = await abrir(1, '/leilao');
    await visitante.page.locator('[data-testid="card-lote"]').first().getByTestId('botao-favorito').click();
    await visitante.page.waitForURL(/\/login\?/);
    expect(new URL(visitante.page.url()).searchParams.get('redirectTo')).toBe('/leilao');
    expect([...erros, ...visitante.erros]).toEqual([]);
  });

  it('the loja brand shows /anuncio paths and shop wording', async () => {
    const { page, erros } = await abrir(2, '/anuncio');
    await expect(page.getByTestId('total-resultados').innerText()).resolves.toMatch(/anúncios encontrados/);
    const hrefs = await page.locator('[data-testid="card-lote"] h3 a').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.every((h) => h?.startsWith('/anuncio/'))).toBe(true);
    await expect(page.locator('[data-testid="card-lote"]').first().innerText()).resolves.toMatch(/Anúncio \d+/);
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}h2-lista.png` });
    await page.locator('[data-testid="card-lote"] h3 a').first().click();
    await page.waitForURL(/\/anuncio\/.+\/\d+$/);
    // The lot page of a loja speaks the shop's wording: its way back is a visible link to the ads list.
    const voltar = page.getByRole('link', { name: 'Voltar para os anúncios' });
    await voltar.waitFor({ state: 'visible', timeout: 5_000 });
    expect(await voltar.getAttribute('href')).toBe('/anuncio');
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}h2-lote.png`, fullPage: true });
    const home = await abrir(2, '/');
    await home.page.screenshot({ path: `${PASTA_SCREENSHOTS}h2-inicio.png`, fullPage: true });
    expect([...erros, ...home.erros]).toEqual([]);
  });
  it("an auction's list shows its habilitation box, fetched on demand: after a client-side navigation and on a fresh load", async () => {
    const { page, erros } = await abrir(1, '/leilao');
    expect(await page.getByTestId('habilitacao').count()).toBe(0);
    const faceta = page.getByTestId('faceta-leilao');
    await faceta.locator('summary').click();
    await faceta.locator('a').first().click();
    await page.waitForURL(/leilao=/);
    await page.getByTestId('habilitacao').waitFor();
    await expect(page.getByTestId('habilitacao-login').count()).resolves.toBe(1);
    await page.reload({ waitUntil: 'networkidle' });
    await expect(page.getByTestId('habilitacao-login').count()).resolves.toBe(1);
    expect(erros).toEqual([]);
    await page.close();
  });
});
