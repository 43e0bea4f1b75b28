import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calcularValores, comissao, custoDaCompra, proximoLance, totais, valorAtual } from './dinheiro';

const centavos = fc.integer({ min: 0, max: 900_000_000_000 });
const taxa = fc.oneof(fc.constant(0), fc.integer({ min: -100_000_00, max: 100_000_00 }), centavos);
/** Basis points, with the values whose products land exactly on half a centavo often (5.000: half of the base). */
const pontosBase = fc.oneof(fc.constantFrom(1, 250, 500, 5_000, 10_000), fc.integer({ min: 0, max: 10_000 }));
const lote = fc.record({
  minimo: centavos,
  incremento: fc.integer({ min: 1, max: 10_000_000_00 }),
  ultimoLanceValor: fc.option(centavos, { nil: null }),
  comissaoPorcentagem: pontosBase,
  comissaoExtraPorcentagem: pontosBase,
  despachante: taxa,
  outros: taxa,
  remocao: taxa,
  depositoDeBens: taxa,
  vistoria: taxa,
});
const config = { numRuns: 20_000, seed: 29 };

/*
 * Properties of the one calculator (it replaced the bid engine's and the lot page's; a property test
 * proved it equal to both before they went): exact against rational arithmetic, so a change to the
 * rounding or to what counts as a fee fails here.
 */
const exata = (base: number, pb: number, arredondamento: 'metade-acima' | 'truncar') => {
  const bruto = BigInt(base) * BigInt(pb);
  return Number(arredondamento === 'truncar' ? bruto / 10_000n : (bruto * 2n + 10_000n) / 20_000n);
};
describe('money properties', () => {
  it('commission is the percent of the base, half up or truncated, to the centavo', () => {
    fc.assert(
      fc.property(centavos, pontosBase, fc.constantFrom('metade-acima' as const, 'truncar' as const), (base, pb, arr) => {
        expect(comissao(base, pb, arr)).toBe(exata(base, pb, arr));
      }),
      config,
    );
  });
  it('total = base + positive fees + both commissions, the same for the engine, the sale and the lot page', () => {
    fc.assert(
      fc.property(lote, fc.boolean(), (l, paraBaixo) => {
        const arr = paraBaixo ? 'truncar' : 'metade-acima';
        const base = l.ultimoLanceValor ?? l.minimo;
        const taxas = [l.despachante, l.outros, l.remocao, l.depositoDeBens, l.vistoria].reduce((a, t) => a + Math.max(t, 0), 0);
        const despesas = taxas + exata(base, l.comissaoPorcentagem, arr) + exata(base, l.comissaoExtraPorcentagem, arr);
        const t = totais({ ...l, lance: l.ultimoLanceValor, despesas: l, arredondamento: arr });
        expect(t).toMatchObject({ base, despesas, totalAPagar: base + despesas });
        const bloco = calcularValores(l, { comissaoParaBaixo: paraBaixo });
        expect(bloco).toMatchObject({ base, valorAtual: base, totalDespesas: despesas, totalAPagar: base + despesas });
        expect(bloco.proximoLance).toBe(l.ultimoLanceValor == null ? l.minimo : l.ultimoLanceValor + l.incremento);
        if (!paraBaixo) {
          const c = custoDaCompra({ ...l, valor: base, despesas: l });
          expect(c.total).toBe(t.totalAPagar);
          expect(c.comissao).toBe(t.comissao + t.comissaoExtra);
        }
      }),
      config,
    );
  });
});

describe('lot values', () => {
  it.each([
    [null, 1_000_00, 50_00, 1_000_00, 1_000_00],
    [1_200_00, 1_000_00, 50_00, 1_200_00, 1_250_00],
  ])('lance %s, minimo %s, incremento %s → atual %s, proximo %s', (lance, minimo, inc, atual, proximo) => {
    expect(valorAtual(lance, minimo)).toBe(atual);
    expect(proximoLance(lance, minimo, inc)).toBe(proximo);
  });
});

describe('commission and totals', () => {
  it.each([
    // base, percent, rounding, expected
    [10_000_00, 500, 'metade-acima', 500_00],
    [12_345, 500, 'metade-acima', 617], // 617.25 → 617
    [12_350, 500, 'metade-acima', 618], // 617.50 → 618 (half up)
    [12_399, 500, 'truncar', 619], // 619.95 → 619 (rounded down)
    [10_000_00, 250, 'metade-acima', 250_00],
    [33_33, 0, 'metade-acima', 0],
  ] as const)('%s × %s bp (%s) = %s', (base, pct, arr, esperado) => {
    expect(comissao(base, pct, arr)).toBe(esperado);
  });

  it('uses the minimum when there is no bid and ignores negative or missing fees', () => {
    expect(
      totais({
        lance: null,
        minimo: 20_000_00,
        comissaoPorcentagem: 500,
        comissaoExtraPorcentagem: 100,
        despesas: { despachante: 350_00, outros: -10_00, remocao: null, depositoDeBens: 120_00, vistoria: 0 },
      }),
    ).toEqual({ base: 20_000_00, comissao: 1_000_00, comissaoExtra: 200_00, despesas: 1_670_00, totalAPagar: 21_670_00 });
  });

  it('the last bid is the base once there is one', () => {
    expect(totais({ lance: 30_000_00, minimo: 20_000_00, comissaoPorcentagem: 500 }).totalAPagar).toBe(31_500_00);
  });
});

const exemplo = {
  minimo: 10_000_00,
  incremento: 500_00,
  ultimoLanceValor: null,
  comissaoPorcentagem: 500,
  comissaoExtraPorcentagem: 0,
  despachante: 0,
  outros: 0,
  remocao: 0,
  depositoDeBens: 0,
  vistoria: 0,
};
describe('value block', () => {
  it.each([
    ['no bid: minimum', exemplo, 10_000_00, 10_000_00],
    ['with bid: last bid and last + increment', { ...exemplo, ultimoLanceValor: 12_000_00 }, 12_000_00, 12_500_00],
  ])('%s', (_, v, atual, proximo) => {
    const r = calcularValores(v);
    expect(r.valorAtual).toBe(atual);
    expect(r.proximoLance).toBe(proximo);
  });
  it.each([
    ['commission only', exemplo, {}, 500_00, 10_500_00],
    [
      'fees, extra commission, negative fee ignored',
      { ...exemplo, despachante: 800_00, remocao: -50_00, vistoria: 350_00, comissaoExtraPorcentagem: 150 },
      {},
      500_00 + 150_00 + 800_00 + 350_00,
      10_000_00 + 1_800_00,
    ],
    ['rounding half up', { ...exemplo, minimo: 333_33 }, {}, 16_67, 350_00],
    ['rounding down for one brand', { ...exemplo, minimo: 333_33 }, { comissaoParaBaixo: true }, 16_66, 349_99],
  ])('%s', (_, v, opcoes, despesas, total) => {
    const r = calcularValores(v, opcoes);
    expect(r.totalDespesas).toBe(despesas);
    expect(r.totalAPagar).toBe(total);
  });
});
