import { describe, expect, it } from 'vitest';
import { embaralhar } from './embaralhar';

describe('embaralhar', () => {
  it.each([
    { lista: [], sorteios: [], esperado: [] },
    { lista: ['a'], sorteios: [], esperado: ['a'] },
    // i = 2 swaps with 0, i = 1 stays.
    { lista: ['a', 'b', 'c'], sorteios: [0, 1], esperado: ['c', 'b', 'a'] },
    // Always the last index: nothing moves.
    { lista: ['a', 'b', 'c', 'd'], sorteios: [3, 2, 1], esperado: ['a', 'b', 'c', 'd'] },
    { lista: ['a', 'b', 'c', 'd'], sorteios: [0, 0, 0], esperado: ['b', 'c', 'd', 'a'] },
  ])('$lista with $sorteios → $esperado', ({ lista, sorteios, esperado }) => {
    const fila = [...sorteios];
    const pedidos: number[] = [];
    const r = embaralhar(lista, (n) => {
      pedidos.push(n);
      return fila.shift()!;
    });
    expect(r).toEqual(esperado);
    expect(pedidos).toEqual(sorteios.map((_, k) => lista.length - k));
  });

  it('keeps every element and leaves the input alone', () => {
    const lista = [1, 2, 3, 4, 5, 6];
    const r = embaralhar(lista, (n) => Math.floor(Math.random() * n));
    expect([...r].sort()).toEqual(lista);
    expect(lista).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
