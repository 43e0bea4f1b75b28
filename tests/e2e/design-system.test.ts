import { describe, expect, it } from 'vitest';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { entrarComoStaff } from '../staff';
import { navegadorDeTeste, PASTA_SCREENSHOTS, violacoes, vigiaDeErros } from './browser';

/**
 * /design-system (issue #33, decision 238) in Chromium, opened by a Dev on a leilão and a loja brand: every
 * brand's panels in both wordings, no serious or critical axe violation, screenshots on desktop and phone.
 */
const t = navegadorDeTeste();

describe('/design-system', () => {
  for (const id of [1, 2]) {
    for (const [tela, viewport] of [
      ['desktop', { width: 1366, height: 900 }],
      ['celular', { width: 390, height: 844 }],
    ] as const) {
      it(`brand ${id}, ${tela}: the components in every brand's theme and both wordings pass axe`, async () => {
        const dev = await entrarComoStaff(t.banco.db, [P.DEV], { hotsiteId: id });
        const ctx = await t.browser.newContext({ viewport, bypassCSP: true, isMobile: viewport.width < 500 });
        const i = dev.cookie.indexOf('=');
        await ctx.addCookies([{ name: dev.cookie.slice(0, i), value: dev.cookie.slice(i + 1), domain: `h${id}.localhost`, path: '/' }]);
        const { erros, vigiar } = vigiaDeErros();
        const page = vigiar(await ctx.newPage());
        const r = await page.goto(`http://h${id}.localhost:${t.app.port}/design-system`);
        expect(r?.status()).toBe(200);
        await expect.poll(() => page.getByRole('heading', { name: 'Design system', level: 1 }).isVisible()).toBe(true);
        const marcas = await page.getByTestId('marca-design-system').count();
        expect(marcas).toBeGreaterThanOrEqual(5);
        // Each brand: two wordings × two widths; the shop panels say Oferta where the auction ones say Lance.
        expect(await page.locator('[data-wording="loja"]').count()).toBe(marcas * 2);
        expect(await page.locator('[data-wording="loja"] button', { hasText: /^Oferta$/ }).count()).toBe(marcas * 2);
        expect(await page.locator('[data-wording="leilao"] button', { hasText: /^Lance$/ }).count()).toBe(marcas * 2);
        expect(await page.getByTestId('inventario').locator('tbody tr').count()).toBeGreaterThanOrEqual(55);
        expect(await violacoes(page)).toEqual([]);
        await page.screenshot({ path: `${PASTA_SCREENSHOTS}design-system-h${id}-${tela}.png` });
        await page.locator(`#marca-${id}`).screenshot({ path: `${PASTA_SCREENSHOTS}design-system-h${id}-${tela}-marca.png` });
        expect(erros).toEqual([]);
        await ctx.close();
      });
    }
  }
});
