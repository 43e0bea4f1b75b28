import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lote, venda, vendaItem } from '@db/schema';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { navegadorDeTeste, contextoLogado, PASTA_SCREENSHOTS, vigiaDeErros } from './browser';

const t = navegadorDeTeste();

const { erros, vigiar } = vigiaDeErros();

/** A lot with Compre Já at R$ 47.000,00, 5% commission and a dispatcher fee, and an enabled buyer. */
async function loteComCompreJa(hotsiteId: number) {
  const l = await criarLoteEmDisputa(t.banco.db, { hotsiteId, compreJa: 47_000_00, fimEmMs: 7 * 24 * 60 * 60_000 });
  await t.banco.db.update(lote).set({ comissaoPorcentagem: 500, despachante: 350_00, vistoria: 200_00 }).where(eq(lote.id, l.loteId));
  const c = await criarCliente(t.banco.db, { hotsiteId, nome: 'Otávio Ramos', leilaoId: l.leilaoId });
  return { ...l, cliente: c };
}

// 47.000,00 + 2.350,00 (5%) + 350,00 + 200,00
const TOTAL = 'R$\u00a049.900,00';
const vendaDoLote = (loteId: number) => t.banco.db.select().from(vendaItem).where(eq(vendaItem.loteId, loteId));

async function conferirResumo(p: Page) {
  await expect(p.getByTestId('resumo-valor').first().innerText()).resolves.toBe('R$\u00a047.000,00');
  await expect(p.getByTestId('resumo-comissao').first().innerText()).resolves.toBe('R$\u00a02.350,00');
  await expect(p.getByTestId('resumo-despachante').first().innerText()).resolves.toBe('R$\u00a0350,00');
  await expect(p.getByTestId('resumo-vistoria').first().innerText()).resolves.toBe('R$\u00a0200,00');
  await expect(p.getByTestId('resumo-total').first().innerText()).resolves.toBe(TOTAL);
}

async function conferirVenda(loteId: number) {
  const [item] = await vendaDoLote(loteId);
  expect(item).toBeDefined();
  const [v] = await t.banco.db.select().from(venda).where(eq(venda.id, item.vendaId));
  expect(Number(item.total)).toBe(49_900_00);
  expect(Number(v.total)).toBe(49_900_00);
}

describe('Compre Já asks before it buys (issue #28 item 4)', () => {
  it('with JavaScript: the first tap opens the summary and buys nothing; confirming buys at the total shown; the panel says it was bought now', async () => {
    const { veiUid, loteId, cliente } = await loteComCompreJa(1);
    const ctx = await contextoLogado(t.browser, cliente.cookie, 1, { viewport: { width: 1366, height: 900 } });
    const p = vigiar(await ctx.newPage());
    await p.goto(`http://h1.localhost:${t.app.port}/lances/${veiUid}`, { waitUntil: 'networkidle' });
    await p.getByTestId('botao-compre-ja').click();
    const dialogo = p.getByTestId('dialogo-compre-ja');
    await dialogo.waitFor({ state: 'visible' });
    await conferirResumo(p);
    await expect(dialogo.innerText()).resolves.toContain('Comissão do leiloeiro (5%)');
    await p.screenshot({ path: `${PASTA_SCREENSHOTS}compre-ja-resumo-leilao-desktop.png` });
    // Nothing bought yet, even a while later.
    await p.waitForTimeout(500);
    expect(await vendaDoLote(loteId)).toEqual([]);
    // Cancel closes it; still nothing.
    await p.getByRole('button', { name: 'Cancelar' }).click();
    await dialogo.waitFor({ state: 'hidden' });
    expect(await vendaDoLote(loteId)).toEqual([]);

    await p.getByTestId('botao-compre-ja').click();
    await p.getByTestId('confirmar-compre-ja').click();
    await expect.poll(() => p.getByTestId('rotulo-contagem').innerText(), { timeout: 10_000 }).toBe('Comprado por você em');
    await expect(p.getByTestId('lote-comprado').innerText()).resolves.toContain('Ver a compra e como pagar');
    await conferirVenda(loteId);
    // The real time of the purchase (today), not the lot's scheduled end a week ahead.
    const hoje = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short' }).format(new Date());
    await expect(p.getByTestId('contagem').innerText()).resolves.toContain(hoje);
    await p.screenshot({ path: `${PASTA_SCREENSHOTS}compre-ja-comprado-leilao-desktop.png` });
    await ctx.close();
    expect(erros).toEqual([]);
  });

  it('without JavaScript: the first tap shows the summary step and buys nothing; confirming buys; shop wording on brand 2', async () => {
    const { veiUid, loteId, cliente } = await loteComCompreJa(2);
    const ctx = await contextoLogado(t.browser, cliente.cookie, 2, { javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const p = await ctx.newPage();
    await p.goto(`http://h2.localhost:${t.app.port}/lances/${veiUid}`);
    await p.getByTestId('botao-compre-ja').click();
    await p.waitForURL(/compre-ja=confirmar/);
    await p.getByTestId('resumo-compre-ja').waitFor({ state: 'visible' });
    await conferirResumo(p);
    await expect(p.getByTestId('resumo-compre-ja').innerText()).resolves.toContain('Taxa de intermediação (5%)');
    await expect(p.getByTestId('resumo-compre-ja').innerText()).resolves.toContain('o anúncio deixa de receber ofertas');
    expect(await vendaDoLote(loteId)).toEqual([]);
    await p.getByTestId('resumo-compre-ja').scrollIntoViewIfNeeded();
    await p.screenshot({ path: `${PASTA_SCREENSHOTS}compre-ja-resumo-loja-celular.png` });

    await p.getByTestId('confirmar-compre-ja').click();
    await p.waitForLoadState('load');
    await expect(p.getByTestId('rotulo-contagem').innerText()).resolves.toBe('Comprado por você em');
    await expect(p.getByTestId('mensagem-lance').innerText()).resolves.toBe('Compra registrada: aguardando pagamento');
    await conferirVenda(loteId);
    await p.screenshot({ path: `${PASTA_SCREENSHOTS}compre-ja-comprado-loja-celular.png`, fullPage: true });
    await ctx.close();
  });

  it('screenshots: the summary on brand 2 desktop and brand 1 phone (with JavaScript)', async () => {
    for (const [hotsiteId, viewport, nome] of [
      [2, { width: 1366, height: 900 }, 'loja-desktop'],
      [1, { width: 390, height: 844 }, 'leilao-celular'],
    ] as const) {
      const { veiUid, loteId, cliente } = await loteComCompreJa(hotsiteId);
      const ctx = await contextoLogado(t.browser, cliente.cookie, hotsiteId, { viewport });
      const p = vigiar(await ctx.newPage());
      await p.goto(`http://h${hotsiteId}.localhost:${t.app.port}/lances/${veiUid}`, { waitUntil: 'networkidle' });
      await p.getByTestId('botao-compre-ja').click();
      await p.getByTestId('dialogo-compre-ja').waitFor({ state: 'visible' });
      await conferirResumo(p);
      await p.screenshot({ path: `${PASTA_SCREENSHOTS}compre-ja-resumo-${nome}.png` });
      expect(await vendaDoLote(loteId)).toEqual([]);
      await ctx.close();
    }
    expect(erros).toEqual([]);
  });
});

describe('the other bidders after a Compre Já (issue #28)', () => {
  it('the leader is told, on the lot page and on any other page, that the lot was sold by Compre Já, not that they were outbid', async () => {
    const { veiUid, loteId, leilaoId, cliente: ana } = await loteComCompreJa(1);
    const beto = await criarCliente(t.banco.db, { nome: 'Beto Lima', leilaoId });
    const lance = await t.app.pedir('h1.localhost', '/v1/lances', {
      method: 'POST',
      headers: beto.auth,
      corpo: { loteId, valor: 10_000_00 },
    });
    expect(lance.status).toBe(201);
    const url = `http://h1.localhost:${t.app.port}/lances/${veiUid}`;
    // Beto watches the lot on his phone and reads his favourites on another tab; Ana is on her desktop.
    const sockets = t.app.martelo.hub.conexoes;
    const ctxBeto = await contextoLogado(t.browser, beto.cookie, 1, { viewport: { width: 390, height: 844 }, isMobile: true });
    const noLote = vigiar(await ctxBeto.newPage());
    const emOutraPagina = vigiar(await ctxBeto.newPage());
    await noLote.goto(url, { waitUntil: 'networkidle' });
    await emOutraPagina.goto(`http://h1.localhost:${t.app.port}/cliente/favoritos`, { waitUntil: 'networkidle' });
    await expect.poll(() => t.app.martelo.hub.conexoes, { timeout: 5_000 }).toBeGreaterThanOrEqual(sockets + 2);
    await expect.poll(() => noLote.getByTestId('status-lance').innerText(), { timeout: 5_000 }).toBe('Ganhando');

    const ctxAna = await contextoLogado(t.browser, ana.cookie, 1, { viewport: { width: 1366, height: 900 } });
    const pa = vigiar(await ctxAna.newPage());
    await pa.goto(url, { waitUntil: 'networkidle' });
    await pa.getByTestId('botao-compre-ja').click();
    await pa.getByTestId('confirmar-compre-ja').click();
    await expect.poll(() => pa.getByTestId('rotulo-contagem').innerText(), { timeout: 10_000 }).toBe('Comprado por você em');

    const vendido = 'O lote 001 foi vendido pelo Compre Já: a disputa está encerrada';
    const aviso = noLote.getByTestId('painel-de-lances').getByRole('status').filter({ hasText: 'Compre Já' });
    await expect.poll(() => aviso.innerText(), { timeout: 5_000 }).toBe(vendido);
    await expect.poll(() => emOutraPagina.getByTestId('toasts').innerText(), { timeout: 5_000 }).toBe(vendido);
    for (const p of [noLote, emOutraPagina]) await expect(p.locator('body').innerText()).resolves.not.toMatch(/superado/i);
    // The panel says what happened, not "Encerrado em: Encerrado", and invites no bid the lot can no longer take.
    await expect(noLote.getByTestId('rotulo-contagem').innerText()).resolves.toBe('Situação');
    await expect(noLote.getByTestId('contagem').innerText()).resolves.toBe('Vendido');
    await expect(noLote.getByTestId('botao-lance').count()).resolves.toBe(0);
    await noLote.screenshot({ path: `${PASTA_SCREENSHOTS}compre-ja-outro-lider-celular.png`, fullPage: true });
    await emOutraPagina.screenshot({ path: `${PASTA_SCREENSHOTS}compre-ja-outro-lider-toast.png` });
    await ctxAna.close();
    await ctxBeto.close();
    expect(erros).toEqual([]);
  });
});
