import { eq } from 'drizzle-orm';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { leilao, loteFoto } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarClienteDoAuditorio, criarLeilaoAoVivo } from '../aovivo';
import { entrarComoStaff } from '../staff';
import { navegadorDeTeste, contextoLogado, PASTA_SCREENSHOTS } from './browser';

/**
 * The auditorium puts the lot on the floor, its price and "Dar lance" in the first screen, on a desktop
 * and on a phone, whether or not the auction has a broadcast (#28 item 6).
 */
const t = navegadorDeTeste();

const erros: string[] = [];
function vigiar(page: Page) {
  page.on('pageerror', (e) => erros.push(e.message));
  // The video host is unreachable offline; that is not the page's error.
  page.on('console', (m) => m.type() === 'error' && !/ERR_NAME_NOT_RESOLVED|youtube|ERR_/i.test(m.text()) && erros.push(m.text()));
  return page;
}

const TELAS: Record<string, BrowserContextOptions> = {
  desktop: { viewport: { width: 1366, height: 900 } },
  celular: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
};

/** How far below the first screen an element ends (≤ 0: it is fully in the first screen). */
async function abaixoDaDobra(page: Page, alvo: Locator) {
  const caixa = await alvo.boundingBox();
  if (!caixa) throw new Error('elemento sem caixa');
  return caixa.y + caixa.height - page.viewportSize()!.height;
}

describe('the auditorium’s first screen', () => {
  it('shows the lot’s name, its price and the bid button without scrolling, on desktop and phone, with and without video', async () => {
    const { leilaoId, leilaoUid, loteIds } = await criarLeilaoAoVivo(t.banco.db, { lotes: 3 });
    await t.banco.db
      .update(leilao)
      .set({ nome: 'Leilão da Primeira Tela', data: new Date(Date.now() - 86_400_000), transmissaoUrl: null })
      .where(eq(leilao.id, leilaoId));
    await t.banco.db
      .insert(loteFoto)
      .values(loteIds.map((loteId) => ({ hotsiteId: 1, loteId, ordem: 1, url: '/catalogo/foto/carro.svg?cor=prata&n=1' })));
    const leiloeiro = await entrarComoStaff(t.banco.db, [P.LEILOEIRO], { nome: 'Leiloeiro Oficial' });
    const ana = await criarClienteDoAuditorio(t.banco.db, { leilaoId, nome: 'Ana Souza' });
    const base = `http://h1.localhost:${t.app.port}`;

    const painel = vigiar(await (await contextoLogado(t.browser, leiloeiro.cookie, 1, TELAS.desktop)).newPage());
    await painel.goto(`${base}/leiloeiro?leilao=${leilaoUid}`, { waitUntil: 'networkidle' });
    await painel.getByTestId('cmd-iniciar').click();
    await expect.poll(() => painel.getByTestId('situacao-leilao').innerText(), { timeout: 5_000 }).toBe('Ao vivo');
    await painel.getByTestId('pregao-001').click();

    const abaixo: string[] = [];
    for (const video of [null, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ']) {
      await t.banco.db.update(leilao).set({ transmissaoUrl: video }).where(eq(leilao.id, leilaoId));
      for (const [tela, opcoes] of Object.entries(TELAS)) {
        const ctx = await contextoLogado(t.browser, ana.cookie, 1, opcoes);
        const page = vigiar(await ctx.newPage());
        await page.goto(`${base}/auditorio/${leilaoUid}`, { waitUntil: 'networkidle' });
        const lote = page.getByTestId('lote-no-pregao');
        await expect.poll(() => lote.innerText(), { timeout: 5_000 }).toContain('VW Gol 1.0 2015');
        const nome = lote.getByRole('heading', { name: 'VW Gol 1.0 2015' });
        const preco = page.getByTestId('valor-atual');
        const botao = page.getByTestId('dar-lance');
        const caso = `${tela}, ${video ? 'com vídeo' : 'sem vídeo'}`;
        await page.screenshot({ path: `${PASTA_SCREENSHOTS}auditorio-primeira-tela-${tela}-${video ? 'video' : 'sem-video'}.png` });
        for (const [nomeDoAlvo, alvo] of Object.entries({ nome, preco, botao })) {
          const fora = await abaixoDaDobra(page, alvo);
          if (fora > 0) abaixo.push(`${caso}: ${nomeDoAlvo} termina ${Math.round(fora)} px abaixo da primeira tela`);
        }
        // The broadcast, when there is one, is still on the page; without it, a short note takes its place.
        await expect(page.getByTestId('video').count()).resolves.toBe(1);
        if (!video) await expect(page.getByTestId('video').innerText()).resolves.toContain('Transmissão indisponível');
        await ctx.close();
      }
    }
    expect(abaixo).toEqual([]);
    expect(erros).toEqual([]);
  }, 120_000);
});
