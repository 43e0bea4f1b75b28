import { describe, expect, it } from 'vitest';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { entrarComoStaff } from '../staff';
import { navegadorDeTeste, contextoLogado, PASTA_SCREENSHOTS, vigiaDeErros } from './browser';

/** Staff work in their own shell, and no staff screen runs past the right edge of a desktop or a phone. */
const t = navegadorDeTeste();

const { erros, vigiar } = vigiaDeErros();
const TELAS = {
  desktop: { viewport: { width: 1366, height: 900 } },
  celular: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
};
const TELAS_LARGAS = ['/admin', '/admin/lotes', '/admin/relatorios-comitente', '/admin/vendas', '/admin/leiloes'];

describe('the staff area in the browser', () => {
  for (const hotsiteId of [1, 2]) {
    for (const [tela, opcoes] of Object.entries(TELAS)) {
      it(`brand ${hotsiteId}, ${tela}: own header, the menu, and wide tables scroll inside the page`, async () => {
        const adm = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId, nome: 'Paula Operadora' });
        const ctx = await contextoLogado(t.browser, adm.cookie, hotsiteId, opcoes);
        const page = vigiar(await ctx.newPage());
        const base = `http://h${hotsiteId}.localhost:${t.app.port}`;
        await page.goto(`${base}/admin`, { waitUntil: 'networkidle' });
        await expect(page.getByTestId('topo-admin').innerText()).resolves.toContain('Paula Operadora');
        await expect(page.getByTestId('cabecalho').count()).resolves.toBe(0);
        await expect(page.getByTestId('rodape').count()).resolves.toBe(0);
        await expect(page.getByTestId('pendencias').isVisible()).resolves.toBe(true);
        if (tela === 'celular') {
          await page.getByText('Menu', { exact: true }).click();
          await page
            .getByRole('navigation', { name: 'Área administrativa (celular)' })
            .getByRole('link', { name: 'Lotes', exact: true })
            .click();
        } else {
          await page.getByRole('navigation', { name: 'Área administrativa' }).getByRole('link', { name: 'Lotes', exact: true }).click();
        }
        await page.waitForURL(/\/admin\/lotes$/);
        const largas: string[] = [];
        for (const caminho of TELAS_LARGAS) {
          await page.goto(`${base}${caminho}`, { waitUntil: 'networkidle' });
          const { pagina, janela } = await page.evaluate(() => ({
            pagina: document.documentElement.scrollWidth,
            janela: window.innerWidth,
          }));
          if (pagina > janela) largas.push(`${caminho}: ${pagina} px numa janela de ${janela} px`);
          await page.screenshot({ path: `${PASTA_SCREENSHOTS}admin-h${hotsiteId}-${tela}${caminho.replaceAll('/', '-')}.png` });
        }
        expect(largas).toEqual([]);
        await ctx.close();
        expect(erros).toEqual([]);
      }, 60_000);
    }
  }
});
