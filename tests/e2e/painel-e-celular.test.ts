import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lote } from '@db/schema';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { navegadorDeTeste, contextoLogado, PASTA_SCREENSHOTS, vigiaDeErros } from './browser';

/** The bid panel says what it sends, and a phone gets the bid, the filters and the menu on its first screen. */
const t = navegadorDeTeste();

const { erros, vigiar } = vigiaDeErros();
const CELULAR = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

describe('bid panel', () => {
  it('reads the typed amount on the button and flags one below the next accepted bid before sending', async () => {
    const { veiUid, leilaoId } = await criarLoteEmDisputa(t.banco.db, { minimo: 10_000_00, incremento: 500_00 });
    const c = await criarCliente(t.banco.db, { nome: 'Clara Dias', leilaoId });
    const page = vigiar(await (await contextoLogado(t.browser, c.cookie, 1)).newPage());
    await page.goto(`http://h1.localhost:${t.app.port}/lances/${veiUid}`, { waitUntil: 'networkidle' });
    const botao = page.getByTestId('botao-lance');
    await expect(botao.innerText()).resolves.toBe('Confirmar lance de R$\u00a010.000,00');
    await page.getByLabel(/Próximo lance/).fill('5.000');
    await expect(botao.innerText()).resolves.toBe('Confirmar lance de R$\u00a05.000,00');
    await expect(botao.isDisabled()).resolves.toBe(true);
    await expect(page.getByTestId('erro-valor-lance').innerText()).resolves.toBe(
      'Lance abaixo do próximo lance aceito: o valor mínimo agora é R$\u00a010.000,00',
    );
    await expect(page.getByLabel(/Próximo lance/).getAttribute('aria-invalid')).resolves.toBe('true');
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}lance-abaixo-do-proximo.png` });
    // Enter in the field sends nothing either.
    await page.getByLabel(/Próximo lance/).press('Enter');
    await page.waitForTimeout(300);
    await expect(page.getByTestId('historico').innerText()).resolves.toContain('Nenhum lance ainda.');

    await page.getByLabel(/Próximo lance/).fill('12.500');
    await expect(page.getByTestId('erro-valor-lance').count()).resolves.toBe(0);
    await expect(botao.innerText()).resolves.toBe('Confirmar lance de R$\u00a012.500,00');
    // No bid yet: the value shown is the starting one.
    await expect(page.getByTestId('painel-de-lances').innerText()).resolves.toContain('Lance inicial');
    await botao.click();
    await expect.poll(() => page.getByTestId('valor-atual').innerText(), { timeout: 5_000 }).toBe('R$\u00a012.500,00');
    await expect(page.getByTestId('mensagem-lance').innerText()).resolves.toBe('Lance registrado com sucesso');
    await expect(page.getByTestId('painel-de-lances').innerText()).resolves.toContain('Lance atual');
    await expect(page.getByLabel(/Próximo lance/).getAttribute('placeholder')).resolves.toBe('13.000,00');
    // A new, too low value: its error stands alone, the last bid's "registrado com sucesso" is gone.
    await page.getByLabel(/Próximo lance/).fill('1.000');
    await expect(page.getByTestId('erro-valor-lance').count()).resolves.toBe(1);
    await expect(page.getByTestId('mensagem-lance').count()).resolves.toBe(0);
    expect(erros).toEqual([]);
  });

  it('a lot past its end says it ended and offers no bid', async () => {
    const { veiUid, loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db);
    await t.banco.db
      .update(lote)
      .set({ dataFim: new Date(Date.now() - 60_000) })
      .where(eq(lote.id, loteId));
    const c = await criarCliente(t.banco.db, { leilaoId });
    const page = vigiar(await (await contextoLogado(t.browser, c.cookie, 1)).newPage());
    await page.goto(`http://h1.localhost:${t.app.port}/lances/${veiUid}`, { waitUntil: 'networkidle' });
    await expect(page.getByTestId('lote-fechado').innerText()).resolves.toContain('Disputa encerrada');
    await expect(page.getByTestId('botao-lance').count()).resolves.toBe(0);
    await expect(page.getByTestId('contagem').innerText()).resolves.not.toContain('00:00');
  });
});

describe('phone (390×844)', () => {
  it('shows the current bid, the countdown and the bid button on the first screen of a lot page', async () => {
    const { veiUid, leilaoId } = await criarLoteEmDisputa(t.banco.db, { minimo: 10_000_00 });
    const c = await criarCliente(t.banco.db, { leilaoId });
    const page = vigiar(await (await contextoLogado(t.browser, c.cookie, 1, CELULAR)).newPage());
    await page.goto(`http://h1.localhost:${t.app.port}/lances/${veiUid}`, { waitUntil: 'networkidle' });
    const barra = page.getByTestId('barra-lance-movel');
    const caixa = (await barra.boundingBox())!;
    expect(caixa.y + caixa.height).toBeLessThanOrEqual(844);
    await expect(barra.innerText()).resolves.toContain('R$\u00a010.000,00');
    await expect(barra.innerText()).resolves.toMatch(/\d{2}:\d{2}/);
    await page.getByTestId('barra-botao-lance').click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('valor');
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}celular-lote.png` });
  });

  it('on a lot sold only by buy-now or proposal, the bar offers the proposal, not a bid', async () => {
    const { veiUid, leilaoId } = await criarLoteEmDisputa(t.banco.db, { somenteBuyNowProposta: true });
    const c = await criarCliente(t.banco.db, { leilaoId });
    const page = vigiar(await (await contextoLogado(t.browser, c.cookie, 1, CELULAR)).newPage());
    await page.goto(`http://h1.localhost:${t.app.port}/lances/${veiUid}`, { waitUntil: 'networkidle' });
    await expect(page.getByTestId('barra-botao-lance').innerText()).resolves.toBe('Fazer proposta');
    await expect(page.getByTestId('barra-lance-movel').innerText()).resolves.toContain('Lance inicial');
  });

  it('keeps the filters in a closed drawer, the first lot on the first screen, and no "▶" by the menu icon', async () => {
    const page = vigiar(await (await t.browser.newContext(CELULAR)).newPage());
    await page.goto(`http://h1.localhost:${t.app.port}/leilao`, { waitUntil: 'networkidle' });
    await expect(page.getByTestId('filtros').isVisible()).resolves.toBe(false);
    const primeiro = (await page.locator('[data-lote-id]').first().boundingBox())!;
    expect(primeiro.y).toBeLessThan(844);
    await page.getByTestId('botao-filtros').click();
    await expect(page.getByTestId('filtros').isVisible()).resolves.toBe(true);
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}celular-filtros.png` });
    const marcador = await page.evaluate(() => {
      const s = document.querySelector('[data-testid="menu-movel"] > summary')!;
      return getComputedStyle(s).display;
    });
    expect(marcador).not.toBe('list-item');
    expect(erros).toEqual([]);
  });
});
