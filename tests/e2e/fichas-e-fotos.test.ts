import { mkdirSync, readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leilao, lote, veiculo } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarLoteEmDisputa } from '../lances';
import { entrarComoStaff } from '../staff';
import { contextoLogado, navegadorDeTeste, PASTA_SCREENSHOTS, vigiaDeErros } from './browser';

/** The auction sheets and the photo models in a real browser, on both wordings and widths. */
const t = navegadorDeTeste();
const SHOTS = `${PASTA_SCREENSHOTS}fichas/`;
mkdirSync(SHOTS, { recursive: true });
const url = (id: number, caminho: string) => `http://h${id}.localhost:${t.app.port}${caminho}`;
const TELAS = {
  desktop: { viewport: { width: 1366, height: 900 } },
  celular: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
};

async function leilaoDeTeste(hotsiteId: number) {
  const { leilaoId, loteId } = await criarLoteEmDisputa(t.banco.db, {
    hotsiteId,
    minimo: 32_500_00,
    incremento: 500_00,
    valorComitente: 36_000_00,
  });
  const [l] = await t.banco.db.select().from(lote).where(eq(lote.id, loteId));
  await t.banco.db
    .update(veiculo)
    .set({
      placa: 'RIO2A18',
      chassi: '9BWAB45U0LT012345',
      anoFabricacao: 2019,
      anoModelo: 2020,
      cor: 'Branco',
      km: 54_210,
      possuiChave: false,
    })
    .where(eq(veiculo.id, l.veiculoId));
  await t.banco.db.update(lote).set({ nome: 'Toyota Corolla XEi 2.0 2020', numero: '017' }).where(eq(lote.id, loteId));
  const [le] = await t.banco.db.select().from(leilao).where(eq(leilao.id, leilaoId));
  return le;
}

describe('auction sheets in the browser', () => {
  it('the glass sheet prints only its cards, and the PDF downloads; the auctioneer sheet reads shop words on a loja brand', async () => {
    const { erros, vigiar } = vigiaDeErros();
    const le = await leilaoDeTeste(1);
    const patio = await entrarComoStaff(t.banco.db, [P.PATIO], { nome: 'Edson Pátio' });
    for (const [tela, opcoes] of Object.entries(TELAS)) {
      const ctx = await contextoLogado(t.browser, patio.cookie, 1, opcoes);
      const page = vigiar(await ctx.newPage());
      await page.goto(url(1, `/ficha-lotes-vidro/${le.uid}`), { waitUntil: 'networkidle' });
      const cartao = page.locator('article[data-lote="017"]');
      await cartao.waitFor();
      await expect(cartao.innerText()).resolves.toContain('Toyota Corolla XEi 2.0 2020');
      await expect(cartao.innerText()).resolves.toContain('Sem chave');
      await page.screenshot({ path: `${SHOTS}vidro-leilao-${tela}.png`, fullPage: true });
      if (tela === 'desktop') {
        // On paper: no site header, no buttons, the card alone.
        await page.emulateMedia({ media: 'print' });
        await expect(page.locator('header').first().isVisible()).resolves.toBe(false);
        await expect(page.getByTestId('imprimir-ficha').isVisible()).resolves.toBe(false);
        await expect(cartao.isVisible()).resolves.toBe(true);
        await page.screenshot({ path: `${SHOTS}vidro-leilao-impressao.png`, fullPage: true });
        await page.emulateMedia({ media: 'screen' });
        const [baixado] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pdf-da-ficha').click()]);
        expect(baixado.suggestedFilename()).toBe(`ficha-lotes-vidro-${le.uid}.pdf`);
        expect(
          readFileSync((await baixado.path())!)
            .subarray(0, 4)
            .toString(),
        ).toBe('%PDF');
      }
      await ctx.close();
    }

    const loja = await leilaoDeTeste(2);
    const adm = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId: 2 });
    for (const [tela, opcoes] of Object.entries(TELAS)) {
      const ctx = await contextoLogado(t.browser, adm.cookie, 2, opcoes);
      const page = vigiar(await ctx.newPage());
      await page.goto(url(2, `/ficha-leiloeiro/${loja.uid}`), { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: /Ficha do evento/ }).waitFor();
      const linha = page.locator('tr[data-lote="017"]');
      await expect(linha.innerText()).resolves.toMatch(/R\$\s32\.500,00/);
      await expect(page.getByRole('columnheader', { name: 'Oferta mínima' }).isVisible()).resolves.toBe(true);
      await page.screenshot({ path: `${SHOTS}leiloeiro-loja-${tela}.png`, fullPage: true });
      await ctx.close();
    }
    expect(erros).toEqual([]);
  });
});

describe('photo models in the browser', () => {
  it('ADM saves the shots of a type; the vehicle photo tab lists them as missing', async () => {
    const { erros, vigiar } = vigiaDeErros();
    for (const hotsiteId of [1, 2]) {
      const adm = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId, nome: 'Helena Operadora' });
      const ctx = await contextoLogado(t.browser, adm.cookie, hotsiteId, TELAS.desktop);
      const page = vigiar(await ctx.newPage());
      await page.goto(url(hotsiteId, '/admin/modelo-fotos-site'), { waitUntil: 'networkidle' });
      const form = page.locator('form[data-tipo="1"]');
      await form.locator('textarea').fill('Frente\nTraseira\nLateral esquerda\nPainel');
      await form.getByRole('button', { name: 'Salvar' }).click();
      await expect.poll(() => page.getByTestId('aviso-modelo-fotos').innerText()).toContain('salvo: 4 fotos obrigatórias');
      await page.screenshot({ path: `${SHOTS}modelo-fotos-h${hotsiteId}-desktop.png`, fullPage: true });

      const le = await leilaoDeTeste(hotsiteId);
      const [l] = await t.banco.db.select({ veiculoId: lote.veiculoId }).from(lote).where(eq(lote.leilaoId, le.id));
      const [v] = await t.banco.db.select({ uid: veiculo.uid }).from(veiculo).where(eq(veiculo.id, l.veiculoId));
      await page.goto(url(hotsiteId, `/admin/veiculo/${v.uid}?aba=fotos`), { waitUntil: 'networkidle' });
      await expect(page.getByTestId('fotos-obrigatorias').innerText()).resolves.toContain(
        'que faltam (4 de 4): Frente, Traseira, Lateral esquerda, Painel',
      );
      await ctx.close();

      const celular = await contextoLogado(t.browser, adm.cookie, hotsiteId, TELAS.celular);
      const cp = vigiar(await celular.newPage());
      await cp.goto(url(hotsiteId, '/admin/modelo-fotos-site'), { waitUntil: 'networkidle' });
      await cp.locator('form[data-tipo="1"] textarea').waitFor();
      await cp.screenshot({ path: `${SHOTS}modelo-fotos-h${hotsiteId}-celular.png` });
      await celular.close();
    }
    expect(erros).toEqual([]);
  });
});
