import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leilao, loteVisitado } from '@db/schema';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { instanciaDeTeste } from '../server';

/** Issue #33: compare lots (up to 4, side by side) and the last visited lots, per client and per brand. */
const t = instanciaDeTeste();
const DADOS = `_data=${encodeURIComponent('routes/comparar-lotes')}`;

interface Comparacao {
  lotes: { id: number; caminho: string; valor: { totalAPagar: number } }[];
  visitados: { id: number }[];
  doCliente: boolean;
  erro: string | null;
}
const comparar = (host: string, consulta: string, cookie?: string) =>
  t.app.pedir(host, `/comparar-lotes?${consulta}&${DADOS}`, { headers: cookie ? { cookie } : {} });

describe('compare lots', () => {
  it('shows up to 4 lots in the order given, each with the total its own page shows', async () => {
    const ids = [];
    for (const minimo of [10_000_00, 20_000_00, 30_000_00, 40_000_00]) ids.push((await criarLoteEmDisputa(t.banco.db, { minimo })).loteId);
    const r = await comparar('h1.localhost', `ids=${[ids[2], ids[0], ids[3], ids[1]].join(',')}`);
    expect(r.status).toBe(200);
    const c = r.json<Comparacao>();
    expect(c.lotes.map((l) => l.id)).toEqual([ids[2], ids[0], ids[3], ids[1]]);
    const pagina = await t.app.pedir(
      'h1.localhost',
      `${c.lotes[0].caminho}?_data=${encodeURIComponent('routes/leilao.$local.$tipo.$marca.$nome.$ano.$id')}`,
    );
    expect(pagina.status, String(pagina.headers['x-remix-redirect'])).toBe(200);
    expect(pagina.json<{ lote: { valor: { totalAPagar: number } } }>().lote.valor.totalAPagar).toBe(c.lotes[0].valor.totalAPagar);
  });

  it('refuses a fifth lot and a broken list with a pt-BR message (400), and never shows another brand’s lot', async () => {
    const cinco = await comparar('h1.localhost', 'ids=1,2,3,4,5');
    expect(cinco.status).toBe(400);
    expect(cinco.json<Comparacao>().erro).toBe('Compare no máximo 4 lotes de cada vez');
    const quebrada = await comparar('h1.localhost', 'ids=1,abc');
    expect([quebrada.status, quebrada.json<Comparacao>().erro]).toEqual([400, 'Lote inválido na lista']);
    const pagina = await t.app.pedir('h1.localhost', '/comparar-lotes?ids=1,2,3,4,5');
    expect(pagina.texto).toContain('Compare no máximo 4 lotes de cada vez');

    const { loteId: daOutra } = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 2 });
    const { loteId: daMarca } = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 1 });
    const c = (await comparar('h1.localhost', `ids=${daOutra},${daMarca}`)).json<Comparacao>();
    expect(c.lotes.map((l) => l.id)).toEqual([daMarca]);
  });

  it('leaves out a private auction’s lot for anyone but its guests', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 1 });
    await t.banco.db.update(leilao).set({ privado: true }).where(eq(leilao.id, leilaoId));
    const c = (await comparar('h1.localhost', `ids=${loteId}`)).json<Comparacao>();
    expect(c.lotes).toEqual([]);
  });
});

describe('last visited lots', () => {
  it('keeps a client’s newest 12, newest first, moving a lot seen again to the top; not another client’s', async () => {
    const ana = await criarCliente(t.banco.db, { hotsiteId: 1, nome: 'Ana' });
    const outro = await criarCliente(t.banco.db, { hotsiteId: 1, nome: 'Bruno' });
    const ids: number[] = [];
    for (let i = 0; i < 14; i++) ids.push((await criarLoteEmDisputa(t.banco.db, { hotsiteId: 1 })).loteId);
    const abrir = async (id: number, cookie: string) => {
      const r = await t.app.pedir('h1.localhost', `/leilao/x-sp/t/m/n/ano.2020/${id}`);
      const pagina = await t.app.pedir('h1.localhost', String(r.headers.location), { headers: { cookie } });
      expect(pagina.status).toBe(200);
    };
    for (const id of ids) await abrir(id, ana.cookie);
    await abrir(ids[5], ana.cookie);
    const c = (await comparar('h1.localhost', '', ana.cookie)).json<Comparacao>();
    expect(c.doCliente).toBe(true);
    expect(c.visitados.map((l) => l.id)).toEqual([ids[5], ...ids.slice(6).reverse(), ids[4], ids[3], ids[2]]);
    expect(await t.banco.db.$count(loteVisitado, eq(loteVisitado.usuarioId, ana.id))).toBe(12);
    expect((await comparar('h1.localhost', '', outro.cookie)).json<Comparacao>().visitados).toEqual([]);
  });

  it('reads a visitor’s list from the ids the browser keeps, at most 12, only this brand’s lots', async () => {
    const { loteId } = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 1 });
    const { loteId: daOutra } = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 2 });
    const c = (await comparar('h1.localhost', `visitados=${daOutra},${loteId}`)).json<Comparacao>();
    expect([c.doCliente, c.visitados.map((l) => l.id)]).toEqual([false, [loteId]]);
    const muitos = await comparar('h1.localhost', `visitados=${Array.from({ length: 13 }, (_, i) => i + 1).join(',')}`);
    expect([muitos.status, muitos.json<Comparacao>().erro]).toEqual([400, 'No máximo 12 lotes visitados']);
  });
});
