import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { leilao } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarClienteDoAuditorio, criarLeilaoAoVivo } from '../aovivo';
import { entrarComoStaff } from '../staff';
import { navegadorDeTeste, contextoLogado, PASTA_SCREENSHOTS } from './browser';

const t = navegadorDeTeste();

const erros: string[] = [];
function vigiar(page: Page) {
  page.on('pageerror', (e) => erros.push(e.message));
  // The demo video host is unreachable offline; that is not the page's error.
  page.on('console', (m) => m.type() === 'error' && !/ERR_NAME_NOT_RESOLVED|youtube|ERR_/i.test(m.text()) && erros.push(m.text()));
  return page;
}

describe('a live auction in the browser', () => {
  it('the auctioneer starts and calls a lot; two clients see it, bid, hear dou-lhe uma, duas and the hammer; the winner sees the lot won; chat reaches the other', async () => {
    const { leilaoId, leilaoUid } = await criarLeilaoAoVivo(t.banco.db, { lotes: 3 });
    // Dated yesterday: the seed has its own live auction at 10:00 today, and /auditorio opens the earliest live one.
    await t.banco.db
      .update(leilao)
      .set({ nome: 'Leilão Ao Vivo de Teste', data: new Date(Date.now() - 86_400_000) })
      .where(eq(leilao.id, leilaoId));
    const leiloeiro = await entrarComoStaff(t.banco.db, [P.LEILOEIRO], { nome: 'Leiloeiro Oficial' });
    const ana = await criarClienteDoAuditorio(t.banco.db, { leilaoId, nome: 'Ana Souza' });
    const beto = await criarClienteDoAuditorio(t.banco.db, { leilaoId, nome: 'Beto Lima' });
    const base = `http://h1.localhost:${t.app.port}`;

    const painel = vigiar(
      await (await contextoLogado(t.browser, leiloeiro.cookie, 1, { viewport: { width: 1366, height: 900 } })).newPage(),
    );
    await painel.goto(`${base}/leiloeiro?leilao=${leilaoUid}`);
    await painel.waitForLoadState('networkidle');
    await painel.getByTestId('cmd-iniciar').click();
    await expect.poll(() => painel.getByTestId('situacao-leilao').innerText(), { timeout: 5_000 }).toBe('Ao vivo');

    const pa = vigiar(await (await contextoLogado(t.browser, ana.cookie, 1, { viewport: { width: 1366, height: 900 } })).newPage());
    const pb = vigiar(
      await (await contextoLogado(t.browser, beto.cookie, 1, { viewport: { width: 390, height: 844 }, isMobile: true })).newPage(),
    );
    await Promise.all([pa.goto(`${base}/auditorio/${leilaoUid}`), pb.goto(`${base}/auditorio`)]);
    await Promise.all([pa.waitForLoadState('networkidle'), pb.waitForLoadState('networkidle')]);
    for (const p of [pa, pb]) await expect(p.getByTestId('lote-no-pregao').innerText()).resolves.toContain('Aguardando o leiloeiro');

    // A lot on the floor: both auditoriums show it at once, large, with its countdown.
    await painel.getByTestId('pregao-001').click();
    for (const p of [pa, pb]) {
      await expect.poll(() => p.getByTestId('lote-no-pregao').innerText(), { timeout: 5_000 }).toContain('VW Gol 1.0 2015');
      await expect.poll(() => p.getByTestId('contagem').innerText(), { timeout: 5_000 }).toMatch(/^0[12]:\d\d$/);
    }
    await expect.poll(() => pa.getByTestId('latencia').innerText(), { timeout: 5_000 }).toMatch(/^Atraso: \d+ ms$/);

    // They bid: Ana, then Beto; each sees the other's bid live.
    await pa.getByTestId('dar-lance').click();
    await expect.poll(() => pb.getByTestId('valor-atual').innerText(), { timeout: 5_000 }).toBe('R$\u00a010.000,00');
    await pb.getByTestId('dar-lance').click();
    await expect.poll(() => pa.getByTestId('valor-atual').innerText(), { timeout: 5_000 }).toBe('R$\u00a010.500,00');
    await pa.getByTestId('dar-lance').click();
    await expect.poll(() => pb.getByTestId('valor-atual').innerText(), { timeout: 5_000 }).toBe('R$\u00a011.000,00');

    // Chat: Beto writes, Ana reads it (as text).
    await pb.getByLabel('Mensagem').fill('Boa sorte a todos <3');
    await pb.getByRole('button', { name: 'Enviar' }).click();
    await expect.poll(() => pa.getByTestId('chat').innerText(), { timeout: 5_000 }).toContain('Beto L. Boa sorte a todos <3');
    await expect.poll(() => painel.getByTestId('chat-moderado').innerText(), { timeout: 5_000 }).toContain('Boa sorte a todos');

    // Dou-lhe uma, dou-lhe duas: everyone sees each call.
    await painel.getByTestId('cmd-doulhe-uma').click();
    for (const p of [pa, pb]) await expect.poll(() => p.getByTestId('chamada').innerText(), { timeout: 5_000 }).toBe('Dou-lhe uma!');
    await painel.getByTestId('cmd-doulhe-duas').click();
    for (const p of [pa, pb]) await expect.poll(() => p.getByTestId('chamada').innerText(), { timeout: 5_000 }).toBe('Dou-lhe duas!');
    await pa.screenshot({ path: `${PASTA_SCREENSHOTS}aovivo-auditorio-desktop.png`, fullPage: true });
    await pb.screenshot({ path: `${PASTA_SCREENSHOTS}aovivo-auditorio-celular.png`, fullPage: true });
    await painel.screenshot({ path: `${PASTA_SCREENSHOTS}aovivo-leiloeiro-desktop.png`, fullPage: true });

    // The hammer: sold, shown to everyone; Ana (the highest bid, no seller value) is told she won.
    await painel.getByTestId('cmd-martelo').click();
    for (const p of [pa, pb]) await expect.poll(() => p.getByTestId('chamada').innerText(), { timeout: 5_000 }).toBe('Vendido!');
    await expect
      .poll(() => pa.getByTestId('arrematado').innerText(), { timeout: 5_000 })
      .toBe('Você arrematou o lote 001 (VW Gol 1.0 2015) por R$\u00a011.000,00!');
    await expect(pb.getByTestId('arrematado').count()).resolves.toBe(0);
    await pa.screenshot({ path: `${PASTA_SCREENSHOTS}aovivo-vendido-desktop.png`, fullPage: true });

    // Opening a lot from the carousel sets ?anuncioUid= and stays on the auditorium.
    await pb
      .getByRole('link', { name: /Lote 002/ })
      .first()
      .click();
    await expect.poll(() => new URL(pb.url()).searchParams.get('anuncioUid'), { timeout: 5_000 }).not.toBeNull();
    expect(new URL(pb.url()).pathname).toBe('/auditorio');
    await expect(pb.getByTestId('lote-aberto').innerText()).resolves.toContain('Chevrolet Onix 2');
    await pb.screenshot({ path: `${PASTA_SCREENSHOTS}aovivo-carrossel-celular.png`, fullPage: true });
    expect(erros).toEqual([]);
  }, 90_000);

  it('a visitor is sent to the login; the panel is staff only', async () => {
    const ctx = await t.browser.newContext();
    const p = await ctx.newPage();
    await p.goto(`http://h1.localhost:${t.app.port}/auditorio`);
    expect(new URL(p.url()).pathname).toBe('/login');
    const r = await t.app.pedir('h1.localhost', '/leiloeiro');
    expect(r.status).toBe(302);
    await ctx.close();
  });
});
