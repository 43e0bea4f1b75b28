import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leilao, leilaoLote, lote, veiculo } from '@db/schema';
import { criarLoteEmDisputa } from '../lances';
import { instanciaDeTeste } from '../server';

/** Issue #33, spec 001 §7: search by auction with posicaoLeilao, the auction's withdrawn lots, a vehicle's detailed items (decision 262). */
const t = instanciaDeTeste();

/** Three lots in one auction at positions 3, 1, 2 (created in that order). */
async function leilaoComTres(hotsiteId = 1) {
  const primeiro = await criarLoteEmDisputa(t.banco.db, { hotsiteId });
  const leilaoId = primeiro.leilaoId;
  await t.banco.db.update(leilaoLote).set({ ordemLeilao: 3 }).where(eq(leilaoLote.loteId, primeiro.loteId));
  const lotes = [primeiro];
  for (const ordem of [1, 2]) {
    const l = await criarLoteEmDisputa(t.banco.db, { hotsiteId });
    await t.banco.db.update(lote).set({ leilaoId }).where(eq(lote.id, l.loteId));
    await t.banco.db.update(leilaoLote).set({ leilaoId, ordemLeilao: ordem }).where(eq(leilaoLote.loteId, l.loteId));
    lotes.push(l);
  }
  return { leilaoId, lotes };
}

describe('search by auction, in the auction’s order', () => {
  it('orders by posicaoLeilao and answers each lot’s position, up to 1000 a page', async () => {
    const { leilaoId, lotes } = await leilaoComTres();
    const r = await t.app.pedir('h1.localhost', '/v1/lote/busca-elastic', {
      method: 'POST',
      corpo: {
        size: 1000,
        requisicoesBusca: [{ campo: 'leilao', valores: [leilaoId] }],
        listaOrdenacao: [{ campo: 'posicaoLeilao', tipoOrdenacao: 'asc' }],
      },
    });
    expect(r.status).toBe(200);
    const achados = r.json<{ id: number; posicaoLeilao: number }[]>();
    expect(achados.map((l) => [l.id, l.posicaoLeilao])).toEqual([
      [lotes[1].loteId, 1],
      [lotes[2].loteId, 2],
      [lotes[0].loteId, 3],
    ]);
    const grande = await t.app.pedir('h1.localhost', '/v1/lote/busca-elastic', { method: 'POST', corpo: { size: 1001 } });
    expect([grande.status, grande.json<{ message: string }>().message]).toEqual([400, 'size deve ser entre 1 e 1000']);
  });
});

describe('lotes-retirados-por-leilao', () => {
  it('lists the auction’s RETIRADO lots in its order; nothing of another brand or of a private auction for a visitor', async () => {
    const { leilaoId, lotes } = await leilaoComTres();
    await t.banco.db.update(lote).set({ situacao: 'RETIRADO' }).where(eq(lote.id, lotes[0].loteId));
    await t.banco.db.update(lote).set({ situacao: 'RETIRADO' }).where(eq(lote.id, lotes[1].loteId));
    const r = await t.app.pedir('h1.localhost', `/v1/lote/lotes-retirados-por-leilao/${leilaoId}`);
    expect([r.status, r.headers.count]).toEqual([200, '2']);
    expect(r.json<{ id: number; situacao: string }[]>().map((l) => [l.id, l.situacao])).toEqual([
      [lotes[1].loteId, 'RETIRADO'],
      [lotes[0].loteId, 'RETIRADO'],
    ]);
    expect((await t.app.pedir('h2.localhost', `/v1/lote/lotes-retirados-por-leilao/${leilaoId}`)).json()).toEqual([]);
    await t.banco.db.update(leilao).set({ privado: true }).where(eq(leilao.id, leilaoId));
    expect((await t.app.pedir('h1.localhost', `/v1/lote/lotes-retirados-por-leilao/${leilaoId}`)).json()).toEqual([]);
    expect((await t.app.pedir('h1.localhost', '/v1/lote/lotes-retirados-por-leilao/abc')).status).toBe(400);
  });
});

describe('veiculo-itens-detalhados', () => {
  it('answers the vehicle’s items on its brand only; a bad uid is 400, another brand’s vehicle 404', async () => {
    const { veiUid, loteId } = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 1 });
    const itens = { chaveReserva: 'sim', manual: 'nao', pneus: { dianteiroEsquerdo: 'BOM', traseiroDireito: 'TROCA' } };
    await t.banco.db.update(veiculo).set({ itensDetalhados: itens }).where(eq(veiculo.uid, veiUid));
    const r = await t.app.pedir('h1.localhost', `/v1/veiculo-itens-detalhados/find/qb?veiUid=${veiUid}`);
    expect(r.status).toBe(200);
    expect(r.json()).toEqual({ veiUid, loteId, itensDetalhados: itens });
    expect((await t.app.pedir('h2.localhost', `/v1/veiculo-itens-detalhados/find/qb?veiUid=${veiUid}`)).status).toBe(404);
    const ruim = await t.app.pedir('h1.localhost', '/v1/veiculo-itens-detalhados/find/qb?veiUid=x');
    expect([ruim.status, ruim.json<{ message: string }>().message]).toEqual([400, 'veiUid inválido']);
  });
});
