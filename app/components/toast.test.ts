import { describe, expect, it } from 'vitest';
import { deveMostrar } from './toast';

describe('toast de-duplication (spec: a duplicate toast is suppressed for 2 s)', () => {
  const ultimos = new Map([['Aguarde estamos enviando sua requisicao', 10_000]]);
  it.each([
    ['Aguarde estamos enviando sua requisicao', 11_999, false],
    ['Aguarde estamos enviando sua requisicao', 12_000, true],
    ['Salvo com sucesso', 10_001, true],
  ])('%s at %i → %s', (texto, agora, esperado) => {
    expect(deveMostrar(ultimos, texto, agora)).toBe(esperado);
  });
});
