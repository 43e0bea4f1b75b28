import jsQR from 'jsqr';
import { PNG as Png } from 'pngjs';

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contaBancaria, lote, patio, veiculo, venda, vendaItem } from '@db/schema';
import { encerrarLotesVencidos } from '~/modules/lances/encerramento.server';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { feriadoNacional } from '~/modules/vendas/feriados';
import { criarCliente, criarLoteEmDisputa, vencerLote } from '../lances';
import { entrarComoStaff } from '../staff';
import { navegadorDeTeste, contextoLogado, PASTA_SCREENSHOTS, vigiaDeErros } from './browser';

const t = navegadorDeTeste();

const { erros, vigiar } = vigiaDeErros();

const PNG_1PX = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5b4f1f90000000049454e44ae426082',
  'hex',
);

describe('after the hammer, in the browser', () => {
  it('the sale appears, the client sends a proof, staff approve it, the client books a pickup and the statement QR opens its verification', async () => {
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
    const [p] = await t.banco.db
      .insert(patio)
      .values({ hotsiteId: 1, nome: 'Pátio Barueri', slug: 'barueri-e2e', cidade: 'Barueri', estado: 'São Paulo', estadoUf: 'SP' })
      .returning();
    await t.banco.db.insert(patio).values({
      hotsiteId: 1,
      nome: 'Pátio Goiânia',
      slug: 'goiania-e2e',
      cidade: 'Goiânia',
      estado: 'Goiás',
      estadoUf: 'GO',
      diasAtendimento: '123456',
    });
    const { loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db, { minimo: 10_000_00 });
    const [l] = await t.banco.db.select().from(lote).where(eq(lote.id, loteId));
    await t.banco.db.update(veiculo).set({ patioId: p.id }).where(eq(veiculo.id, l.veiculoId));
    const cliente = await criarCliente(t.banco.db, { nome: 'Helena Prado', leilaoId });
    expect((await t.app.pedir('h1.localhost', '/v1/lances', { headers: cliente.auth, corpo: { loteId, valor: 10_000_00 } })).status).toBe(
      201,
    );
    await vencerLote(t.banco.db, loteId);
    await encerrarLotesVencidos({ db: t.banco.db, hub: t.app.martelo.hub });
    const [{ vendaId }] = await t.banco.db.select({ vendaId: vendaItem.vendaId }).from(vendaItem).where(eq(vendaItem.loteId, loteId));

    // The client finds the sale and sends a proof (the upload shows its progress, then the answer).
    const pc = vigiar(await (await contextoLogado(t.browser, cliente.cookie, 1)).newPage());
    await pc.goto(`http://h1.localhost:${t.app.port}/cliente/compras`);
    await pc.getByRole('link', { name: new RegExp(`Compra ${vendaId}`) }).click();
    await pc.waitForURL(`**/cliente/compras/${vendaId}`);
    await pc.waitForLoadState('networkidle');
    await expect(pc.getByTestId('situacao').first().innerText()).resolves.toBe('Aguardando Pagamento');
    await expect(pc.getByTestId('linha-digitavel').innerText()).resolves.toMatch(/^23793\.3810\d /);
    await pc.locator('input[name=arquivo]').setInputFiles({ name: 'ted.png', mimeType: 'image/png', buffer: PNG_1PX });
    await pc.getByRole('button', { name: 'Enviar comprovante' }).click();
    await expect.poll(() => pc.getByText('Comprovante enviado. Aguarde a validação.').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => pc.getByTestId('situacao').first().innerText(), { timeout: 10_000 }).toBe('Aguardando Validação');

    // Staff approve it; the client's open page hears it (on-venda-dto) and shows the closed sale.
    const acerto = await entrarComoStaff(t.banco.db, [P.ACERTO], { nome: 'Carla Acerto' });
    const ps = vigiar(await (await contextoLogado(t.browser, acerto.cookie, 1)).newPage());
    await ps.goto(`http://h1.localhost:${t.app.port}/admin/compras/${vendaId}`);
    await ps.getByRole('button', { name: 'Aprovar' }).click();
    await expect.poll(() => ps.getByText('Salvo com sucesso').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => pc.getByTestId('situacao').first().innerText(), { timeout: 10_000 }).toBe('Fechada');
    await pc.screenshot({ path: `${PASTA_SCREENSHOTS}vendas-compra-fechada.png`, fullPage: true });

    // The client books a pickup: the yard's slots are offered (never typed), only working days within its
    // hours, no national holiday, no weekend; the other state's yard is not offered for this vehicle.
    const entrega = pc.getByTestId('entrega');
    await expect(entrega.locator('select[name=patUid]').count()).resolves.toBe(0);
    await expect(entrega.getByTestId('patio-da-retirada').innerText()).resolves.toContain('Pátio Barueri');
    const horarios = await entrega
      .locator('select[name=horario] option[value]:not([value=""])')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(horarios.length).toBeGreaterThan(9 * 5);
    for (const h of horarios) {
      const sp = new Date(Date.parse(h) - 3 * 3_600_000);
      expect([0, 6]).not.toContain(sp.getUTCDay());
      expect(sp.getUTCHours()).toBeGreaterThanOrEqual(8);
      expect(sp.getUTCHours()).toBeLessThan(17);
      expect(feriadoNacional(sp.toISOString().slice(0, 10))).toBeNull();
    }
    // The same card on a desktop and a phone: nothing cut at the right.
    for (const [tela, viewport] of [
      ['desktop', { width: 1366, height: 900 }],
      ['celular', { width: 390, height: 844 }],
    ] as const) {
      const pt = vigiar(await (await contextoLogado(t.browser, cliente.cookie, 1, { viewport })).newPage());
      await pt.goto(`http://h1.localhost:${t.app.port}/cliente/compras/${vendaId}`);
      await pt.getByTestId('agendamento').waitFor();
      await expect(pt.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(viewport.width);
      await pt.getByTestId('entrega').screenshot({ path: `${PASTA_SCREENSHOTS}vendas-agendar-retirada-${tela}.png` });
      await pt.context().close();
    }
    await entrega.locator('select[name=horario]').selectOption(horarios[3]);
    await entrega.getByRole('button', { name: 'Agendar retirada' }).click();
    await expect.poll(() => entrega.innerText(), { timeout: 10_000 }).toContain('Retirada no pátio Pátio Barueri');
    await expect
      .poll(async () => (await t.banco.db.select().from(venda).where(eq(venda.id, vendaId)))[0].situacaoEntrega)
      .toBe('aguardando_retirada');

    // The statement: its QR code, read from a screenshot, opens the verification page.
    const [v] = await t.banco.db.select().from(venda).where(eq(venda.id, vendaId));
    await pc.goto(`http://h1.localhost:${t.app.port}/extrato/${v.hashQrcode}`);
    const png = Png.sync.read(await pc.getByTestId('qr-extrato').screenshot());
    const qr = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(qr?.data).toMatch(new RegExp(`/qrcode/extrato/${v.hashQrcode}$`));
    await pc.goto(`http://h1.localhost:${t.app.port}${new URL(qr!.data).pathname}`);
    await expect(pc.getByRole('heading', { name: 'Extrato autêntico' }).count()).resolves.toBe(1);
    await expect(pc.getByTestId('verificacao-extrato').innerText()).resolves.toContain('Helena Prado');
    expect(erros).toEqual([]);
  });
});
