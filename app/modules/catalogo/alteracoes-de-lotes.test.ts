import { describe, expect, it } from 'vitest';
import { AlteracoesDeLotes } from './alteracoes-de-lotes';

describe('AlteracoesDeLotes', () => {
  it('a lot named by the feed after a mark has changed since it; before it, or another lot, has not', () => {
    const a = new AlteracoesDeLotes();
    a.invalidar([1]);
    const desde = a.marca();
    expect(a.alteradoDesde(1, desde)).toBe(false);
    a.invalidar([2]);
    expect(a.alteradoDesde(1, desde)).toBe(false);
    expect(a.alteradoDesde(2, desde)).toBe(true);
    expect(a.alteradoDesde(2, a.marca())).toBe(false);
  });

  it('past its bound it forgets the oldest lots, and a mark taken before a forgotten one counts as changed', () => {
    const a = new AlteracoesDeLotes(2);
    const desde = a.marca();
    a.invalidar([1]);
    const depois = a.marca();
    a.invalidar([2]);
    a.invalidar([3]);
    expect(a.alteradoDesde(4, desde)).toBe(true);
    expect(a.alteradoDesde(4, depois)).toBe(false);
    expect(a.alteradoDesde(3, depois)).toBe(true);
  });

  it('a feed that starts over makes every earlier mark changed', () => {
    const a = new AlteracoesDeLotes();
    const desde = a.marca();
    a.recomecar();
    expect(a.alteradoDesde(7, desde)).toBe(true);
    expect(a.alteradoDesde(7, a.marca())).toBe(false);
  });
});
