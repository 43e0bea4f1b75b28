import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { leilao } from '@db/schema';
import { criarCanal, iniciarTransmissao } from '~/modules/aovivo/transmissao.server';
import { criarModelo } from '~/modules/aovivo/sinais.server';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarClienteDoAuditorio, criarLeilaoAoVivo } from '../aovivo';
import { entrarComoStaff } from '../staff';
import { conectarWs } from '../ws';
import { contextoLogado, navegadorDeTeste, PASTA_SCREENSHOTS } from './browser';

const t = navegadorDeTeste();

const erros: string[] = [];
function vigiar(page: Page) {
  page.on('pageerror', (e) => erros.push(e.message));
  // The demo video hosts are unreachable offline; that is not the page's error.
  page.on('console', (m) => m.type() === 'error' && !/ERR_NAME_NOT_RESOLVED|youtube|ERR_/i.test(m.text()) && erros.push(m.text()));
  return page;
}

/*
 * Issue #33 (decisions 265-267): staff act on /admin/transmissao and a client's open auditorium changes
 * at once, without a reload: a saved message appears, the video switches to the channel put on air, and
 * "refresh main player" remounts the player.
 */
describe("staff's broadcast signals reach a viewer's auditorium", () => {
  it('a template sent, a channel put on air and the player reloaded, each seen live by the client', async () => {
    const { leilaoId, leilaoUid } = await criarLeilaoAoVivo(t.banco.db, { lotes: 2 });
    await t.banco.db
      .update(leilao)
      .set({ nome: 'Leilão dos Sinais', data: new Date(Date.now() - 86_400_000), transmissaoUrl: null })
      .where(eq(leilao.id, leilaoId));
    const adm = await entrarComoStaff(t.banco.db, [P.ADM], { nome: 'Helena Operadora' });
    const cliente = await criarClienteDoAuditorio(t.banco.db, { leilaoId, nome: 'Ana Souza' });
    for (const [nome, video] of [
      ['Câmera do pátio', 'PATIOabc123'],
      ['Câmera do leiloeiro', 'LEILOEIRO12'],
    ]) {
      const c = await criarCanal({
        db: t.banco.db,
        hotsiteId: 1,
        entrada: { nome, disponivel: true, leilaoUid, templateUid: '6f1d2c1e-0000-4000-8000-000000000001' },
      });
      await iniciarTransmissao({
        db: t.banco.db,
        hotsiteId: 1,
        usuarioId: adm.id,
        entrada: {
          urlRmtp: `https://www.youtube.com/watch?v=${video}`,
          leilaoUid,
          videoAtivo: true,
          audioAtivo: false,
          posicaoTemplate: 0,
          canalTransmissaoUid: c.canalTransmissaoUid,
        },
      });
    }
    const base = `http://h1.localhost:${t.app.port}`;

    const espectador = vigiar(
      await (await contextoLogado(t.browser, cliente.cookie, 1, { viewport: { width: 390, height: 844 }, isMobile: true })).newPage(),
    );
    await espectador.goto(`${base}/auditorio/${leilaoUid}`);
    await espectador.waitForLoadState('networkidle');
    await expect(espectador.getByTestId('video').innerText()).resolves.toContain('Transmissão indisponível');

    const staff = vigiar(await (await contextoLogado(t.browser, adm.cookie, 1, { viewport: { width: 1366, height: 900 } })).newPage());
    await staff.goto(`${base}/admin/transmissao/${leilaoUid}`);
    await staff.waitForLoadState('networkidle');

    // A saved message, then sent: the client's auditorium shows it.
    await staff.getByLabel('Nome da mensagem').fill('Intervalo');
    await staff.getByLabel('Texto que os espectadores leem').fill('Intervalo de 10 minutos: o pregão recomeça às 15h.');
    await staff.getByRole('button', { name: 'Salvar mensagem' }).click();
    await expect.poll(() => staff.getByTestId('transmissao-aviso').innerText(), { timeout: 10_000 }).toContain('Modelo "Intervalo" salvo');
    await staff.getByRole('button', { name: 'Enviar aos espectadores' }).click();
    await expect
      .poll(() => espectador.getByTestId('aviso-transmissao').innerText(), { timeout: 10_000 })
      .toContain('Intervalo de 10 minutos: o pregão recomeça às 15h.');

    // The player's frame, or null while none is drawn (before a channel is on air, or mid-switch).
    const srcDoPlayer = () =>
      espectador
        .locator('[data-testid="video"] iframe')
        .getAttribute('src', { timeout: 1_000 })
        .catch(() => null);
    // A channel on air: the client's player switches to it.
    await staff
      .getByRole('row', { name: /Câmera do leiloeiro/ })
      .getByRole('button', { name: 'Colocar no ar' })
      .click();
    await expect.poll(srcDoPlayer, { timeout: 10_000 }).toContain('/embed/LEILOEIRO12');
    await staff
      .getByRole('row', { name: /Câmera do pátio/ })
      .getByRole('button', { name: 'Colocar no ar' })
      .click();
    await expect.poll(srcDoPlayer, { timeout: 10_000 }).toContain('/embed/PATIOabc123');

    // "Refresh main player": the player is a new one.
    await espectador.evaluate(() => {
      (document.querySelector('[data-testid="video"] iframe') as HTMLIFrameElement & { antigo?: boolean }).antigo = true;
    });
    await staff.getByRole('button', { name: 'Recarregar player dos espectadores' }).click();
    await expect.poll(() => espectador.getByTestId('video').getAttribute('data-recarga'), { timeout: 10_000 }).toBe('1');
    const antigo = await espectador.evaluate(
      () => (document.querySelector('[data-testid="video"] iframe') as HTMLIFrameElement & { antigo?: boolean }).antigo ?? false,
    );
    expect(antigo).toBe(false);
    // The message is still there until the client closes it.
    await expect(espectador.getByTestId('aviso-transmissao').isVisible()).resolves.toBe(true);

    await espectador.screenshot({ path: `${PASTA_SCREENSHOTS}sinais-auditorio-celular.png`, fullPage: true });
    await staff.screenshot({ path: `${PASTA_SCREENSHOTS}sinais-transmissao-desktop.png`, fullPage: true });
    await espectador.getByRole('button', { name: 'Fechar aviso' }).click();
    await expect(espectador.getByTestId('aviso-transmissao').count()).resolves.toBe(0);
    expect(erros).toEqual([]);
  }, 120_000);
});

/*
 * Issue #33: a visitor on a live lot's page sees a staff notice sent to the lot's auction, as it arrives
 * over the socket (the same `mensagem-transmissao` the auditorium hears), under the lot's title; the page
 * of a lot of another auction does not. On both brands (leilao on a desktop, loja on a phone).
 */
describe("a staff notice reaches the visitors on the auction's lot pages", () => {
  it.each([
    { hotsiteId: 1, prefixo: 'leilao', viewport: { width: 1366, height: 900 }, isMobile: false },
    { hotsiteId: 2, prefixo: 'anuncio', viewport: { width: 390, height: 844 }, isMobile: true },
  ])(
    'brand $hotsiteId at $viewport.width px',
    async ({ hotsiteId, prefixo, viewport, isMobile }) => {
      const { leilaoUid, loteIds } = await criarLeilaoAoVivo(t.banco.db, { hotsiteId, lotes: 2 });
      const outro = await criarLeilaoAoVivo(t.banco.db, { hotsiteId, lotes: 1 });
      const leiloeiro = await entrarComoStaff(t.banco.db, [P.LEILOEIRO], { hotsiteId });
      const modelo = await criarModelo({
        db: t.banco.db,
        hotsiteId,
        entrada: { nome: `Pausa ${hotsiteId}`, texto: 'Pausa de 5 minutos: os lotes voltam às 15h10.' },
      });
      const host = `h${hotsiteId}.localhost`;
      const ctx = await t.browser.newContext({ viewport, isMobile });
      const abrir = async (loteId: number) => {
        const page = vigiar(await ctx.newPage());
        await page.goto(`http://${host}:${t.app.port}/${prefixo}/x-br/x/x/x/ano.0/${loteId}`, { waitUntil: 'networkidle' });
        await expect(page.getByTestId('titulo-lote').isVisible()).resolves.toBe(true);
        return page;
      };
      const doLeilao = await abrir(loteIds[1]);
      const deOutroLeilao = await abrir(outro.loteIds[0]);

      const staff = await conectarWs(t.app.port, host, { token: leiloeiro.token });
      try {
        staff.enviar({ event: 'enviar-modelo-transmissao', data: { leilaoUid, modeloUid: modelo.uid } });
        await expect
          .poll(
            () =>
              doLeilao
                .getByTestId('aviso-transmissao')
                .innerText({ timeout: 1_000 })
                .catch(() => ''),
            { timeout: 10_000 },
          )
          .toContain('Pausa de 5 minutos: os lotes voltam às 15h10.');
        // Right under the lot's title, inside the page's width.
        const titulo = (await doLeilao.getByTestId('titulo-lote').boundingBox())!;
        const aviso = (await doLeilao.getByTestId('aviso-transmissao').boundingBox())!;
        expect(aviso.y).toBeGreaterThanOrEqual(titulo.y + titulo.height - 1);
        expect(aviso.x + aviso.width).toBeLessThanOrEqual(viewport.width);
        await doLeilao.screenshot({ path: `${PASTA_SCREENSHOTS}aviso-na-pagina-do-lote-h${hotsiteId}-${viewport.width}.png` });
        // Another auction's lot page heard nothing.
        await new Promise((r) => setTimeout(r, 500));
        await expect(deOutroLeilao.getByTestId('aviso-transmissao').count()).resolves.toBe(0);
        // The visitor closes it.
        await doLeilao.getByRole('button', { name: 'Fechar aviso' }).click();
        await expect(doLeilao.getByTestId('aviso-transmissao').count()).resolves.toBe(0);
      } finally {
        staff.fechar();
        await ctx.close();
      }
      expect(erros).toEqual([]);
    },
    120_000,
  );
});
