import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { entrarComoStaff } from '../staff';
import { contextoLogado, navegadorDeTeste, PASTA_SCREENSHOTS } from './browser';

/** The brand's notification screens in a real browser: configure, preview and save an event; set the signature. */
const t = navegadorDeTeste();
const SHOTS = `${PASTA_SCREENSHOTS}notificacoes-equipe/`;
mkdirSync(SHOTS, { recursive: true });
const url = (id: number, caminho: string) => `http://h${id}.localhost:${t.app.port}${caminho}`;
const TELAS = {
  desktop: { viewport: { width: 1366, height: 900 } },
  celular: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
};

describe('the staff notification screens', () => {
  it.each([
    [1, 'leilao'],
    [2, 'loja'],
  ] as const)('MKT on brand %i (%s) previews and saves a notice, then sets the e-mail signature', async (marca, tipo) => {
    const mkt = await entrarComoStaff(t.banco.db, [P.MKT], { hotsiteId: marca, nome: 'Lívia Fontana' });
    for (const [tela, opcoes] of Object.entries(TELAS)) {
      const ctx = await contextoLogado(t.browser, mkt.cookie, marca, opcoes);
      const page = await ctx.newPage();
      await page.goto(url(marca, '/admin/notificacoes'), { waitUntil: 'networkidle' });
      await expect
        .poll(() => page.getByTestId('lista-notificacoes').innerText())
        .toContain(tipo === 'loja' ? 'Sua compra foi confirmada' : 'Você arrematou o lote');
      await page.screenshot({ path: `${SHOTS}${tipo}-lista-${tela}.png`, fullPage: tela === 'desktop' });
      await ctx.close();
    }

    const ctx = await contextoLogado(t.browser, mkt.cookie, marca, TELAS.desktop);
    const page = await ctx.newPage();
    await page.goto(url(marca, '/admin/notificacoes'), { waitUntil: 'networkidle' });
    await page.locator('tr[data-evento="arrematado"]').getByRole('link', { name: 'Configurar' }).click();
    await page.getByRole('heading', { level: 1 }).waitFor();
    const titulo = page.locator(`input[name="${tipo === 'loja' ? 'tituloLoja' : 'tituloLeilao'}"]`);
    await titulo.fill('Parabéns pela compra de {{lote}}');
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    await expect
      .poll(() => page.locator(`[data-redacao="${tipo}"]`).innerText())
      .toContain('Parabéns pela compra de Fiat Strada Freedom 1.3 2022');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Notificação salva.').waitFor();
    await page.screenshot({ path: `${SHOTS}${tipo}-configurar-desktop.png`, fullPage: true });

    // A bad text is refused beside its field, in pt-BR, keeping what was typed.
    await titulo.fill('<b>oi</b>');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Use só texto, sem os sinais < e >').waitFor();
    await expect(titulo.inputValue()).resolves.toBe('<b>oi</b>');

    await page.goto(url(marca, '/admin/notificacoes'), { waitUntil: 'networkidle' });
    await expect(page.locator('tr[data-evento="arrematado"]').innerText()).resolves.toContain('Próprio da marca');

    await page.goto(url(marca, '/admin/assinatura-email'), { waitUntil: 'networkidle' });
    await page.locator('textarea[name="texto"]').fill('<p>Equipe de atendimento</p>\nSAC 0800 000 0000');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Assinatura salva.').waitFor();
    await expect.poll(() => page.getByTestId('assinatura-exibida').innerText()).toMatch(/Equipe de atendimento\s+SAC 0800 000 0000/);
    await expect(page.getByTestId('assinatura-exibida').innerText()).resolves.not.toContain('<p>');
    await page.screenshot({ path: `${SHOTS}${tipo}-assinatura-desktop.png`, fullPage: true });
    await ctx.close();

    const cel = await contextoLogado(t.browser, mkt.cookie, marca, TELAS.celular);
    const cp = await cel.newPage();
    await cp.goto(url(marca, '/admin/configurar-notificacoes/arrematado'), { waitUntil: 'networkidle' });
    await cp.getByTestId('previa-notificacao').waitFor();
    await cp.screenshot({ path: `${SHOTS}${tipo}-configurar-celular.png`, fullPage: true });
    await cel.close();
  });
});
