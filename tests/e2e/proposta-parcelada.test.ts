import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leilao } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { entrarComoStaff } from '../staff';
import { navegadorDeTeste, contextoLogado, PASTA_SCREENSHOTS, vigiaDeErros } from './browser';

/**
 * Issue #34 (CPC 895, decision 230): on a judicial lot the lot page's proposal form offers "À vista" or
 * "Parcelado"; a refused instalment proposal is told beside its field, keeping what was typed, with or
 * without JavaScript; an accepted one shows ranked on the lot's back-office page.
 */
const t = navegadorDeTeste();
const { erros, vigiar } = vigiaDeErros();

describe('instalment proposal from the lot page', () => {
  it('a buyer proposes in instalments on a judicial lot and the staff sees it ranked after a cash one', async () => {
    const { veiUid, loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 1, minimo: 50_000_00 });
    await t.banco.db.update(leilao).set({ tipoOrigem: 'Judicial' }).where(eq(leilao.id, leilaoId));
    const ana = await criarCliente(t.banco.db, { hotsiteId: 1, nome: 'Ana Ribeiro', leilaoId });
    const bruno = await criarCliente(t.banco.db, { hotsiteId: 1, nome: 'Bruno Teixeira', leilaoId });
    const url = `http://h1.localhost:${t.app.port}/lances/${veiUid}`;

    // Without JavaScript: a down payment under 25 % comes back beside "Entrada", the typed values kept.
    const semJs = await contextoLogado(t.browser, ana.cookie, 1, { javaScriptEnabled: false });
    const q = await semJs.newPage();
    await q.goto(url, { waitUntil: 'load' });
    await q.getByLabel('Valor da proposta').fill('80.000,00');
    await q.getByLabel('Parcelado').check();
    await q.getByLabel('Entrada (R$)').fill('10.000,00');
    await q.getByLabel('Número de parcelas').fill('12');
    await q.getByLabel('Telefone').fill('(11) 98765-4321');
    await q.getByRole('button', { name: 'Enviar proposta' }).click();
    await q.waitForLoadState('load');
    await expect(q.getByTestId('erro-proposta-entrada').innerText()).resolves.toBe(
      'Proposta parcelada (CPC, art. 895, § 1º): a entrada precisa ser de pelo menos 25% do valor.',
    );
    await expect(q.getByLabel('Entrada (R$)').inputValue()).resolves.toBe('10.000,00');
    await expect(q.getByLabel('Valor da proposta').inputValue()).resolves.toBe('80.000,00');
    await expect(q.getByLabel('Número de parcelas').inputValue()).resolves.toBe('12');
    await expect(q.getByLabel('Parcelado').isChecked()).resolves.toBe(true);
    await semJs.close();

    // With JavaScript: 31 instalments are refused beside their field; 20.000,00 down and 30 instalments go.
    for (const [nome, viewport] of [
      ['desktop', { width: 1366, height: 900 }],
      ['celular', { width: 390, height: 844 }],
    ] as const) {
      const ctx = await contextoLogado(t.browser, ana.cookie, 1, { viewport });
      const p = vigiar(await ctx.newPage());
      await p.goto(url, { waitUntil: 'networkidle' });
      await p.getByLabel('Valor da proposta').fill('80.000,00');
      await p.getByLabel('Parcelado').check();
      await p.getByLabel('Entrada (R$)').fill('20.000,00');
      await p.getByLabel('Número de parcelas').fill('31');
      await p.getByLabel('Telefone').fill('(11) 98765-4321');
      await p.getByRole('button', { name: 'Enviar proposta' }).click();
      await expect.poll(() => p.getByTestId('erro-proposta-parcelas').innerText()).toContain('até 30 meses');
      await expect(p.getByLabel('Entrada (R$)').inputValue()).resolves.toBe('20.000,00');
      await p.screenshot({ path: `${PASTA_SCREENSHOTS}proposta-parcelada-erro-${nome}.png`, fullPage: true });
      if (nome === 'desktop') {
        await p.getByLabel('Número de parcelas').fill('30');
        await p.getByRole('button', { name: 'Enviar proposta' }).click();
        await expect.poll(() => p.getByTestId('mensagem-lance').innerText()).toBe('Proposta enviada com sucesso');
      }
      await ctx.close();
    }

    // A cash proposal of less comes first all the same (CPC 895 § 7º).
    const aVista = await t.app.pedir('h1.localhost', '/v1/propostas', {
      method: 'POST',
      headers: bruno.auth,
      corpo: { loteId, valor: 70_000_00, telefone: '11987654321', email: 'bruno@exemplo.com.br' },
    });
    expect(aVista.status).toBe(201);

    const staff = await entrarComoStaff(t.banco.db, [P.LEILAO]);
    const ctx = await contextoLogado(t.browser, staff.cookie, 1, { viewport: { width: 1366, height: 900 } });
    const s = vigiar(await ctx.newPage());
    await s.goto(`http://h1.localhost:${t.app.port}/admin/lotes/${loteId}`, { waitUntil: 'networkidle' });
    const lista = await s.getByTestId('propostas-cpc895').innerText();
    expect(lista.indexOf('Bruno Teixeira')).toBeGreaterThanOrEqual(0);
    expect(lista.indexOf('Ana Ribeiro')).toBeGreaterThan(lista.indexOf('Bruno Teixeira'));
    expect(lista).toContain('30 parcela(s)');
    expect(lista).toContain('R$\u00a020.000,00');
    await s.getByTestId('propostas-cpc895').screenshot({ path: `${PASTA_SCREENSHOTS}proposta-parcelada-staff.png` });
    expect(erros).toEqual([]);
    await ctx.close();
  });
});
