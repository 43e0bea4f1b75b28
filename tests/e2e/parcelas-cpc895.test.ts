import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leilao, proposta, vendaItem } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { entrarComoStaff } from '../staff';
import { contextoLogado, navegadorDeTeste, PASTA_SCREENSHOTS, vigiaDeErros, violacoes } from './browser';

/*
 * A CPC 895 sale paid instalment by instalment (decision 288) on the buyer's purchase page, in chromium: a
 * leilão brand and a loja brand, desktop and phone. Each line shows its state; the next one to pay comes open
 * with its own PIX QR code; the page keeps to the screen's width and passes axe.
 */
const t = navegadorDeTeste();
const { erros, vigiar } = vigiaDeErros();

async function vendaParcelada(hotsiteId: number, host: string) {
  const { loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db, { hotsiteId, minimo: 50_000_00 });
  await t.banco.db.update(leilao).set({ tipoOrigem: 'Judicial - TJSP' }).where(eq(leilao.id, leilaoId));
  const cliente = await criarCliente(t.banco.db, { hotsiteId, nome: 'Helena Prado', leilaoId });
  const r = await t.app.pedir(host, '/v1/propostas', {
    method: 'POST',
    headers: cliente.auth,
    corpo: { loteId, valor: 60_000_00, entrada: 15_000_00, parcelas: 6, telefone: '11987654321', email: 'helena@exemplo.com.br' },
  });
  expect(r.status, r.texto).toBe(201);
  const [p] = await t.banco.db.select().from(proposta).where(eq(proposta.loteId, loteId));
  const staff = await entrarComoStaff(t.banco.db, [P.LEILAO], { hotsiteId });
  const aceite = await t.app.pedir(host, `/admin/lotes/${loteId}`, {
    method: 'POST',
    headers: { cookie: staff.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    corpo: new URLSearchParams({ _acao: 'aceitar-proposta', proposta: p.uid }).toString(),
  });
  expect(aceite.status, aceite.texto.slice(0, 300)).toBe(200);
  const [item] = await t.banco.db.select().from(vendaItem).where(eq(vendaItem.loteId, loteId));
  return { vendaId: item.vendaId, cliente };
}

describe('the purchase page of a sale in instalments', () => {
  it.each([
    [1, 'h1.localhost', 'leilao', 'lote'],
    [2, 'h2.localhost', 'loja', 'anúncio'],
  ])('brand %i (%s, %s): each line with its state and its own payment, desktop and phone', async (hotsiteId, host, tipo, palavra) => {
    const { vendaId, cliente } = await vendaParcelada(hotsiteId, host);
    for (const [nome, viewport] of [
      ['desktop', { width: 1366, height: 900 }],
      ['celular', { width: 390, height: 844 }],
    ] as const) {
      const ctx = await contextoLogado(t.browser, cliente.cookie, hotsiteId, { viewport, bypassCSP: true });
      const page = vigiar(await ctx.newPage());
      await page.goto(`http://${host}:${t.app.port}/cliente/compras/${vendaId}`, { waitUntil: 'networkidle' });
      const cartao = page.getByTestId('parcelamento');
      await expect(cartao.locator('h2').innerText()).resolves.toContain(`Parcelamento do ${palavra}`);
      await expect(cartao.innerText()).resolves.toContain(`A comissão e as taxas do ${palavra} são pagas com a entrada.`);
      await expect(cartao.getByTestId('parcela-situacao').allInnerTexts()).resolves.toEqual(Array(7).fill('A vencer'));
      const blocos = cartao.getByTestId('pagar-parcela');
      await expect(blocos.count()).resolves.toBe(7);
      // The next line (the down payment) comes open with its PIX QR code; the others open on a tap.
      await expect(
        blocos
          .nth(0)
          .getByAltText(/QR code PIX da entrada/)
          .isVisible(),
      ).resolves.toBe(true);
      await expect(blocos.nth(1).getByTestId('pix-parcela').isVisible()).resolves.toBe(false);
      await blocos.nth(1).locator('summary').click();
      await expect(blocos.nth(1).getByTestId('pix-parcela').isVisible()).resolves.toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width + 1);
      expect(await violacoes(page)).toEqual([]);
      await cartao.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${PASTA_SCREENSHOTS}parcelas-cpc895-${tipo}-${nome}.png`, fullPage: nome === 'desktop' });
      await ctx.close();
    }
    expect(erros).toEqual([]);
  });
});
