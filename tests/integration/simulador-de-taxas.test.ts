import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lote, venda, vendaItem } from '@db/schema';
import { encerrarLotesVencidos } from '~/modules/lances/encerramento.server';
import { criarCliente, criarLoteEmDisputa, vencerLote } from '../lances';
import { instanciaDeTeste } from '../server';

/**
 * Issue #33: the lot page's fee simulator. What it shows for a typed value is what the sale charges when
 * the lot is won at that value: the same total, in centavos, and card instalments adding up to it.
 */
const t = instanciaDeTeste();
const DADOS = `_data=${encodeURIComponent('routes/leilao.$local.$tipo.$marca.$nome.$ano.$id')}`;

/** The lot page's canonical path (any path ending in ano.N/id redirects there). */
async function caminhoDe(host: string, loteId: number) {
  const r = await t.app.pedir(host, `/leilao/x-sp/t/m/n/ano.2020/${loteId}`);
  expect(r.status).toBe(301);
  return String(r.headers.location);
}

interface Simulado {
  simulacao:
    | { tipo: 'ok'; custo: { total: number; comissao: number }; parcelas: { quantidade: number; valor: number; primeira: number }[] }
    | { tipo: 'abaixo'; minimo: number }
    | { tipo: 'invalido' }
    | null;
}

describe('fee simulator on the lot page', () => {
  it('shows for 15.234,57 the total the sale charges when the lot is won at that value', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db, { minimo: 10_000_00 });
    // Fees that land on half a centavo, so rounding is exercised: 5,55 % of 15.234,57 = 845,518...
    await t.banco.db
      .update(lote)
      .set({ despachante: 500_00, vistoria: 123_45, remocao: -50_00, comissaoPorcentagem: 555, comissaoExtraPorcentagem: 100 })
      .where(eq(lote.id, loteId));
    const caminho = await caminhoDe('h1.localhost', loteId);
    const r = await t.app.pedir('h1.localhost', `${caminho}?simular=${encodeURIComponent('15.234,57')}&${DADOS}`);
    expect(r.status).toBe(200);
    const { simulacao } = r.json<Simulado>();
    if (simulacao?.tipo !== 'ok') throw new Error(`simulação: ${JSON.stringify(simulacao)}`);
    expect(simulacao.custo.comissao).toBe(845_52 + 152_35);

    const cliente = await criarCliente(t.banco.db, { hotsiteId: 1, leilaoId });
    const lance = await t.app.pedir('h1.localhost', '/v1/lances', { headers: cliente.auth, corpo: { loteId, valor: 15_234_57 } });
    expect(lance.status).toBe(201);
    await vencerLote(t.banco.db, loteId);
    await encerrarLotesVencidos({ db: t.banco.db });
    const [item] = await t.banco.db.select().from(vendaItem).where(eq(vendaItem.loteId, loteId));
    const [v] = await t.banco.db.select().from(venda).where(eq(venda.id, item.vendaId));
    expect(item.total).toBe(simulacao.custo.total);
    expect(v.total).toBe(simulacao.custo.total);
    for (const p of simulacao.parcelas) expect(p.primeira + p.valor * (p.quantidade - 1)).toBe(v.total);
  });

  it('refuses a value below the next accepted bid and text that is not money, and renders the pt-BR text', async () => {
    const { loteId } = await criarLoteEmDisputa(t.banco.db, { minimo: 10_000_00 });
    const caminho = await caminhoDe('h1.localhost', loteId);
    const abaixo = await t.app.pedir('h1.localhost', `${caminho}?simular=9.999,99&${DADOS}`);
    expect(abaixo.json<Simulado>().simulacao).toEqual({ tipo: 'abaixo', minimo: 10_000_00 });
    const texto = await t.app.pedir('h1.localhost', `${caminho}?simular=1.2.3`);
    expect(texto.status).toBe(200);
    expect(texto.texto).toContain('Valor inválido: digite em reais, como 60.000,00');
    const pagina = await t.app.pedir('h1.localhost', `${caminho}?simular=9.999,99`);
    expect(pagina.texto).toContain('Lance abaixo do próximo lance aceito: o valor mínimo agora é R$\u00a010.000,00');
  });

  it('reads offer wording on a shop brand', async () => {
    const { loteId } = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 2, minimo: 10_000_00 });
    const r = await t.app.pedir('h2.localhost', `/anuncio/x-sp/t/m/n/ano.2020/${loteId}`);
    const pagina = await t.app.pedir('h2.localhost', `${String(r.headers.location)}?simular=60.000,00`);
    expect(pagina.status).toBe(200);
    expect(pagina.texto).toContain('Valor da oferta (R$)');
    expect(pagina.texto).toContain('Valor da compra');
    expect(pagina.texto).not.toContain('Valor do lance');
  });
});
