import { describe, expect, it } from 'vitest';
import { cronogramaCpc895, estadoDasParcelas, somarMeses } from './parcelamento';

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

describe('the state of each line', () => {
  // A sale of R$ 100 + R$ 5 of commission: R$ 25 down, then three instalments of R$ 25.
  const parcelas = [
    { id: 1, loteId: 7, numero: 0, vencimento: '2026-12-01', valor: 25_00 },
    { id: 2, loteId: 7, numero: 1, vencimento: '2027-01-01', valor: 25_00 },
    { id: 3, loteId: 7, numero: 2, vencimento: '2027-02-01', valor: 25_00 },
    { id: 4, loteId: 7, numero: 3, vencimento: '2027-03-01', valor: 25_00 },
  ];
  const casos: [string, { aprovado: number; emValidacao: number; hoje: string }, string[], number[]][] = [
    [
      'nothing paid before the first day',
      { aprovado: 0, emValidacao: 0, hoje: '2026-11-30' },
      ['a-vencer', 'a-vencer', 'a-vencer', 'a-vencer'],
      [30_00, 25_00, 25_00, 25_00],
    ],
    [
      'nothing paid after the down payment’s day',
      { aprovado: 0, emValidacao: 0, hoje: '2026-12-02' },
      ['vencida', 'a-vencer', 'a-vencer', 'a-vencer'],
      [30_00, 25_00, 25_00, 25_00],
    ],
    [
      'the down payment without the commission is not enough',
      { aprovado: 25_00, emValidacao: 0, hoje: '2026-12-01' },
      ['a-vencer', 'a-vencer', 'a-vencer', 'a-vencer'],
      [5_00, 25_00, 25_00, 25_00],
    ],
    [
      'down payment and commission approved, the first instalment late',
      { aprovado: 30_00, emValidacao: 0, hoje: '2027-01-02' },
      ['paga', 'vencida', 'a-vencer', 'a-vencer'],
      [0, 25_00, 25_00, 25_00],
    ],
    [
      'the first instalment’s proof awaits validation',
      { aprovado: 30_00, emValidacao: 25_00, hoje: '2027-01-02' },
      ['paga', 'em-validacao', 'a-vencer', 'a-vencer'],
      [0, 0, 25_00, 25_00],
    ],
    [
      'a partial payment lowers the next line',
      { aprovado: 40_00, emValidacao: 0, hoje: '2026-12-15' },
      ['paga', 'a-vencer', 'a-vencer', 'a-vencer'],
      [0, 15_00, 25_00, 25_00],
    ],
    ['everything paid', { aprovado: 105_00, emValidacao: 0, hoje: '2027-04-01' }, ['paga', 'paga', 'paga', 'paga'], [0, 0, 0, 0]],
  ];
  it.each(casos)('%s', (_, pagos, situacoes, restantes) => {
    const e = estadoDasParcelas({ parcelas, totalDaVenda: 105_00, ...pagos });
    expect(e.map((x) => x.situacao)).toEqual(situacoes);
    expect(e.map((x) => x.restante)).toEqual(restantes);
  });

  it('two lots’ schedules: both down payments first, then the instalments by due day', () => {
    const e = estadoDasParcelas({
      parcelas: [
        { id: 1, loteId: 7, numero: 0, vencimento: '2026-12-01', valor: 10_00 },
        { id: 2, loteId: 7, numero: 1, vencimento: '2027-01-01', valor: 10_00 },
        { id: 3, loteId: 8, numero: 0, vencimento: '2026-12-01', valor: 20_00 },
        { id: 4, loteId: 8, numero: 1, vencimento: '2027-01-01', valor: 20_00 },
      ],
      totalDaVenda: 60_00,
      aprovado: 30_00,
      emValidacao: 0,
      hoje: '2026-12-10',
    });
    expect(e.map((x) => [x.id, x.situacao])).toEqual([
      [1, 'paga'],
      [2, 'a-vencer'],
      [3, 'paga'],
      [4, 'a-vencer'],
    ]);
  });
});
