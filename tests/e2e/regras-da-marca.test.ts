import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hotsite, leilao, proposta, vendaItem } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { entrarComoStaff } from '../staff';
import { contextoLogado, navegadorDeTeste, PASTA_SCREENSHOTS, violacoes, vigiaDeErros } from './browser';

/**
 * The brand's days without auctions and the buyer's deadline rules (decision 249), and a CPC 895 proposal
 * accepted into a sale the buyer sees with its schedule (decision 250), in Chromium on a leilão and a loja
 * brand, desktop and phone; each page passes axe and is photographed.
 */
const t = navegadorDeTeste();
const TELAS = [
  ['desktop', { width: 1366, height: 900 }],
  ['celular', { width: 390, height: 844 }],
] as const;

describe("the brand's rules in the browser", () => {
  for (const id of [1, 2]) {
    for (const [tela, viewport] of TELAS) {
      it(`brand ${id}, ${tela}: ADM adds a day and a suggested optional holiday, removes one, and saves the proof deadline`, async () => {
        await t.banco.db.update(hotsite).set({ datasSemLeilao: [], prazosComprador: {} }).where(eq(hotsite.id, id));
        const adm = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId: id });
        const ctx = await contextoLogado(t.browser, adm.cookie, id, { viewport, isMobile: viewport.width < 500, bypassCSP: true });
        const { erros, vigiar } = vigiaDeErros();
        const page = vigiar(await ctx.newPage());
        const base = `http://h${id}.localhost:${t.app.port}`;
        await page.goto(`${base}/admin/datas-sem-leilao?ano=2027`);
        await expect.poll(() => page.getByRole('heading', { name: 'Datas sem leilão', level: 1 }).isVisible()).toBe(true);

        await page.getByLabel('Data *').fill('2027-01-25');
        await page.getByRole('button', { name: 'Incluir data' }).click();
        await expect.poll(() => page.getByTestId('datas-sem-leilao').textContent()).toContain('25/01/2027');
        // An optional holiday the decree's check does not refuse (Corpus Christi, 27/05/2027), in one press.
        await page.getByRole('button', { name: /Incluir .*27\/05\/2027/ }).click();
        await expect.poll(() => page.getByTestId('datas-sem-leilao').textContent()).toContain('27/05/2027');
        expect(await page.getByTestId('feriados-sugeridos').textContent()).toContain('Já recusado pela regra');
        expect(await violacoes(page)).toEqual([]);
        await page.screenshot({ path: `${PASTA_SCREENSHOTS}datas-sem-leilao-h${id}-${tela}.png`, fullPage: true });
        await page.getByRole('button', { name: 'Remover 25/01/2027' }).click();
        await expect.poll(() => page.getByTestId('datas-sem-leilao').textContent()).not.toContain('25/01/2027');
        const [h] = await t.banco.db.select({ d: hotsite.datasSemLeilao }).from(hotsite).where(eq(hotsite.id, id));
        expect(h.d).toEqual(['2027-05-27']);

        await page.goto(`${base}/admin/prazos-comprador`);
        await page.getByLabel('Dias úteis após a data de pagamento *').fill('12');
        await page.getByRole('button', { name: 'Salvar prazos' }).click();
        await expect.poll(() => page.locator('body').textContent()).toContain('Informe um número inteiro de dias úteis entre 0 e 10');
        await page.getByLabel('Dias úteis após a data de pagamento *').fill('3');
        await page.getByRole('button', { name: 'Salvar prazos' }).click();
        await expect.poll(() => page.locator('body').textContent()).toContain('Prazos salvos');
        expect(await violacoes(page)).toEqual([]);
        await page.screenshot({ path: `${PASTA_SCREENSHOTS}prazos-comprador-h${id}-${tela}.png`, fullPage: true });
        // The refused value above answers 400, which the browser logs; nothing else may.
        expect(erros.filter((e) => !e.includes('status of 400'))).toEqual([]);
        await ctx.close();
      });
    }
  }

  it('staff accept an instalment proposal on the lot page; the buyer sees the schedule on the purchase page', async () => {
    const db = t.banco.db;
    const { loteId, leilaoId } = await criarLoteEmDisputa(db, { hotsiteId: 1, minimo: 50_000_00 });
    await db.update(leilao).set({ tipoOrigem: 'Judicial' }).where(eq(leilao.id, leilaoId));
    const [ana, bruno] = await Promise.all(
      ['Ana Ribeiro', 'Bruno Teixeira'].map((nome) => criarCliente(db, { hotsiteId: 1, nome, leilaoId })),
    );
    for (const [c, corpo] of [
      [ana, { valor: 90_000_00, entrada: 22_500_00, parcelas: 7 }],
      [bruno, { valor: 60_000_00, entrada: 15_000_00, parcelas: 12 }],
    ] as const) {
      const r = await t.app.pedir('h1.localhost', '/v1/propostas', {
        method: 'POST',
        headers: c.auth,
        corpo: { loteId, telefone: '11987654321', email: 'proposta@exemplo.com.br', ...corpo },
      });
      expect(r.status, r.texto).toBe(201);
    }
    const base = `http://h1.localhost:${t.app.port}`;
    const staff = await entrarComoStaff(db, [P.LEILAO], { nome: 'Gustavo Arantes' });
    const ctx = await contextoLogado(t.browser, staff.cookie, 1, { viewport: { width: 1366, height: 900 }, bypassCSP: true });
    const { erros, vigiar } = vigiaDeErros();
    const page = vigiar(await ctx.newPage());
    await page.goto(`${base}/admin/lotes/${loteId}`);
    await page.getByRole('button', { name: 'Aceitar a proposta de Ana Ribeiro' }).click();
    await expect.poll(() => page.locator('body').textContent()).toContain('Proposta aceita: a venda foi criada');
    await expect.poll(() => page.getByTestId('propostas-cpc895').textContent()).toContain('Recusada');
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}proposta-aceita-lote-desktop.png`, fullPage: true });
    expect((await db.select().from(proposta).where(eq(proposta.loteId, loteId))).map((p) => p.situacao).sort()).toEqual([
      'Aceita',
      'Recusada',
    ]);
    const [item] = await db.select().from(vendaItem).where(eq(vendaItem.loteId, loteId));

    for (const [tela, viewport] of TELAS) {
      const compra = await contextoLogado(t.browser, ana.cookie, 1, { viewport, isMobile: viewport.width < 500, bypassCSP: true });
      const p = vigiar(await compra.newPage());
      await p.goto(`${base}/cliente/compras/${item.vendaId}`);
      const cartao = p.getByTestId('parcelamento');
      await expect.poll(() => cartao.isVisible()).toBe(true);
      expect(await cartao.getByTestId('parcela').count()).toBe(8);
      expect(await cartao.getByTestId('parcela').first().textContent()).toMatch(/Entrada.*22\.500,00/);
      // 67.500,00 in 7: five of 9.642,86 and two of 9.642,85, adding up to the price.
      const linhas = await cartao.getByTestId('parcela').allTextContents();
      expect(linhas.filter((l) => l.includes('9.642,86'))).toHaveLength(5);
      expect(linhas.filter((l) => l.includes('9.642,85'))).toHaveLength(2);
      expect(await cartao.getByTestId('parcelamento-total').textContent()).toContain('90.000,00');
      expect(await violacoes(p)).toEqual([]);
      await cartao.screenshot({ path: `${PASTA_SCREENSHOTS}parcelamento-cpc895-h1-${tela}.png` });
      await p.screenshot({ path: `${PASTA_SCREENSHOTS}compra-parcelada-h1-${tela}.png`, fullPage: true });
      await compra.close();
    }
    expect(erros).toEqual([]);
    await ctx.close();
  });
});
