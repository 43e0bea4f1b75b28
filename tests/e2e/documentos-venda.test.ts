import jsQR from 'jsqr';
import { PNG as Png } from 'pngjs';

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contaBancaria, leilao, venda, vendaItem } from '@db/schema';
import { encerrarLotesVencidos } from '~/modules/lances/encerramento.server';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarCliente, criarLoteEmDisputa, vencerLote } from '../lances';
import { entrarComoStaff } from '../staff';
import { navegadorDeTeste, contextoLogado, PASTA_SCREENSHOTS, vigiaDeErros } from './browser';

const t = navegadorDeTeste();

const { erros, vigiar } = vigiaDeErros();

describe('post-sale documents and staff reports, in the browser', () => {
  it('the note’s QR opens its verification; staff see the boleto and the auction’s report', async () => {
    await t.banco.db.insert(contaBancaria).values({
      hotsiteId: 1,
      banco: 'Bradesco',
      codigoBanco: '237',
      agencia: '3381',
      conta: '0045127',
      digito: '3',
      titular: 'Martelo Leilões Ltda',
      cpfCnpj: '12.345.678/0001-90',
      chavePix: 'financeiro@martelo.test',
      carteira: '09',
      permiteBoleto: true,
    });
    const { loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db, { minimo: 10_000_00 });
    const cliente = await criarCliente(t.banco.db, { nome: 'Helena Prado', leilaoId });
    expect((await t.app.pedir('h1.localhost', '/v1/lances', { headers: cliente.auth, corpo: { loteId, valor: 12_345_67 } })).status).toBe(
      201,
    );
    await vencerLote(t.banco.db, loteId);
    await encerrarLotesVencidos({ db: t.banco.db, hub: t.app.martelo.hub });
    const [{ vendaId }] = await t.banco.db.select({ vendaId: vendaItem.vendaId }).from(vendaItem).where(eq(vendaItem.loteId, loteId));
    const [v] = await t.banco.db.select().from(venda).where(eq(venda.id, vendaId));
    const [le] = await t.banco.db.select().from(leilao).where(eq(leilao.id, leilaoId));

    // The buyer opens the note from their sale page; its QR code, read from a screenshot, opens the check.
    const pc = vigiar(await (await contextoLogado(t.browser, cliente.cookie, 1)).newPage());
    await pc.goto(`http://h1.localhost:${t.app.port}/cliente/compras/${vendaId}`);
    await expect(pc.locator(`a[href="/nota/${v.hashQrcode}"]`).count()).resolves.toBe(1);
    await pc.goto(`http://h1.localhost:${t.app.port}/nota/${v.hashQrcode}`);
    await expect(pc.getByTestId('nota').innerText()).resolves.toContain('Helena Prado');
    await pc.screenshot({ path: `${PASTA_SCREENSHOTS}nota-de-venda.png`, fullPage: true });
    const png = Png.sync.read(await pc.getByTestId('qr-nota').screenshot());
    const qr = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(qr?.data).toMatch(new RegExp(`/qrcode/nota/${v.hashQrcode}$`));
    await pc.goto(`http://h1.localhost:${t.app.port}${new URL(qr!.data).pathname}`);
    await expect(pc.getByRole('heading', { name: 'Nota autêntica' }).count()).resolves.toBe(1);

    // ADM: the auction's boletos, one opened with its barcode.
    const adm = await entrarComoStaff(t.banco.db, [P.ADM], { nome: 'Ana ADM' });
    const ps = vigiar(await (await contextoLogado(t.browser, adm.cookie, 1)).newPage());
    await ps.goto(`http://h1.localhost:${t.app.port}/admin/boletos/${le.uid}`);
    await expect(ps.getByTestId('lista-boletos').innerText()).resolves.toMatch(/23793\.3810\d/);
    await ps
      .getByTestId('lista-boletos')
      .getByRole('link', { name: String(vendaId) })
      .click();
    await ps.getByTestId('boleto').waitFor();
    await expect(ps.getByTestId('boleto').locator('svg').count()).resolves.toBe(1);
    await ps.screenshot({ path: `${PASTA_SCREENSHOTS}admin-boletos.png`, fullPage: true });

    // The report and the auction's notes.
    await ps.goto(`http://h1.localhost:${t.app.port}/admin/relatorios?leilao=${le.uid}`);
    await expect(ps.getByTestId('totais-relatorio').innerText()).resolves.toMatch(/12\.345,67/);
    await ps.screenshot({ path: `${PASTA_SCREENSHOTS}admin-relatorios.png`, fullPage: true });
    await ps.goto(`http://h1.localhost:${t.app.port}/nota-leilao?leiId=${le.id}`);
    await expect(ps.getByTestId('nota').count()).resolves.toBe(1);
    expect(erros).toEqual([]);
  });
});
