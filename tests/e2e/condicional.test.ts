import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { habilitacao, loteEncerramento, vendaLoteCondicional } from '@db/schema';
import { encerrarLotesVencidos, responderCondicional } from '~/modules/lances/encerramento.server';
import { prazoDaCondicional } from '~/modules/vendas/regras';
import { formatarDataHora } from '~/utils/format';
import { criarCliente, criarLoteEmDisputa, vencerLote } from '../lances';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { entrarComoStaff } from '../staff';
import { navegadorDeTeste, contextoLogado, PASTA_SCREENSHOTS, vigiaDeErros } from './browser';

/*
 * Issue #28 item 7 (decision 126): a conditional win read as a R$ 0,00 purchase to pay. It must show the
 * offer, the seller's deadline and what happens next, with no payment nor pickup, not count as won, and
 * the seller's answer must reach the purchase history.
 */
const t = navegadorDeTeste();

const { erros, vigiar } = vigiaDeErros();
const TELAS = { desktop: { width: 1366, height: 900 }, celular: { width: 390, height: 844 } } as const;

/** A lot closed below the seller's value: CONDICIONAL, tied to a Condicional sale of its bidder. */
async function ganhoCondicional(hotsiteId: number, cliente?: Awaited<ReturnType<typeof criarCliente>>) {
  const { loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db, { hotsiteId, minimo: 20_000_00, valorComitente: 30_000_00 });
  const c = cliente ?? (await criarCliente(t.banco.db, { hotsiteId, nome: 'Marina Costa', leilaoId }));
  if (cliente) await t.banco.db.insert(habilitacao).values({ hotsiteId, usuarioId: cliente.id, leilaoId });
  const r = await t.app.pedir(`h${hotsiteId}.localhost`, '/v1/lances', { headers: c.auth, corpo: { loteId, valor: 24_000_00 } });
  expect(r.status).toBe(201);
  await vencerLote(t.banco.db, loteId);
  await encerrarLotesVencidos({ db: t.banco.db, hub: t.app.martelo.hub });
  const [vc] = await t.banco.db.select().from(vendaLoteCondicional).where(eq(vendaLoteCondicional.loteId, loteId));
  const [e] = await t.banco.db.select().from(loteEncerramento).where(eq(loteEncerramento.loteId, loteId));
  return { loteId, cliente: c, vendaId: vc.vendaId, prazo: formatarDataHora(prazoDaCondicional(e.encerradoEm)) };
}

async function abrir(cookie: string, hotsiteId: number, caminho: string, tela: keyof typeof TELAS = 'desktop') {
  const p = vigiar(await (await contextoLogado(t.browser, cookie, hotsiteId, { viewport: TELAS[tela] })).newPage());
  await p.goto(`http://h${hotsiteId}.localhost:${t.app.port}${caminho}`);
  await p.waitForLoadState('networkidle');
  return p;
}

async function conferirCompraCondicional(p: Page, { prazo, titulo, prazoRotulo }: { prazo: string; titulo: string; prazoRotulo: string }) {
  const oferta = p.getByTestId('oferta-condicional');
  await oferta.waitFor();
  await expect(p.getByTestId('situacao').first().innerText()).resolves.toBe('Condicional');
  await expect(oferta.getByRole('heading', { level: 2 }).innerText()).resolves.toBe(titulo);
  await expect(oferta.getByTestId('valor-condicional').innerText()).resolves.toMatch(/^R\$\s24\.000,00$/);
  await expect(oferta.getByTestId('prazo-condicional').innerText()).resolves.toBe(prazo);
  await expect(oferta.innerText()).resolves.toContain(prazoRotulo);
  await expect(oferta.innerText()).resolves.toContain('O que acontece agora');
  const texto = await p.locator('main').innerText();
  // Nothing to pay nor to pick up: no R$ 0,00 purchase, no payment prompt, no third-party pickup.
  expect(texto).not.toContain('Efetue o pagamento');
  expect(texto).not.toContain('R$ 0,00');
  expect(texto).not.toContain('O que você deve');
  await expect(p.getByTestId('retirada-terceiros').count()).resolves.toBe(0);
  await expect(p.getByTestId('como-pagar').count()).resolves.toBe(0);
  await expect(p.getByTestId('entrega').count()).resolves.toBe(0);
  await expect(p.getByTestId('totais').count()).resolves.toBe(0);
  // Nothing is cut at the right on a phone (text overflowing its box counts: scrollWidth sees it).
  await expect(p.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(
    await p.evaluate(() => window.innerWidth),
  );
}

describe('a conditional win says so (issue #28 item 7)', () => {
  it('leilão brand: the offer, the seller’s deadline and what follows; its own tab; accepted → to pay, refused → shown, both in the history', async () => {
    const a = await ganhoCondicional(1);
    const b = await ganhoCondicional(1, a.cliente);

    // The purchases list: the offer, not a R$ 0,00 total to pay by a date.
    const lista = await abrir(a.cliente.cookie, 1, '/cliente/compras');
    const linha = lista.getByTestId('venda').filter({ hasText: `Compra ${a.vendaId}` });
    await expect(linha.innerText()).resolves.toMatch(/Condicional[\s\S]*Seu lance: R\$\s24\.000,00/);
    await expect(linha.innerText()).resolves.not.toContain('pagamento até');

    for (const tela of ['desktop', 'celular'] as const) {
      const p = await abrir(a.cliente.cookie, 1, `/cliente/compras/${a.vendaId}`, tela);
      await conferirCompraCondicional(p, { prazo: a.prazo, titulo: 'Seu lance condicional', prazoRotulo: 'Resposta do comitente até' });
      await p.screenshot({ path: `${PASTA_SCREENSHOTS}condicional-leilao-${tela}.png`, fullPage: true });
    }

    // Meus lances: not counted as won; its own tab.
    const lances = await abrir(a.cliente.cookie, 1, '/cliente/meus-lances?aba=vencedor');
    await expect(lances.getByRole('link', { name: /^Vencedor/ }).innerText()).resolves.toBe('Vencedor (0)');
    await expect(lances.getByRole('link', { name: /^Condicional/ }).innerText()).resolves.toBe('Condicional (2)');

    // The seller accepts the first: the open page hears it and becomes a sale to pay, with the answer in the history.
    const p = await abrir(a.cliente.cookie, 1, `/cliente/compras/${a.vendaId}`);
    await p.getByTestId('oferta-condicional').waitFor();
    await responderCondicional({
      db: t.banco.db,
      hub: t.app.martelo.hub,
      hotsiteId: 1,
      loteId: a.loteId,
      entrada: { resposta: 'Liberada' },
      comitentes: 'todos',
      respondidoPor: 'Comitente Banco',
    });
    await expect.poll(() => p.getByTestId('situacao').first().innerText(), { timeout: 10_000 }).toBe('Aguardando Pagamento');
    await expect(p.getByTestId('oferta-condicional').count()).resolves.toBe(0);
    await expect(p.locator('main').innerText()).resolves.toMatch(/O comitente aceitou seu lance condicional de R\$\s24\.000,00/);
    await expect(p.getByTestId('como-pagar').count()).resolves.toBe(1);

    // The seller refuses the second: the sale reads as refused, nothing owed, the answer in the history.
    await responderCondicional({
      db: t.banco.db,
      hotsiteId: 1,
      loteId: b.loteId,
      entrada: { resposta: 'Recusada' },
      comitentes: 'todos',
    });
    const recusada = await abrir(a.cliente.cookie, 1, `/cliente/compras/${b.vendaId}`);
    await expect(recusada.getByTestId('situacao').first().innerText()).resolves.toBe('Cancelada');
    await expect(recusada.getByTestId('orientacao').innerText()).resolves.toBe('Sua oferta condicional foi recusada. Nada é devido.');
    await expect(recusada.locator('main').innerText()).resolves.toMatch(/O comitente recusou seu lance condicional de R\$\s24\.000,00/);
    expect(erros).toEqual([]);
  });

  it('loja brand: the same page in the shop’s words (oferta, vendedor, anúncio)', async () => {
    const a = await ganhoCondicional(2);
    for (const tela of ['desktop', 'celular'] as const) {
      const p = await abrir(a.cliente.cookie, 2, `/cliente/compras/${a.vendaId}`, tela);
      await conferirCompraCondicional(p, { prazo: a.prazo, titulo: 'Sua oferta condicional', prazoRotulo: 'Resposta do vendedor até' });
      await expect(p.getByTestId('oferta-condicional').innerText()).resolves.toContain('Anúncio');
      await p.screenshot({ path: `${PASTA_SCREENSHOTS}condicional-loja-${tela}.png`, fullPage: true });
    }
    expect(erros).toEqual([]);
  });

  it('staff: the sale page shows a conditional win (offer, deadline), not a R$ 0,00 sale; SAC answers it there, Acerto only reads', async () => {
    const a = await ganhoCondicional(1);
    const acerto = await entrarComoStaff(t.banco.db, [P.ACERTO], { nome: 'Ana do Acerto' });
    const leitura = await abrir(acerto.cookie, 1, `/admin/compras/${a.vendaId}`);
    await expect(leitura.getByTestId('condicional-equipe').innerText()).resolves.toContain('A resposta é dada pelo comitente');
    await expect(leitura.getByRole('button', { name: 'Responder' }).count()).resolves.toBe(0);

    const sac = await entrarComoStaff(t.banco.db, [P.SAC], { nome: 'Sérgio do SAC' });
    const lista = await abrir(sac.cookie, 1, '/admin/vendas');
    const linha = lista
      .getByTestId('lista-vendas')
      .locator('tr')
      .filter({ hasText: String(a.vendaId) })
      .first();
    await expect(linha.innerText()).resolves.toMatch(/Lance condicional\s+R\$\s24\.000,00/);
    await expect(linha.innerText()).resolves.not.toContain('R$ 0,00');

    for (const tela of ['desktop', 'celular'] as const) {
      const p = await abrir(sac.cookie, 1, `/admin/compras/${a.vendaId}`, tela);
      const c = p.getByTestId('condicional-equipe');
      await expect(c.getByTestId('valor-condicional').innerText()).resolves.toMatch(/^R\$\s24\.000,00$/);
      await expect(c.getByTestId('prazo-condicional').innerText()).resolves.toBe(a.prazo);
      await expect(p.getByTestId('nada-a-pagar').innerText()).resolves.toBe('Nada a pagar até a resposta do comitente');
      const texto = (await p.locator('main').innerText()).replace(/\u00a0/g, ' ');
      expect(texto).not.toContain('R$ 0,00');
      expect(texto).not.toContain('pagamento até');
      await expect(p.getByRole('button', { name: 'Registrar pagamento' }).count()).resolves.toBe(0);
      await expect(p.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(
        await p.evaluate(() => window.innerWidth),
      );
      await p.screenshot({ path: `${PASTA_SCREENSHOTS}condicional-equipe-${tela}.png`, fullPage: true });
    }

    // SAC answers for the seller from the sale itself: it becomes a sale to pay, the answer in its history.
    const p = await abrir(sac.cookie, 1, `/admin/compras/${a.vendaId}`);
    await p
      .getByRole('form', { name: /Responder o lote 001/ })
      .getByRole('button', { name: 'Responder' })
      .click();
    await expect
      .poll(() => p.getByRole('status').first().innerText(), { timeout: 10_000 })
      .toBe('Resposta registrada: Liberada (Ag. Pagamento)');
    await p.reload();
    await expect(p.getByTestId('condicional-equipe').count()).resolves.toBe(0);
    await expect(p.locator('main').innerText()).resolves.toMatch(/O comitente aceitou seu lance condicional de R\$\s24\.000,00/);
    await expect(p.locator('main').innerText()).resolves.toContain('Sérgio do SAC');
    expect(erros).toEqual([]);
  });
});
