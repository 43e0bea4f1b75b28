import { describe, expect, it } from 'vitest';
import { caminhoDeVolta } from './voltar';

describe('caminhoDeVolta (no open redirect)', () => {
  it.each([
    ['/fale-conosco', '/fale-conosco'],
    ['/', '/'],
    ['//evil.com', '/x'],
    ['/\\evil.com', '/x'],
    ['https://evil.com', '/x'],
    ['/a?b=c', '/x'],
    [undefined, '/x'],
  ])('%s → %s', (entrada, esperado) => expect(caminhoDeVolta(entrada, '/x')).toBe(esperado));
});
