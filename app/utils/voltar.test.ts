import { describe, expect, it } from 'vitest';
import { caminhoDeVolta } from './voltar';

describe('caminhoDeVolta (no open redirect)', () => {
  it.each([
    ['/fale-conosco', '/fale-conosco'],
    ['/', '/'],
    ['/a?b=c', '/a?b=c'],
    ['/lote/1?aba=lances#topo', '/lote/1?aba=lances#topo'],
    ['//evil.com', '/x'],
    ['/\\evil.com', '/x'],
    ['/a\\..\\evil', '/x'],
    ['\\\\evil.com', '/x'],
    ['/\t/evil.com', '/x'],
    ['/\n/evil.com', '/x'],
    ['/\u0000', '/x'],
    ['/a\u0085b', '/x'],
    ['/ação', '/x'],
    ['https://evil.com', '/x'],
    ['javascript:alert(1)', '/x'],
    ['evil.com', '/x'],
    ['', '/x'],
    ['/' + 'a'.repeat(600), '/x'],
    [undefined, '/x'],
    [['/a'], '/x'],
  ])('%j → %s', (entrada, esperado) => expect(caminhoDeVolta(entrada, '/x')).toBe(esperado));
});
