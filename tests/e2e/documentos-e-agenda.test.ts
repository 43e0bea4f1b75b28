import { describe, expect, it } from 'vitest';
import { criarCliente } from '../lances';
import { contextoLogado, navegadorDeTeste, PASTA_SCREENSHOTS, vigiaDeErros } from './browser';

/**
 * Issue #33 in a real browser: /documentos and the agenda's filters. The filters are a GET form, so they
 * work with JavaScript off and land in the address; a leilão brand on a desktop, a loja brand on a phone.
 */
const t = navegadorDeTeste();
const CELULAR = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

describe('documentos and the agenda filters in the browser', () => {
  it('leilão brand, desktop, no JavaScript: the board and a day filter from the form, in the address', async () => {
    const ctx = await t.browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`http://h1.localhost:${t.app.port}/documentos`);
    await expect(page.getByRole('heading', { name: 'Documentos para o cadastro' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('heading', { name: 'Editais e documentos dos leilões' }).isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('documentos-leilao').count()).resolves.toBeGreaterThan(0);
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}h1-documentos.png`, fullPage: true });

    await page.goto(`http://h1.localhost:${t.app.port}/agenda`);
    await page.getByLabel('Quadro com destaques').check();
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.waitForURL(/quadro=true/);
    await expect(page.getByTestId('grade-lotes').first().isVisible()).resolves.toBe(true);
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}h1-agenda-quadro.png` });

    await page.getByLabel('Dia').fill('1990-01-01');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.waitForURL(/data=1990-01-01/);
    await expect(page.getByTestId('agenda-vazia').innerText()).resolves.toBe('Nenhum leilão com estes filtros.');
    await ctx.close();
  });

  it('loja brand, phone: a client filters by favourites; a visitor is asked to log in', async () => {
    const { erros, vigiar } = vigiaDeErros();
    const ctx = await t.browser.newContext(CELULAR);
    const page = vigiar(await ctx.newPage());
    await page.goto(`http://h2.localhost:${t.app.port}/agenda?favoritos=true`, { waitUntil: 'networkidle' });
    await expect(page.getByTestId('agenda-entrar').innerText()).resolves.toContain('dos anúncios que você abriu');
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}h2-agenda-entrar-celular.png`, fullPage: true });
    await page.goto(`http://h2.localhost:${t.app.port}/documentos`, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { name: 'Documentos dos eventos' }).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}h2-documentos-celular.png`, fullPage: true });
    await ctx.close();

    const cliente = await criarCliente(t.banco.db, { hotsiteId: 2 });
    const logado = await contextoLogado(t.browser, cliente.cookie, 2, CELULAR);
    const p2 = vigiar(await logado.newPage());
    await p2.goto(`http://h2.localhost:${t.app.port}/agenda`, { waitUntil: 'networkidle' });
    await p2.getByLabel('Só com meus favoritos').check();
    await p2.getByRole('button', { name: 'Filtrar' }).click();
    await p2.waitForURL(/favoritos=true/);
    await expect(p2.getByTestId('agenda-vazia').innerText()).resolves.toBe('Nenhum evento com estes filtros.');
    await p2.screenshot({ path: `${PASTA_SCREENSHOTS}h2-agenda-favoritos-celular.png`, fullPage: true });
    await logado.close();
    expect(erros).toEqual([]);
  });
});
