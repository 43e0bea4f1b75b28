import { describe, expect, it } from 'vitest';
import { cronogramaCpc895, somarMeses } from './parcelamento';

describe('the CPC 895 schedule', () => {
  it.each([
    // valor, entrada, parcelas: the instalments differ by at most a centavo and add up to the price
    [90_000_00, 22_500_00, 7],
    [95_000_01, 40_000_00, 10],
    [80_000_00, 20_000_00, 30],
    [10_000_00, 2_500_00, 1],
    [1_000_03, 250_01, 3],
  ])('R$ %i with %i down in %i instalments adds up exactly', (valor, entrada, parcelas) => {
    const c = cronogramaCpc895({ valor, entrada, parcelas, diaPagamento: '2026-12-01' });
    expect(c).toHaveLength(parcelas + 1);
    expect(c[0]).toEqual({ numero: 0, vencimento: '2026-12-01', valor: entrada });
    expect(c.reduce((s, p) => s + p.valor, 0)).toBe(valor);
    const v = c.slice(1).map((p) => p.valor);
    expect(Math.max(...v) - Math.min(...v)).toBeLessThanOrEqual(1);
    // The leftover centavos go to the first instalments.
    expect([...v].sort((a, b) => b - a)).toEqual(v);
    expect(c.map((p) => p.numero)).toEqual(Array.from({ length: parcelas + 1 }, (_, i) => i));
  });

  it('a cash proposal is one line of the whole price', () => {
    expect(cronogramaCpc895({ valor: 70_000_00, entrada: null, parcelas: null, diaPagamento: '2026-12-01' })).toEqual([
      { numero: 0, vencimento: '2026-12-01', valor: 70_000_00 },
    ]);
    expect(cronogramaCpc895({ valor: 70_000_00, entrada: 70_000_00, parcelas: 3, diaPagamento: '2026-12-01' })).toHaveLength(1);
  });

  it('instalments fall monthly on the same day, the month end when it has no such day', () => {
    expect(somarMeses('2026-01-31', 1)).toBe('2026-02-28');
    expect(somarMeses('2028-01-31', 1)).toBe('2028-02-29');
    expect(somarMeses('2026-11-30', 3)).toBe('2027-02-28');
    expect(somarMeses('2026-12-15', 1)).toBe('2027-01-15');
    expect(somarMeses('2026-12-15', 30)).toBe('2029-06-15');
    const c = cronogramaCpc895({ valor: 40_000_00, entrada: 10_000_00, parcelas: 3, diaPagamento: '2026-12-31' });
    expect(c.map((p) => p.vencimento)).toEqual(['2026-12-31', '2027-01-31', '2027-02-28', '2027-03-31']);
  });
});
