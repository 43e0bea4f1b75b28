import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leilao, leilaoLote, lote, veiculo } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { textoDoPdf } from '../pdf';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

/**
 * The auction sheets (decision 219): the auctioneer's sheet with each lot's minimum, increment,
 * buy-now and seller's value in running order, and the glass sheet with one card per lot; both as a page
 * and as a PDF, to the staff of each sheet only, for the brand's own auctions.
 */
const t = instanciaDeTeste();

/** An auction of brand `hotsiteId` with lot 001 (R$ 10.000,00 + 500,00), lot 002 before it in the running order, and a cancelled 003. */
async function leilaoComLotes(hotsiteId = 1) {
  const { leilaoId, loteId } = await criarLoteEmDisputa(t.banco.db, {
    hotsiteId,
    minimo: 10_000_00,
    incremento: 500_00,
    valorComitente: 14_000_00,
    compreJa: 20_000_00,
  });
  const [base] = await t.banco.db.select().from(lote).where(eq(lote.id, loteId));
  await t.banco.db
    .update(veiculo)
    .set({
      placa: 'ABC1D23',
      chassi: '9BWZZZ377VT004251',
      anoFabricacao: 2015,
      anoModelo: 2016,
      cor: 'Prata',
      km: 87_400,
      possuiChave: true,
    })
    .where(eq(veiculo.id, base.veiculoId));
  const novo = async (numero: string, nome: string, minimo: number, situacao: 'LIBERADO_LEILAO' | 'LOTE_CANCELADO', ordem: number) => {
    const [v] = await t.banco.db
      .insert(veiculo)
      .values({ hotsiteId, nome, modelo: nome, veiculoTipoId: 1, placa: `XYZ${ordem}E45` })
      .returning();
    const { id: _id, uid: _uid, valorAtual: _va, createdAt: _c, updatedAt: _u, ...resto } = base;
    const [l] = await t.banco.db
      .insert(lote)
      .values({ ...resto, veiculoId: v.id, numero, nome, minimo, incremento: 250_00, valorComitente: null, compreJa: null, situacao })
      .returning();
    await t.banco.db.insert(leilaoLote).values({ hotsiteId, leilaoId, loteId: l.id, ordemLeilao: ordem });
  };
  await t.banco.db.update(leilaoLote).set({ ordemLeilao: 2 }).where(eq(leilaoLote.loteId, loteId));
  await novo('002', 'Fiat Uno Way 2012', 7_500_00, 'LIBERADO_LEILAO', 1);
  await novo('003', 'Lote cancelado 2010', 1_000_00, 'LOTE_CANCELADO', 3);
  const [le] = await t.banco.db.select().from(leilao).where(eq(leilao.id, leilaoId));
  return le;
}

const pedir = (host: string, caminho: string, cookie?: string) => t.app.pedir(host, caminho, { headers: cookie ? { cookie } : {} });

describe('ficha-leiloeiro/{leiUid?}', () => {
  it('lists the running order with minimums, increments, buy-now and the seller value, and their sum; the cancelled lot is left out', async () => {
    const le = await leilaoComLotes();
    const leiloeiro = await entrarComoStaff(t.banco.db, [P.LEILOEIRO]);
    const escolha = await pedir('h1.localhost', '/ficha-leiloeiro', leiloeiro.cookie);
    expect(escolha.status).toBe(200);
    expect(escolha.texto).toContain(`/ficha-leiloeiro/${le.uid}`);

    const r = await pedir('h1.localhost', `/ficha-leiloeiro/${le.uid}`, leiloeiro.cookie);
    expect(r.status).toBe(200);
    expect(r.texto).toContain('Ficha do leiloeiro');
    expect(r.texto).toContain('noindex');
    const linhas = [...r.texto.matchAll(/<tr data-lote="(\d+)">([\s\S]*?)<\/tr>/g)];
    expect(linhas.map((m) => m[1])).toEqual(['002', '001']);
    const lote001 = linhas[1][2].replace(/<!-- -->/g, '');
    expect(lote001).toContain('ABC1D23');
    expect(lote001).toContain('2015/2016');
    expect(lote001).toMatch(/R\$\s10\.000,00/);
    expect(lote001).toMatch(/R\$\s500,00/);
    expect(lote001).toMatch(/R\$\s20\.000,00/);
    expect(lote001).toMatch(/R\$\s14\.000,00/);
    expect(r.texto).not.toContain('Lote cancelado 2010');
    expect(r.texto).toMatch(/data-testid="soma-minimos">R\$\s17\.500,00/);
    expect(r.texto).toContain(`/ficha-leiloeiro/${le.uid}/pdf`);
  });

  it('downloads the same sheet as a PDF with the lots, their values and the sum', async () => {
    const le = await leilaoComLotes();
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const r = await t.app.pedir('h1.localhost', `/ficha-leiloeiro/${le.uid}/pdf`, { headers: { cookie: adm.cookie } });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['cache-control']).toContain('no-store');
    const texto = textoDoPdf(r.bytes);
    expect(texto).toContain('Ficha do leiloeiro');
    expect(texto).toContain('Fiat Uno Way 2012');
    expect(texto).toContain('ABC1D23');
    expect(texto).toMatch(/R\$\s10\.000,00/);
    expect(texto).toMatch(/17\.500,00/);
    expect(texto).not.toContain('Lote cancelado 2010');
  });

  it("is refused to a visitor, a client, the yard and another role; another brand's or a malformed uid is a 404", async () => {
    const le = await leilaoComLotes();
    const outra = await leilaoComLotes(14);
    const leiloeiro = await entrarComoStaff(t.banco.db, [P.LEILOEIRO]);
    const patio = await entrarComoStaff(t.banco.db, [P.PATIO]);
    const sac = await entrarComoStaff(t.banco.db, [P.SAC]);
    const cliente = await criarCliente(t.banco.db);
    for (const caminho of [`/ficha-leiloeiro/${le.uid}`, `/ficha-leiloeiro/${le.uid}/pdf`]) {
      expect((await pedir('h1.localhost', caminho)).status).toBe(302);
      expect((await pedir('h1.localhost', caminho, cliente.cookie)).status).toBe(403);
      expect((await pedir('h1.localhost', caminho, patio.cookie)).status).toBe(403);
      expect((await pedir('h1.localhost', caminho, sac.cookie)).status).toBe(403);
    }
    const alheia = await pedir('h1.localhost', `/ficha-leiloeiro/${outra.uid}`, leiloeiro.cookie);
    expect(alheia.status).toBe(404);
    expect(alheia.texto).not.toContain('Fiat Uno Way 2012');
    expect((await pedir('h1.localhost', `/ficha-leiloeiro/${outra.uid}/pdf`, leiloeiro.cookie)).status).toBe(404);
    expect((await pedir('h1.localhost', '/ficha-leiloeiro/abc', leiloeiro.cookie)).status).toBe(404);
    expect((await pedir('h1.localhost', '/ficha-leiloeiro', leiloeiro.cookie)).texto).not.toContain(outra.uid);
  });
});

describe('ficha-lotes-vidro/{leiUid?}', () => {
  it('prints one card per lot with its number, vehicle, plate and key, for the yard too; the PDF has a page per lot', async () => {
    const le = await leilaoComLotes();
    const patio = await entrarComoStaff(t.banco.db, [P.PATIO]);
    const r = await pedir('h1.localhost', `/ficha-lotes-vidro/${le.uid}`, patio.cookie);
    expect(r.status).toBe(200);
    const cartoes = [...r.texto.matchAll(/<article[^>]*data-lote="(\d+)"[^>]*>([\s\S]*?)<\/article>/g)];
    expect(cartoes.map((m) => m[1])).toEqual(['002', '001']);
    const c001 = cartoes[1][2].replace(/<!-- -->/g, '');
    expect(c001).toContain('VW Gol 1.0 2015');
    expect(c001).toContain('Placa ABC1D23');
    expect(c001).toContain('Com chave');
    expect(c001).toContain('004251');
    // The minimum and the seller's value are not on a card put behind a windscreen.
    expect(c001).not.toMatch(/R\$/);

    const pdf = await t.app.pedir('h1.localhost', `/ficha-lotes-vidro/${le.uid}/pdf`, { headers: { cookie: patio.cookie } });
    expect(pdf.status).toBe(200);
    const bruto = pdf.bytes;
    expect(bruto.subarray(0, 4).toString()).toBe('%PDF');
    expect((bruto.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length).toBe(2);
    const texto = textoDoPdf(bruto);
    expect(texto).toContain('VW Gol 1.0 2015');
    expect(texto).toContain('ABC1D23');
  });

  it('reads anúncio and evento on a shop brand', async () => {
    const le = await leilaoComLotes(2);
    const adm = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId: 2 });
    const r = await pedir('h2.localhost', `/ficha-lotes-vidro/${le.uid}`, adm.cookie);
    expect(r.status).toBe(200);
    expect(r.texto).toContain('Ficha de anúncios para vidro');
    expect(r.texto).toContain('Anúncio');
    const f = await pedir('h2.localhost', `/ficha-leiloeiro/${le.uid}`, adm.cookie);
    expect(f.texto).toContain('Ficha do evento');
    expect(f.texto).toContain('Oferta mínima');
    expect(f.texto).not.toMatch(/Lance mínimo|Ficha do leiloeiro/);
  });
});
