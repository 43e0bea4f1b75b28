import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ofertaSegundoColocado, vendaItem } from '@db/schema';
import { encerrarLotesVencidos } from '~/modules/lances/encerramento.server';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarCliente, criarLoteEmDisputa, vencerLote } from '../lances';
import { entrarComoStaff } from '../staff';
import { navegadorDeTeste, contextoLogado, PASTA_SCREENSHOTS } from './browser';

const t = navegadorDeTeste();

describe('runner-up offer, in the browser', () => {
  it('staff record the desistência; the runner-up sees the offer on a phone and accepts it', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db, { minimo: 10_000_00 });
    const segundo = await criarCliente(t.banco.db, { nome: 'Bruno Segundo', leilaoId });
    const vencedor = await criarCliente(t.banco.db, { nome: 'Rafael Vencedor', leilaoId });
    for (const [c, valor] of [
      [segundo, 12_000_00],
      [vencedor, 15_000_00],
    ] as const) {
      expect((await t.app.pedir('h1.localhost', '/v1/lances', { headers: c.auth, corpo: { loteId, valor } })).status).toBe(201);
    }
    await vencerLote(t.banco.db, loteId);
    await encerrarLotesVencidos({ db: t.banco.db });
    const [item] = await t.banco.db.select().from(vendaItem).where(eq(vendaItem.loteId, loteId));

    const acerto = await entrarComoStaff(t.banco.db, [P.ACERTO]);
    const sctx = await contextoLogado(t.browser, acerto.cookie, 1, { viewport: { width: 1366, height: 900 } });
    const sp = await sctx.newPage();
    await sp.goto(`http://h1.localhost:${t.app.port}/admin/compras/${item.vendaId}`);
    await sp.getByLabel('Motivo do cancelamento').fill('Desistiu por telefone');
    await sp.locator('input[name=desistencia]').check();
    await sp.getByRole('button', { name: 'Cancelar venda' }).click();
    await expect.poll(() => sp.getByTestId('ofertas-segundo-colocado').innerText(), { timeout: 10_000 }).toContain('Bruno Segundo');
    await sp.screenshot({ path: `${PASTA_SCREENSHOTS}segundo-colocado-admin.png`, fullPage: true });

    const cctx = await contextoLogado(t.browser, segundo.cookie, 1, { viewport: { width: 390, height: 844 } });
    const cp = await cctx.newPage();
    await cp.goto(`http://h1.localhost:${t.app.port}/cliente/compras`);
    await expect(cp.getByRole('heading', { name: 'Ofertas para você' }).count()).resolves.toBe(1);
    await cp.screenshot({ path: `${PASTA_SCREENSHOTS}segundo-colocado-oferta-fone.png`, fullPage: true });
    await cp.getByRole('button', { name: 'Aceitar' }).click();
    await expect.poll(() => cp.getByTestId('ofertas-segundo-colocado').innerText(), { timeout: 10_000 }).toContain('Aceita');
    await cp.screenshot({ path: `${PASTA_SCREENSHOTS}segundo-colocado-aceita-fone.png`, fullPage: true });
    const [o] = await t.banco.db.select().from(ofertaSegundoColocado).where(eq(ofertaSegundoColocado.loteId, loteId));
    expect(o.situacao).toBe('Aceita');
  });
});
