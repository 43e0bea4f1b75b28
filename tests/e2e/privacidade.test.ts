import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { habilitacao, vendaItem } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { encerrarLotesVencidos } from '~/modules/lances/encerramento.server';
import { criarCliente, criarLoteEmDisputa, vencerLote } from '../lances';
import { textoDoPdf } from '../pdf';
import { entrarComoStaff } from '../staff';
import { navegadorDeTeste, PASTA_SCREENSHOTS, violacoes, vigiaDeErros } from './browser';

/**
 * LGPD self-service in Chromium (issue #34 part 4): the client downloads the export from the privacy page,
 * and the file holds their bids and sales; the deletion request reaches the staff queue with its deadline.
 * The accessibility statement on a leilão and a loja brand. Each page passes axe and is photographed on
 * desktop and phone.
 */
const t = navegadorDeTeste();

const TELAS = [
  ['desktop', { width: 1366, height: 900 }],
  ['celular', { width: 390, height: 844 }],
] as const;

/** A client of `hotsiteId` who bid on a lot, won it, and has its sale. */
async function compradora(hotsiteId: number, nome: string, valor: number) {
  const db = t.banco.db;
  const c = await criarCliente(db, { hotsiteId, nome });
  const { loteId, leilaoId } = await criarLoteEmDisputa(db, { hotsiteId, minimo: valor });
  await db.insert(habilitacao).values({ hotsiteId, usuarioId: c.id, leilaoId });
  expect((await t.app.pedir(`h${hotsiteId}.localhost`, '/v1/lances', { headers: c.auth, corpo: { loteId, valor } })).status).toBe(201);
  await vencerLote(db, loteId);
  await encerrarLotesVencidos({ db });
  expect(await db.select().from(vendaItem).where(eq(vendaItem.loteId, loteId))).toHaveLength(1);
  return c;
}

async function contexto(hotsiteId: number, viewport: { width: number; height: number }, cookie?: string) {
  const ctx = await t.browser.newContext({ viewport, bypassCSP: true, isMobile: viewport.width < 500, acceptDownloads: true });
  if (cookie) {
    const i = cookie.indexOf('=');
    await ctx.addCookies([{ name: cookie.slice(0, i), value: cookie.slice(i + 1), domain: `h${hotsiteId}.localhost`, path: '/' }]);
  }
  return ctx;
}

/** Clicks a download link and answers the downloaded file's bytes. */
async function baixar(page: Page, testId: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return readFile((await download.path())!);
}

describe('LGPD self-service in the browser', () => {
  it('the client downloads the export (JSON and PDF) holding their bids and sales, and asks for deletion', async () => {
    const c = await compradora(1, 'Beatriz Baixa', 33_000_00);
    const base = `http://h1.localhost:${t.app.port}`;
    const ctx = await contexto(1, { width: 1366, height: 900 }, c.cookie);
    const { erros, vigiar } = vigiaDeErros();
    const page = vigiar(await ctx.newPage());
    await page.goto(`${base}/cliente/privacidade`);
    await expect.poll(() => page.getByRole('heading', { name: 'Privacidade e meus dados' }).isVisible()).toBe(true);

    const json = JSON.parse((await baixar(page, 'baixar-json')).toString('utf8')) as {
      conta: { email: string };
      lances: { valor: number }[];
      compras: { itens: { valor: number }[] }[];
    };
    expect(json.conta.email).toBe(c.email);
    expect(json.lances.map((l) => l.valor)).toEqual([33_000_00]);
    expect(json.compras.flatMap((x) => x.itens.map((i) => i.valor))).toEqual([33_000_00]);
    const pdf = textoDoPdf(await baixar(page, 'baixar-pdf'));
    expect(pdf).toContain('Lances (1)');
    expect(pdf).toContain('Compras (1)');
    expect(pdf).toMatch(/R\$\s*33\.000,00/);

    // Deletion: the confirmation box is required, then the request is filed with its deadline.
    await page.getByLabel('Motivo (opcional)').fill('Não participo mais de leilões');
    await page.getByLabel('Confirmo que quero excluir minha conta').check();
    await page.getByRole('button', { name: 'Pedir exclusão' }).click();
    await expect.poll(() => page.getByTestId('aviso-privacidade').textContent()).toContain('Pedido de exclusão registrado');
    await expect.poll(() => page.getByTestId('exclusao-pendente').isVisible()).toBe(true);
    expect(await violacoes(page)).toEqual([]);
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}privacidade-h1-pedido-de-exclusao.png`, fullPage: true });

    // The staff queue shows it with the deadline.
    const sac = await entrarComoStaff(t.banco.db, [P.SAC], { hotsiteId: 1 });
    const staff = await contexto(1, { width: 1366, height: 900 }, sac.cookie);
    const fila = await staff.newPage();
    await fila.goto(`${base}/admin/solicitacoes-lgpd`);
    await expect.poll(() => fila.getByTestId('prazo-lgpd').first().textContent()).toContain('Faltam 15 dias');
    expect(await fila.getByTestId('fila-lgpd').textContent()).toContain('Beatriz Baixa');
    expect(await violacoes(fila)).toEqual([]);
    await fila.screenshot({ path: `${PASTA_SCREENSHOTS}solicitacoes-lgpd-h1-desktop.png`, fullPage: true });
    expect(erros).toEqual([]);
    await Promise.all([ctx.close(), staff.close()]);
  });

  for (const [id, palavra] of [
    [1, 'dar lances'],
    [2, 'fazer ofertas'],
  ] as const) {
    for (const [tela, viewport] of TELAS) {
      it(`brand ${id}, ${tela}: the privacy page and the accessibility statement pass axe; a barrier is reported from the footer's link`, async () => {
        const base = `http://h${id}.localhost:${t.app.port}`;
        const c = await criarCliente(t.banco.db, { hotsiteId: id, nome: 'Carla Tela' });
        const logado = await contexto(id, viewport, c.cookie);
        const p = await logado.newPage();
        await p.goto(`${base}/cliente/privacidade`);
        expect(await violacoes(p)).toEqual([]);
        await p.screenshot({ path: `${PASTA_SCREENSHOTS}privacidade-h${id}-${tela}.png`, fullPage: true });

        const visitante = await contexto(id, viewport);
        const page = await visitante.newPage();
        await page.goto(`${base}/`);
        await page.locator('footer a[href="/acessibilidade"]').click();
        await page.waitForURL(`${base}/acessibilidade`);
        await expect.poll(() => page.getByRole('heading', { name: 'Declaração de acessibilidade', level: 1 }).isVisible()).toBe(true);
        expect(await page.locator('section').first().textContent()).toContain(palavra);
        expect(await violacoes(page)).toEqual([]);
        await page.screenshot({ path: `${PASTA_SCREENSHOTS}acessibilidade-h${id}-${tela}.png`, fullPage: true });

        await page.getByLabel('Seu e-mail').fill(`leitor-${tela}@exemplo.com.br`);
        await page.getByLabel('O que aconteceu').fill('O contador de tempo não é anunciado pelo leitor de tela.');
        await page.getByRole('button', { name: 'Enviar relato' }).click();
        await expect.poll(() => page.getByTestId('aviso-barreira').textContent()).toContain('Relato recebido.');
        await Promise.all([logado.close(), visitante.close()]);
      });
    }
  }
});
