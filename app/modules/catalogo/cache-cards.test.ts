import { describe, expect, it } from 'vitest';
import { CacheDeCards } from './cache-cards';

const card = (id: number, nome = `lote ${id}`) => ({ id, nome });

describe('CacheDeCards', () => {
  it('keeps a card per brand until its lot is invalidated', () => {
    const c = new CacheDeCards<ReturnType<typeof card>>();
    c.guardar(c.marca(), 1, [card(1), card(2)]);
    expect(c.obter(1, 1)?.nome).toBe('lote 1');
    expect(c.obter(2, 1)).toBeUndefined(); // another brand never gets it
    c.invalidar([1]);
    expect(c.obter(1, 1)).toBeUndefined();
    expect(c.obter(1, 2)?.nome).toBe('lote 2');
  });

  it('does not store a card read before its lot was invalidated (the read may predate the change)', () => {
    const c = new CacheDeCards<ReturnType<typeof card>>();
    const marca = c.marca();
    c.invalidar([7]); // a feed read names lot 7 while the database read is in flight
    c.guardar(marca, 1, [card(7, 'velho'), card(8)]);
    expect(c.obter(1, 7)).toBeUndefined();
    expect(c.obter(1, 8)?.nome).toBe('lote 8');
    // A read that starts after the invalidation stores it.
    c.guardar(c.marca(), 1, [card(7, 'novo')]);
    expect(c.obter(1, 7)?.nome).toBe('novo');
  });

  it('stores nothing from a read older than a forgotten invalidation, and evicts the oldest cards past its size', () => {
    const c = new CacheDeCards<ReturnType<typeof card>>({ maximo: 3, maximoDeInvalidacoes: 2 });
    const marca = c.marca();
    c.invalidar([1]);
    c.invalidar([2]);
    c.invalidar([3]); // lot 1's invalidation is forgotten
    c.guardar(marca, 1, [card(1), card(9)]);
    expect(c.tamanho).toBe(0);
    c.guardar(c.marca(), 1, [card(10), card(11), card(12), card(13)]);
    expect(c.tamanho).toBe(3);
    expect(c.obter(1, 10)).toBeUndefined();
    expect(c.obter(1, 13)?.nome).toBe('lote 13');
  });

  it('forgets everything when cleared, including reads in flight', () => {
    const c = new CacheDeCards<ReturnType<typeof card>>();
    c.guardar(c.marca(), 1, [card(1)]);
    const marca = c.marca();
    c.limpar();
    c.guardar(marca, 1, [card(2)]);
    expect(c.tamanho).toBe(0);
  });
});
