import { describe, expect, it } from 'vitest';
import { criarMaximosDoLote } from './maximos-do-lote.server';

describe('maximos-do-lote (the per-instance hint, decision 084)', () => {
  it('marks and unmarks a lot per brand', () => {
    const m = criarMaximosDoLote();
    m.marcar(1, 10);
    expect([m.tem(1, 10), m.tem(2, 10), m.tem(1, 11)]).toEqual([true, false, false]);
    m.desmarcar(1, 10);
    expect(m.tem(1, 10)).toBe(false);
  });

  it('past its limit forgets the lot marked longest ago (a forgotten lot only asks the fast path again)', () => {
    const m = criarMaximosDoLote({ limite: 2 });
    m.marcar(1, 1);
    m.marcar(1, 2);
    m.marcar(1, 1); // already there: keeps its place
    m.marcar(1, 3);
    expect([m.tem(1, 1), m.tem(1, 2), m.tem(1, 3)]).toEqual([false, true, true]);
  });
});
