import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as lances from '~/modules/lances/regras';
import * as catalogo from '~/modules/catalogo/valores';
import { calcularValores, custoDaCompra, totais } from './dinheiro';

/*
 * The one calculator against the two it replaces (lances/regras.ts `totais`/`custoDaCompra`, the bid
 * engine's and the sale's; catalogo/valores.ts `calcularValores`, the lot page's), over every kind of
 * lot: no bid or a bid, fees missing, zero, negative or positive, both roundings. Bases go up to
 * R$ 9 bilhões, where base × 10.000 basis points is still an exact integer.
 */
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

describe('one money calculator, equal to both old ones', () => {
  it('the bid engine’s totals (both roundings)', () => {
    fc.assert(
      fc.property(lote, fc.constantFrom('metade-acima' as const, 'truncar' as const), (l, arredondamento) => {
        const args = { lance: l.ultimoLanceValor, minimo: l.minimo, ...l, despesas: l, arredondamento };
        expect(totais(args)).toEqual(lances.totais(args));
      }),
      config,
    );
  });
  it('the sale’s item and the buy-now summary', () => {
    fc.assert(
      fc.property(lote, centavos, (l, valor) => {
        const args = { valor, minimo: l.minimo, ...l, despesas: l };
        expect(custoDaCompra(args)).toEqual(lances.custoDaCompra(args));
      }),
      config,
    );
  });
  it('the lot page’s value block (current value or another base, both roundings)', () => {
    fc.assert(
      fc.property(lote, fc.option(centavos, { nil: undefined }), fc.boolean(), (l, base, comissaoParaBaixo) => {
        expect(calcularValores(l, { base, comissaoParaBaixo })).toEqual(catalogo.calcularValores(l, { base, comissaoParaBaixo }));
      }),
      config,
    );
  });
});
