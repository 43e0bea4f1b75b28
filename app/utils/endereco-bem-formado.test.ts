import { describe, expect, it } from 'vitest';
import { enderecoBemFormado } from './endereco-bem-formado';

describe('enderecoBemFormado', () => {
  it.each([
    ['/', true],
    ['/leilao/abc', true],
    ['/lotes?busca=%C3%A7&p=2', true],
    ['/lotes?busca=100%25', true],
    ['/a%2Fb', true],
    ['/leilao/%ZZ', false],
    ['/leilao/%', false],
    ['/%FF', false],
    ['/?q=%ZZ', false],
    ['/lotes?busca=%E0%A4%A', false],
    ['/lotes?x=1&y=%', false],
  ])('%s → %s', (url, esperado) => expect(enderecoBemFormado(url)).toBe(esperado));
});
