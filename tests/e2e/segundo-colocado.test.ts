import type { Browser } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ofertaSegundoColocado, vendaItem } from '@db/schema';
import { encerrarLotesVencidos } from '~/modules/lances/encerramento.server';
import { PAPEIS_INTERNOS as P } from '~/modules/identidade/papeis';
import { criarBancoDeTeste } from '../db';
import { criarCliente, criarLoteEmDisputa, vencerLote } from '../lances';
import { iniciarInstancia, type Instancia } from '../server';
import { entrarComoStaff } from '../staff';
import { abrirChromium, contextoLogado, PASTA_SCREENSHOTS } from './browser';

let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
let app: Instancia;
let browser: Browser;
beforeAll(async () => {
  banco = await criarBancoDeTeste();
  app = await iniciarInstancia({ database: banco });
  browser = await abrirChromium();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await banco?.descartar();
});

describe('runner-up offer, in the browser', () => {
  it('staff record the desistência; the runner-up sees the offer on a phone and accepts it', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(banco.db, { minimo: 10_000_00 });
    const segundo = await criarCliente(banco.db, { nome: 'Bruno Segundo', leilaoId });
    const vencedor = await criarCliente(banco.db, { nome: 'Rafael Vencedor', leilaoId });
    for (const [c, valor] of [
      [segundo, 12_000_00],
      [vencedor, 15_000_00],
    ] as const) {
      expect((await app.pedir('h1.localhost', '/v1/lances', { headers: c.auth, corpo: { loteId, valor } })).status).toBe(201);
    }
    await vencerLote(banco.db, loteId);
    await encerrarLotesVencidos({ db: banco.db });
    const [item] = await banco.db.select().from(vendaItem).where(eq(vendaItem.loteId, loteId));

    const acerto = await entrarComoStaff(banco.db, [P.ACERTO]);
    const sctx = await contextoLogado(browser, acerto.cookie, 1, { viewport: { width: 1366, height: 900 } });
    const sp = await sctx.newPage();
    await sp.goto(`http://h1.localhost:${app.port}/admin/compras/${item.vendaId}`);
    await sp.getByLabel('Motivo do cancelamento').fill('Desistiu por telefone');
    await sp.locator('input[name=desistencia]').check();
    await sp.getByRole('button', { name: 'Cancelar venda' }).click();
    await expect.poll(() => sp.getByTestId('ofertas-segundo-colocado').innerText(), { timeout: 10_000 }).toContain('Bruno Segundo');
    await sp.screenshot({ path: `${PASTA_SCREENSHOTS}segundo-colocado-admin.png`, fullPage: true });

    const cctx = await contextoLogado(browser, segundo.cookie, 1, { viewport: { width: 390, height: 844 } });
    const cp = await cctx.newPage();
    await cp.goto(`http://h1.localhost:${app.port}/cliente/compras`);
    await expect(cp.getByRole('heading', { name: 'Ofertas para você' }).count()).resolves.toBe(1);
    await cp.screenshot({ path: `${PASTA_SCREENSHOTS}segundo-colocado-oferta-fone.png`, fullPage: true });
    await cp.getByRole('button', { name: 'Aceitar' }).click();
    await expect.poll(() => cp.getByTestId('ofertas-segundo-colocado').innerText(), { timeout: 10_000 }).toContain('Aceita');
    await cp.screenshot({ path: `${PASTA_SCREENSHOTS}segundo-colocado-aceita-fone.png`, fullPage: true });
    const [o] = await banco.db.select().from(ofertaSegundoColocado).where(eq(ofertaSegundoColocado.loteId, loteId));
    expect(o.situacao).toBe('Aceita');
  });
});
