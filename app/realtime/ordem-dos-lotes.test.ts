import { describe, expect, it } from 'vitest';
import type { LoteAoVivo } from './lances-cliente';
import { JANELA_DE_ORDEM_MS, OrdemDosLotes } from './ordem-dos-lotes';

const lote = (seq: number, lance: number, extra: Partial<LoteAoVivo> = {}): LoteAoVivo => ({
  veiUid: 'V1',
  seq,
  valor: { lance, atual: lance, proximo: lance + 100, incremento: 100 },
  ...extra,
});

/** An order that starts from the page's snapshot at `seq`. */
function aPartirDe(seq: number, extra: Partial<LoteAoVivo> = {}) {
  const o = new OrdemDosLotes<LoteAoVivo>();
  o.snapshot(lote(seq, seq * 100, extra), 0);
  return o;
}

describe('a lot’s updates, applied in sequence order', () => {
  it.each([
    ['unknown lot: taken as is', undefined, lote(5, 1000), 5],
    ['next sequence: applied', 1, lote(2, 1100), 2],
    ['same sequence (duplicate): ignored', 2, lote(2, 1100), null],
    ['older sequence: ignored', 3, lote(2, 1100), null],
    ['a skipped sequence: held back, not applied', 1, lote(3, 1200), null],
  ])('%s', (_n, inicio, parcial, seqAplicada) => {
    const o = inicio === undefined ? new OrdemDosLotes<LoteAoVivo>() : aPartirDe(inicio);
    expect(o.receber(parcial, 10)?.seq ?? null).toBe(seqAplicada);
  });

  it('keeps fields the update does not carry', () => {
    const o = aPartirDe(1, { nome: 'Gol' });
    expect(o.receber(lote(2, 1100), 10)).toMatchObject({ nome: 'Gol', seq: 2, valor: { lance: 1100 } });
  });

  it('two instances’ events interleaved: the later one waits for the earlier, then both apply in order, no refetch', () => {
    const o = aPartirDe(4);
    // Instance B's own bid (6) reaches its socket before A's (5) arrives through the bus.
    expect(o.receber(lote(6, 600, { situacao: 'AG_PAGAMENTO' }), 100)).toBeNull();
    expect(o.lote('V1')?.seq).toBe(4);
    expect(o.fimDaJanela('V1')).toBe(100 + JANELA_DE_ORDEM_MS);
    const r = o.receber(lote(5, 500, { situacao: 'LIBERADO_LEILAO' }), 120);
    // 5 then 6 merged: the final situation is 6's, not the stale 5's.
    expect(r).toMatchObject({ seq: 6, situacao: 'AG_PAGAMENTO', valor: { lance: 600 } });
    expect(o.fimDaJanela('V1')).toBeNull();
    expect(o.atrasado('V1', 100_000)).toBe(false);
  });

  it('a real hole is declared only once its window is over', () => {
    const o = aPartirDe(1);
    o.receber(lote(3, 300), 1_000);
    expect(o.atrasado('V1', 1_000 + JANELA_DE_ORDEM_MS - 1)).toBe(false);
    expect(o.atrasado('V1', 1_000 + JANELA_DE_ORDEM_MS)).toBe(true);
    // The snapshot fills the hole and the held update newer than it follows.
    expect(o.snapshot(lote(2, 200), 2_100)).toMatchObject({ seq: 3, valor: { lance: 300 } });
    expect(o.atrasado('V1', 99_999)).toBe(false);
  });

  it('a snapshot older than what arrived meanwhile does not win', () => {
    const o = aPartirDe(4);
    expect(o.snapshot(lote(3, 1200), 10).seq).toBe(4);
    expect(o.snapshot(lote(6, 1300), 10).seq).toBe(6);
  });

  it('the hub’s estado shows a lot whose last update was lost: behind → window → refetch; level or ahead → nothing', () => {
    const o = aPartirDe(7);
    o.anunciar('V1', 7, 0);
    o.anunciar('V1', 6, 0);
    expect(o.fimDaJanela('V1')).toBeNull();
    o.anunciar('V1', 8, 500);
    expect(o.atrasado('V1', 500 + JANELA_DE_ORDEM_MS - 1)).toBe(false);
    // The lost update arrives late after all (it was only in flight): no refetch.
    o.receber(lote(8, 800), 600);
    expect(o.fimDaJanela('V1')).toBeNull();
    o.anunciar('V1', 9, 700);
    expect(o.atrasado('V1', 700 + JANELA_DE_ORDEM_MS)).toBe(true);
  });

  it('a snapshot answers the announcement even when it cannot meet it (no refetch loop)', () => {
    const o = aPartirDe(7);
    o.anunciar('V1', 9, 0);
    o.snapshot(lote(8, 800), 2_000);
    expect(o.fimDaJanela('V1')).toBeNull();
  });

  it('a held update newer than the snapshot keeps the lot waiting, with a new window', () => {
    const o = aPartirDe(1);
    o.receber(lote(5, 500), 0);
    o.snapshot(lote(3, 300), 2_000);
    expect(o.lote('V1')?.seq).toBe(3);
    expect(o.fimDaJanela('V1')).toBe(2_000 + JANELA_DE_ORDEM_MS);
    expect(o.receber(lote(4, 400), 2_050)).toMatchObject({ seq: 5 });
  });
});
