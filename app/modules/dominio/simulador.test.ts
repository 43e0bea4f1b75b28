import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PARCELA_MINIMA, PARCELAS_MAXIMAS, parcelasNoCartao, simularCompra } from './simulador';

const bloco = {
  minimo: 10_000_00,
  incremento: 500_00,
  ultimoLanceValor: null,
  comissaoPorcentagem: 500,
  comissaoExtraPorcentagem: 0,
  despachante: 500_00,
  outros: 0,
  remocao: 0,
  depositoDeBens: 0,
  vistoria: 0,
};

describe('fee simulator', () => {
  it('prices a typed value fee by fee, as the sale item would', () => {
    const s = simularCompra(bloco, 60_000_00);
    expect(s).toMatchObject({ tipo: 'ok', custo: { valor: 60_000_00, comissao: 3_000_00, despachante: 500_00, total: 63_500_00 } });
  });

  it('refuses a value below the next accepted bid, naming it', () => {
    expect(simularCompra(bloco, 9_999_99)).toEqual({ tipo: 'abaixo', minimo: 10_000_00 });
    expect(simularCompra({ ...bloco, ultimoLanceValor: 12_000_00 }, 12_000_00)).toEqual({ tipo: 'abaixo', minimo: 12_500_00 });
  });
});

describe('card simulation', () => {
  it('splits R$ 100,01 in 1x only (2x would be under the smallest instalment)', () => {
    expect(parcelasNoCartao(100_01)).toEqual([{ quantidade: 1, valor: 100_01, primeira: 100_01, total: 100_01 }]);
  });

  it('puts the centavos that do not divide on the first instalment', () => {
    const tres = parcelasNoCartao(1_000_00).find((p) => p.quantidade === 3);
    expect(tres).toEqual({ quantidade: 3, valor: 333_33, primeira: 333_34, total: 1_000_00 });
  });

  it('always adds up to the total, never under the smallest instalment, at most 12x', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 900_000_000_000 }), (total) => {
        const lista = parcelasNoCartao(total);
        expect(lista[0].quantidade).toBe(1);
        expect(lista.length).toBeLessThanOrEqual(PARCELAS_MAXIMAS);
        for (const p of lista) {
          expect(p.primeira + p.valor * (p.quantidade - 1)).toBe(total);
          if (p.quantidade > 1) expect(p.valor).toBeGreaterThanOrEqual(PARCELA_MINIMA);
          expect(p.primeira - p.valor).toBeLessThan(p.quantidade);
        }
      }),
      { numRuns: 5_000, seed: 33 },
    );
  });
});
