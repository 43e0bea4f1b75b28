import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { venda, vendaItem } from '@db/schema';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { contextoLogado, navegadorDeTeste, PASTA_SCREENSHOTS, vigiaDeErros } from './browser';

/*
 * The buyer's deadlines on the purchase page (issue #34 part 5), in chromium: a leilão brand and a loja brand,
 * desktop and phone. The countdown is drawn by the page after hydration with the browser's clock.
 */
const t = navegadorDeTeste();
const { erros, vigiar } = vigiaDeErros();

async function compra(hotsiteId: number, host: string) {
  const { loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db, { hotsiteId, compreJa: 52_500_00 });
  const cliente = await criarCliente(t.banco.db, { hotsiteId, nome: 'Beatriz Camargo', leilaoId });
  const r = await t.app.pedir(host, `/v1/lote/${loteId}/compre-ja`, { method: 'POST', headers: cliente.auth, corpo: {} });
  expect(r.status, r.texto).toBeLessThan(300);
  const [item] = await t.banco.db.select().from(vendaItem).where(eq(vendaItem.loteId, loteId));
  const [v] = await t.banco.db.select().from(venda).where(eq(venda.id, item.vendaId));
  return { v, cliente };
}

describe('the purchase page shows the deadlines', () => {
  it.each([
    [1, 'h1.localhost', 'leilao'],
    [2, 'h2.localhost', 'loja'],
  ])('brand %i (%s, %s): the timeline with its countdown, desktop and phone', async (hotsiteId, host, tipo) => {
    const { v, cliente } = await compra(hotsiteId, host);
    for (const [nome, viewport] of [
      ['desktop', { width: 1366, height: 900 }],
      ['celular', { width: 390, height: 844 }],
    ] as const) {
      const ctx = await contextoLogado(t.browser, cliente.cookie, hotsiteId, { viewport });
      const page = vigiar(await ctx.newPage());
      await page.goto(`http://${host}:${t.app.port}/cliente/compras/${v.id}`, { waitUntil: 'networkidle' });
      const prazos = page.getByTestId('prazos-da-compra');
      await expect.poll(() => prazos.locator('li').count()).toBe(4);
      await expect(prazos.locator('[data-prazo="pagamento"]').innerText()).resolves.toMatch(/faltam \d+ (dias?|h|min)/);
      await expect(prazos.locator('[data-prazo="transferencia"]').innerText()).resolves.toContain('ATPV-e');
      await page.getByTestId('prazos').scrollIntoViewIfNeeded();
      await page.screenshot({
        path: `${PASTA_SCREENSHOTS}prazos-da-compra-${tipo}-${nome}.png`,
        fullPage: nome === 'celular' ? false : true,
      });
      await ctx.close();
    }
    expect(erros).toEqual([]);
  });
});
