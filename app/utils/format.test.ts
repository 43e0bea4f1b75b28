import { describe, expect, it } from 'vitest';
import { centavosParaDecimal, formatarData, formatarDataHora, formatarMoeda } from './format';
import { formatarBytes } from './formatar-bytes';

const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');

describe('formatarMoeda', () => {
  it.each([
    [123456, 'R$ 1.234,56'],
    [5, 'R$ 0,05'],
    [0, 'R$ 0,00'],
    [-1999, '-R$ 19,99'],
    [9_007_199_254_740_991, 'R$ 90.071.992.547.409,91'],
  ])('%d centavos → %s', (c, s) => expect(nbsp(formatarMoeda(c))).toBe(s));

  it('is exact where floats are not (0.1 + 0.2)', () => {
    expect(nbsp(formatarMoeda(10 + 20))).toBe('R$ 0,30');
    expect(centavosParaDecimal(30)).toBe('0.30');
  });

  it('rounds to whole reais with casas 0', () => {
    expect(nbsp(formatarMoeda(123450, { casas: 0 }))).toBe('R$ 1.235');
    expect(nbsp(formatarMoeda(180000, { casas: 0 }))).toBe('R$ 1.800');
  });

  it('refuses fractional centavos', () => {
    expect(() => formatarMoeda(10.5)).toThrow();
  });
});

describe('datas em America/Sao_Paulo', () => {
  it('shows UTC instants in São Paulo time', () => {
    // 02:30 UTC is still the previous day (23:30) in São Paulo.
    expect(formatarData('2026-11-21T02:30:00Z')).toBe('20/11/2026');
    expect(formatarDataHora('2026-11-21T13:05:00Z')).toBe('21/11/2026 10:05');
  });
});

describe('formatarBytes (base 1000)', () => {
  it.each([
    [999, '999 B'],
    [1000, '1 kB'],
    [1_500_000, '1,5 MB'],
    [1_234_567, '1,23 MB'],
    [999_500, '1 MB'],
    [0, '0 B'],
  ])('%d → %s', (n, s) => expect(nbsp(formatarBytes(n))).toBe(s));
});
