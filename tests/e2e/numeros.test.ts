import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { veiculo } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { entrarComoStaff } from '../staff';
import { navegadorDeTeste, contextoLogado, PASTA_SCREENSHOTS, vigiaDeErros } from './browser';

/*
 * Issue #28 item 3 in a browser (decision 123): numbers typed the Brazilian way are read as typed, in
 * the list's "Valor até" (with and without JavaScript, facets intact, no empty keys in the address)
 * and in the vehicle form's Km.
 */
const t = navegadorDeTeste();

const reais = (s: string) => Number(s.replace(/[^\d,]/g, '').replace(',', '.'));

/** What the list shows after "Valor até 60.000": cards within R$ 60.000,00, the chip, facets and a clean address. */
async function conferirAte60Mil(page: Page) {
  await page.waitForURL(/valor_max=/);
  const url = new URL(page.url());
  expect([...url.searchParams.entries()].filter(([, v]) => v === '')).toEqual([]);
  expect(url.search).not.toMatch(/ano_min|km_min|valor_min/);
  const chips = (await page.getByTestId('filtros-ativos').innerText()).replace(/\s+/g, ' ');
  expect(chips).toContain('Valor: até R$ 60.000');
  const valores = (await page.getByTestId('valor-card').allInnerTexts()).map(reais);
  expect(valores.length).toBeGreaterThan(0);
  for (const v of valores) expect(v).toBeLessThanOrEqual(60_000);
  expect(Number((await page.getByTestId('total-resultados').innerText()).replace(/\D/g, ''))).toBeGreaterThan(0);
  // Facets are still there to narrow the search further.
  expect(await page.getByTestId('faceta-marca').locator('a').count()).toBeGreaterThan(0);
  expect(await page.locator('[data-testid="form-faixas"] input[name="valor_max"]').inputValue()).toBe('60.000');
}

describe('Brazilian numbers in the browser', () => {
  it('"Valor até 60.000" lists lots up to R$ 60.000,00, with facets, and no empty keys in the address', async () => {
    const ctx = await t.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const { erros, vigiar } = vigiaDeErros();
    const page = vigiar(await ctx.newPage());
    await page.goto(`http://h1.localhost:${t.app.port}/leilao`, { waitUntil: 'networkidle' });
    await page.locator('[data-testid="form-faixas"] input[name="valor_max"]').fill('60.000');
    await page.getByRole('button', { name: 'Aplicar filtros' }).click();
    await conferirAte60Mil(page);
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}numeros-h1-valor-ate.png` });
    expect(erros).toEqual([]);
    await ctx.close();
  });

  it('does the same without JavaScript, on a phone', async () => {
    const ctx = await t.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await ctx.newPage();
    await page.goto(`http://h1.localhost:${t.app.port}/leilao`);
    await page.getByTestId('botao-filtros').click();
    await page.locator('[data-testid="form-faixas"] input[name="valor_max"]').fill('60.000,00');
    await page.locator('[data-testid="form-faixas"] button[type="submit"]').evaluate((b: HTMLButtonElement) => b.form!.requestSubmit(b));
    await page.waitForLoadState('load');
    await conferirAte60Mil(page);
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}numeros-h1-valor-ate-celular.png`, fullPage: false });
    await ctx.close();
  });

  it('the vehicle form takes Km "65.432" and shows it back as typed', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM], { nome: 'ADM Km' });
    const ctx = await contextoLogado(t.browser, adm.cookie, 1, { viewport: { width: 1366, height: 900 } });
    const { erros, vigiar } = vigiaDeErros();
    const page = vigiar(await ctx.newPage());
    const [v] = await t.banco.db.select({ uid: veiculo.uid }).from(veiculo).where(eq(veiculo.hotsiteId, 1)).limit(1);
    await page.goto(`http://h1.localhost:${t.app.port}/admin/veiculo/${v.uid}`, { waitUntil: 'networkidle' });
    await page.getByLabel('Km', { exact: true }).fill('65.432');
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.getByText('Salvo com sucesso').waitFor();
    expect(await page.locator('main').innerText()).not.toContain('Km deve estar entre');
    const [salvo] = await t.banco.db.select({ km: veiculo.km }).from(veiculo).where(eq(veiculo.uid, v.uid));
    expect(salvo.km).toBe(65_432);
    await page.reload({ waitUntil: 'networkidle' });
    expect(await page.getByLabel('Km', { exact: true }).inputValue()).toBe('65.432');
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}numeros-km.png` });
    expect(erros).toEqual([]);
    await ctx.close();
  });
});
