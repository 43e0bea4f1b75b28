import { describe, expect, it } from 'vitest';
import { lerQuantidade, numeroBr, quantidadeOpcionalSchema, quantidadeSchema, reaisParaCentavos, reaisSchema } from './numeros';

describe('money typed the Brazilian way', () => {
  it.each([
    ['60.000', 6_000_000],
    ['60.000,00', 6_000_000],
    ['60000', 6_000_000],
    ['60000,00', 6_000_000],
    ['60,5', 6050],
    ['60,05', 6005],
    ['R$ 60.000,00', 6_000_000],
    ['R$60.000', 6_000_000],
    ['  1.234.567,89 ', 123_456_789],
    ['5000.00', 500_000],
    ['5000.5', 500_050],
    ['0,01', 1],
    ['0', 0],
    ['1.000.000.000,00', 100_000_000_000],
    ['60 000', 6_000_000],
    ['R$\u00a060.000,00', 6_000_000],
  ])('%j → %i centavos', (texto, centavos) => {
    expect(reaisParaCentavos(texto)).toBe(centavos);
  });

  it.each([
    '',
    'abc',
    '60,000', // three decimals: not money, and not a thousands separator either
    '1,234.56', // the US way
    '6.0000',
    '60.00.000',
    '1.2.3',
    '60,',
    ',5',
    '60,5,0',
    '-60',
    '1e5',
    '60.000,5x',
    '99999999999999',
    'NaN',
  ])('%j is not money', (texto) => {
    expect(reaisParaCentavos(texto)).toBeNaN();
  });
});

describe('quantities typed the Brazilian way', () => {
  it.each([
    ['65.432', 0, 65_432],
    ['65432', 0, 65_432],
    ['65.432,0', 0, 65_432],
    ['1.234.567', 0, 1_234_567],
    ['2,5', 1, 2.5],
    ['2,50', 1, 2.5],
    ['1.200,75', 2, 1200.75],
  ])('%j (%i places) → %d', (texto, casas, n) => {
    expect(lerQuantidade(texto, { casas })).toBe(n);
  });

  it.each([
    ['65,432', 0],
    ['65.43', 0],
    ['2,5', 0],
    ['2,55', 1],
    ['km', 0],
  ])('%j (%i places) is refused', (texto, casas) => {
    expect(lerQuantidade(texto, { casas })).toBeNaN();
  });

  it('writes bounds the Brazilian way', () => {
    expect(numeroBr(9_999_999)).toBe('9.999.999');
    expect(numeroBr(2.5)).toBe('2,5');
  });
});

describe('zod helpers', () => {
  const km = quantidadeOpcionalSchema({ rotulo: 'Km', min: 0, max: 9_999_999 });
  it('reads a form text or a JSON number, and empty as null', () => {
    expect(km.parse('65.432')).toBe(65_432);
    expect(km.parse(65_432)).toBe(65_432);
    expect(km.parse('')).toBeNull();
    expect(km.parse(undefined)).toBeUndefined();
  });
  it('refuses with the bounds written as they are typed', () => {
    const r = quantidadeSchema({ rotulo: 'Km', min: 0, max: 9_999_999 }).safeParse('10.000.000');
    expect(r.success || r.error.issues[0].message).toBe('Km deve estar entre 0 e 9.999.999');
    const texto = km.safeParse('muito');
    expect(texto.success || texto.error.issues[0].message).toBe('Km deve estar entre 0 e 9.999.999');
  });
  it('reads reais into centavos', () => {
    expect(reaisSchema().parse('60.000')).toBe(6_000_000);
    const r = reaisSchema().safeParse('60.000.0');
    expect(r.success || r.error.issues[0].message).toBe('Informe o valor em reais, por exemplo 60.000,00');
  });
});
