import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hotsite, notificacao, venda, vendaItem } from '@db/schema';
import { prazosDaCompra } from '~/modules/confianca/prazos';
import { entradaDosPrazos, lembrarPrazos } from '~/modules/confianca/prazos.server';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { instanciaDeTeste } from '../server';

/**
 * The buyer's deadlines (issue #34 part 5, decision 231): the purchase page lists them from the same function
 * the reminders use, and each reminder is queued once per sale and deadline, even when sweeps race.
 */
const t = instanciaDeTeste();
const H = 'h1.localhost';

async function compra() {
  const { loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 1, compreJa: 38_000_00 });
  const cliente = await criarCliente(t.banco.db, { hotsiteId: 1, nome: 'Rafael Nogueira', leilaoId });
  const r = await t.app.pedir(H, `/v1/lote/${loteId}/compre-ja`, { method: 'POST', headers: cliente.auth, corpo: {} });
  expect(r.status, r.texto).toBeLessThan(300);
  const [item] = await t.banco.db.select().from(vendaItem).where(eq(vendaItem.loteId, loteId));
  const [v] = await t.banco.db.select().from(venda).where(eq(venda.id, item.vendaId));
  return { v, cliente };
}

describe("the buyer's deadlines", () => {
  it('the purchase page shows pay-by, proofs, pickup and transfer with the dates the function gives', async () => {
    const { v, cliente } = await compra();
    const pagina = await t.app.pedir(H, `/cliente/compras/${v.id}`, { headers: { cookie: cliente.cookie } });
    expect(pagina.status).toBe(200);
    expect(pagina.texto).toContain('Seus prazos');
    const entrada = await entradaDosPrazos({ db: t.banco.db, hotsiteId: 1, vendaId: v.id });
    const prazos = prazosDaCompra(entrada!, new Date());
    expect(prazos.map((p) => p.chave)).toEqual(['pagamento', 'comprovantes', 'retirada', 'transferencia']);
    for (const p of prazos) expect(pagina.texto).toContain(p.texto.replace(/&/g, '&amp;'));
    expect(pagina.texto).toContain('ATPV-e');

    // The brand's rule changes the page: three business days for the proofs.
    await t.banco.db
      .update(hotsite)
      .set({ prazosComprador: { diasUteisComprovantes: 3 } })
      .where(eq(hotsite.id, 1));
    try {
      const outra = prazosDaCompra((await entradaDosPrazos({ db: t.banco.db, hotsiteId: 1, vendaId: v.id }))!, new Date());
      expect(outra[1].ate).not.toBe(prazos[1].ate);
      const depois = await t.app.pedir(H, `/cliente/compras/${v.id}`, { headers: { cookie: cliente.cookie } });
      expect(depois.texto).toContain(outra[1].texto);
    } finally {
      await t.banco.db.update(hotsite).set({ prazosComprador: {} }).where(eq(hotsite.id, 1));
    }
    // Another brand's host does not find this sale.
    expect(await entradaDosPrazos({ db: t.banco.db, hotsiteId: 2, vendaId: v.id })).toBeNull();
  });

  it('a deadline ending within a day is reminded once, even when sweeps run at the same time', async () => {
    const { v } = await compra();
    // Twelve hours before the proofs' deadline. The payment date, earlier still, is the queue's own
    // `prazo-pagamento` reminder and is not reminded a second time here.
    const entrada = await entradaDosPrazos({ db: t.banco.db, hotsiteId: 1, vendaId: v.id });
    const comprovantes = prazosDaCompra(entrada!, new Date()).find((p) => p.chave === 'comprovantes')!;
    const agora = new Date(Date.parse(comprovantes.ate!) - 12 * 3_600_000);
    await Promise.all([
      lembrarPrazos({ db: t.banco.db, agora }),
      lembrarPrazos({ db: t.banco.db, agora }),
      lembrarPrazos({ db: t.banco.db, agora }),
    ]);
    await lembrarPrazos({ db: t.banco.db, agora });
    const linhas = await t.banco.db
      .select({ chave: notificacao.chave, dados: notificacao.dados, hotsiteId: notificacao.hotsiteId })
      .from(notificacao)
      .where(and(eq(notificacao.usuarioId, v.usuarioId), eq(notificacao.evento, 'prazo-da-compra')));
    expect(linhas.map((l) => l.chave)).toEqual([`venda:${v.id}:comprovantes`]);
    expect(linhas[0]).toMatchObject({ hotsiteId: 1, dados: { prazo: 'comprovantes', vendaId: v.id } });
    expect(String(linhas[0].dados.motivo)).toMatch(/^Envie o comprovante de pagamento nesta página até \d{2}\/\d{2}\/\d{4}/);

    // A paid sale is not reminded to send proofs.
    await t.banco.db.execute(sql`UPDATE venda SET situacao = 'Fechada', fechada_at = now() WHERE id = ${v.id}`);
    const depois = new Date(Date.parse(comprovantes.ate!) - 6 * 3_600_000);
    await lembrarPrazos({ db: t.banco.db, agora: depois });
    const [{ n }] = await t.banco.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notificacao)
      .where(and(eq(notificacao.usuarioId, v.usuarioId), eq(notificacao.evento, 'prazo-da-compra')));
    expect(n).toBe(1);
  });
});
