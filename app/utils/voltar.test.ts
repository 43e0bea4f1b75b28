import { describe, expect, it } from 'vitest';
import { caminhoDeVolta, caminhoDoSite } from './voltar';

describe('caminhoDeVolta (no open redirect)', () => {
  it.each([
    ['/fale-conosco', '/fale-conosco'],
    ['/', '/'],
    ['/a?b=c', '/a?b=c'],
    ['/lote/1?aba=lances#topo', '/lote/1?aba=lances#topo'],
    ['/lotes?q=50%25', '/lotes?q=50%25'],
    ['/a/../b', '/b'],
    // Non-ASCII becomes what the browser would send (a Location header carries ASCII only).
    ['/ação', '/a%C3%A7%C3%A3o'],
    ['//evil.com', '/x'],
    ['/\\evil.com', '/x'],
    ['/\\evil.example', '/x'],
    ['/a\\..\\evil', '/x'],
    ['\\\\evil.com', '/x'],
    ['/\t/evil.com', '/x'],
    ['/\n/evil.com', '/x'],
    ['/\u0000', '/x'],
    ['/a\u0085b', '/x'],
    // The same, %-encoded: refused after decoding.
    ['/%5Cevil.example', '/x'],
    ['/%5cevil.example', '/x'],
    ['/%2F%2Fevil.example', '/x'],
    ['/%2f/evil.example', '/x'],
    ['/%09/evil.com', '/x'],
    ['/a%0d%0aSet-Cookie:x=1', '/x'],
    ['/a%00', '/x'],
    ['/a%C2%85b', '/x'],
    // Dot segments that resolve to another host's path.
    ['/..//evil.com', '/x'],
    ['/.//evil.com', '/x'],
    ['/%2e%2e//evil.com', '/x'],
    ['/a/..//evil.com', '/x'],
    // Escapes that do not decode.
    ['/a%ZZ', '/x'],
    ['/a%', '/x'],
    ['/a%FF', '/x'],
    ['https://evil.com', '/x'],
    ['http:/evil.com', '/x'],
    ['javascript:alert(1)', '/x'],
    ['evil.com', '/x'],
    ['', '/x'],
    ['/' + 'a'.repeat(600), '/x'],
    [undefined, '/x'],
    [null, '/x'],
    [['/a'], '/x'],
  ])('%j → %s', (entrada, esperado) => expect(caminhoDeVolta(entrada, '/x')).toBe(esperado));

  it('answers a path that survives being rebuilt as a URL (what the form targets do with it)', () => {
    for (const entrada of ['/..//evil.com', '/%2e%2e//evil.com', '/a/./../..//evil.com', '/lote/1?x=1']) {
      const destino = caminhoDeVolta(entrada, '/');
      const url = new URL(destino, 'http://marca.test');
      expect(url.host).toBe('marca.test');
      expect(`${url.pathname}${url.search}`).not.toMatch(/^\/[/\\]/);
    }
  });

  it('caminhoDoSite answers null where caminhoDeVolta falls back', () => {
    expect(caminhoDoSite('/\\evil.example')).toBeNull();
    expect(caminhoDoSite('/leilao')).toBe('/leilao');
  });
});
