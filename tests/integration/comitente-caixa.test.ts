import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comitente, lote } from '@db/schema';
import { instanciaDeTeste } from '../server';

/*
 * Issue #13: the demo seed has Caixa Econômica Federal as a seller of the auction brands (1, 14, 1002), so
 * the bank partner's list GET /v1/leiloes/lista-site/caixa-economica answers its open auctions, each showing
 * Caixa's logo and holding lots of Caixa; the shop brand has no such seller and answers an empty list.
 */
const t = instanciaDeTeste();

type Leilao = { id: number; uid: string; nomeSemData: string; comitentesLogomarcas: { nome: string; logomarcaUrl: string | null }[] };

describe('Caixa Econômica Federal in the demo seed', () => {
  it.each([1, 14, 1002])('brand %i: lista-site/caixa-economica lists open auctions with Caixa’s logo and lots', async (marca) => {
    const r = await t.app.pedir(`h${marca}.localhost`, '/v1/leiloes/lista-site/caixa-economica');
    expect(r.status).toBe(200);
    const itens = r.json<Leilao[]>();
    expect(itens.length).toBeGreaterThan(0);
    expect(r.headers.count).toBe(String(itens.length));
    const [cef] = await t.banco.db
      .select({ id: comitente.id, cnpj: comitente.cnpj })
      .from(comitente)
      .where(and(eq(comitente.hotsiteId, marca), eq(comitente.nomeSite, 'Caixa Econômica Federal')));
    expect(cef.cnpj).toBe('00360305000104');
    for (const l of itens) {
      expect(l.comitentesLogomarcas.map((c) => c.nome)).toContain('Caixa Econômica Federal');
      const lotes = await t.banco.db
        .select({ id: lote.id })
        .from(lote)
        .where(and(eq(lote.hotsiteId, marca), eq(lote.leilaoId, l.id), eq(lote.comitenteId, cef.id)));
      expect(lotes.length).toBeGreaterThan(0);
    }
    // The full site list holds more auctions than Caixa's.
    const todos = (await t.app.pedir(`h${marca}.localhost`, '/v1/leiloes/lista-site')).json<Leilao[]>();
    expect(todos.length).toBeGreaterThan(itens.length);
  });

  it('the shop brand has no Caixa seller: an empty list', async () => {
    const r = await t.app.pedir('h2.localhost', '/v1/leiloes/lista-site/caixa-economica');
    expect(r.status).toBe(200);
    expect(r.json()).toEqual([]);
  });
});
