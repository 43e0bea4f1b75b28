import { crc32, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aceitaGzip, combinarCrc32, comprimirPartes, gzipEmendado } from './gzip-emendado.server';

const juntar = (partes: Buffer[], valores: Buffer[]) =>
  Buffer.concat(partes.flatMap((p, i) => (i < valores.length ? [p, valores[i]] : [p])));

describe('gzip emendado', () => {
  it('a browser inflates the spliced answer to the document with this answer’s values', () => {
    const partes = [
      '<!doctype html><script nonce="',
      '">window.x=1</script><main>' + '<article>Lote 014 · Nissan Versa — R$ 33.700,00</article>'.repeat(200),
      '"</main><script nonce="',
      '"></script>',
    ].map((s) => Buffer.from(s));
    const c = comprimirPartes(partes);
    for (const valores of [
      ['ev9k2Is4B9N6Yudc7E/XXw==', 'b5c1', 'ev9k2Is4B9N6Yudc7E/XXw=='],
      ['outro', '', 'ç'],
    ].map((v) => v.map((s) => Buffer.from(s)))) {
      const gz = gzipEmendado(c, valores);
      expect(gunzipSync(gz).equals(juntar(partes, valores))).toBe(true);
    }
    // Compressed once: far smaller than the page, and no part is compressed per answer.
    expect(c.bytes).toBeLessThan(partes.reduce((t, p) => t + p.length, 0) / 10);
  });

  it('any parts and values, empty ones and values over a stored block’s 64 kB included', () => {
    const bytes = fc.uint8Array({ maxLength: 3_000 }).map((a) => Buffer.from(a));
    fc.assert(
      fc.property(fc.array(bytes, { minLength: 1, maxLength: 6 }), fc.array(bytes, { maxLength: 6 }), (partes, soltos) => {
        const valores = partes.slice(1).map((_, i) => soltos[i] ?? Buffer.alloc(0));
        expect(gunzipSync(gzipEmendado(comprimirPartes(partes, 1), valores)).equals(juntar(partes, valores))).toBe(true);
      }),
      { numRuns: 150 },
    );
    const grande = Buffer.alloc(150_000, 7);
    const partes = [Buffer.from('a'), Buffer.from('b')];
    expect(gunzipSync(gzipEmendado(comprimirPartes(partes), [grande])).equals(juntar(partes, [grande]))).toBe(true);
  });

  it('combines CRC-32s as zlib does', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 500 }), fc.uint8Array({ maxLength: 500 }), (a, b) => {
        expect(combinarCrc32(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
      }),
    );
  });

  it('refuses values that do not fit between the parts', () => {
    expect(() => gzipEmendado(comprimirPartes([Buffer.from('a'), Buffer.from('b')]), [])).toThrow();
  });
});

describe('aceitaGzip', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['GZIP', true],
    ['x-gzip', true],
    ['*', true],
    ['br, *;q=0', false],
    ['gzip;q=0', false],
    ['gzip; q=0.000', false],
    ['*, gzip;q=0', false],
    ['br, deflate', false],
    ['identity', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (cabecalho, esperado) => {
    expect(aceitaGzip(cabecalho)).toBe(esperado);
  });
});
