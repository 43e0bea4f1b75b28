import { eq } from 'drizzle-orm';

import { describe, expect, it } from 'vitest';
import { veiculo } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { entrarComoStaff } from '../staff';
import { navegadorDeTeste, contextoLogado, PASTA_SCREENSHOTS, vigiaDeErros } from './browser';

/*
 * Issue #13 in a browser (decisions 066, 067): ADM registers a deposit, finds the vehicle in the stock,
 * walks the vehicle form's tabs and creates a business unit, without page or console errors.
 */
const t = navegadorDeTeste();

describe('stock, deposits and vehicle tabs in the browser', () => {
  it('deposit → stock → vehicle tabs → business unit', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM], { nome: 'ADM Estoque' });
    const ctx = await contextoLogado(t.browser, adm.cookie, 1, { viewport: { width: 1366, height: 900 } });
    const { erros, vigiar } = vigiaDeErros();
    const page = vigiar(await ctx.newPage());
    const base = `http://h1.localhost:${t.app.port}`;
    const [v] = await t.banco.db.select({ uid: veiculo.uid, placa: veiculo.placa }).from(veiculo).where(eq(veiculo.hotsiteId, 1)).limit(1);

    await page.goto(`${base}/admin/deposito-bens`, { waitUntil: 'networkidle' });
    await page.getByLabel('Veículo (placa, chassi ou uid) *').fill(v.uid);
    await page.getByLabel('Pátio *').selectOption({ index: 1 });
    await page.getByLabel('Entregue por *').fill('Guincho Rápido Transportes');
    await page.getByLabel('Estado do bem na entrada').fill('Sem avarias aparentes');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/admin\/deposito-bens\/\d+$/);
    await page.getByTestId('lista-depositos').getByText('Guincho Rápido Transportes').first().waitFor();

    await page.goto(`${base}/admin/estoque?situacao=TODAS`, { waitUntil: 'networkidle' });
    const linhasEstoque = await page.getByTestId('lista-estoque').locator('tbody tr').count();
    expect(linhasEstoque).toBeGreaterThan(0);
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}estoque.png`, fullPage: true });

    for (const aba of ['patio', 'remocoes', 'venda-direta', 'relatorios', 'acessos', 'importacao-placa', 'detran', 'documentos']) {
      await page.goto(`${base}/admin/veiculo/${v.uid}?aba=${aba}`, { waitUntil: 'networkidle' });
      expect(await page.locator('nav[aria-label="Abas do veículo"] [aria-current="page"]').getAttribute('href')).toContain(`aba=${aba}`);
      expect(await page.locator('main').textContent()).not.toContain('Algo deu errado');
    }
    await page.goto(`${base}/admin/veiculo/${v.uid}?aba=patio`, { waitUntil: 'networkidle' });
    expect(await page.getByTestId('depositos-do-veiculo').textContent()).toContain('Guincho Rápido Transportes');

    await page.goto(`${base}/admin/unidades-negocio`, { waitUntil: 'networkidle' });
    await page.getByLabel('Nome *').fill('Leves Interior');
    await page.getByLabel('UF').fill('MG');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/admin\/unidades-negocio\/\d+$/);
    await page.getByTestId('lista-unidades').getByText('Leves Interior').waitFor();
    expect(erros).toEqual([]);
    await ctx.close();
  });
});
