import { describe, expect, it } from 'vitest';
import * as d from './documentos';

describe('document check digits', () => {
  it.each([
    ['known RENAVAM', d.renavamValido('00639884962'), true],
    ['RENAVAM with a wrong digit', d.renavamValido('00639884963'), false],
    ['known VIN', d.chassiValido('1M8GDM9AXKP042788'), true],
    ['VIN with a wrong check digit', d.chassiValido('1M8GDM9A1KP042788'), false],
    ['known CNPJ', d.cnpjValido('11222333000181'), true],
    ['CNPJ with a wrong digit', d.cnpjValido('11222333000180'), false],
    ['known CPF', d.cpfValido('52998224725'), true],
    ['CPF of repeated digits', d.cpfValido('11111111111'), false],
    ['Mercosul plate', d.placaMercosulValida('BRA2E19'), true],
    ['old plate pattern', d.placaMercosulValida('ABC1234'), false],
  ])('%s', (_, got, want) => expect(got).toBe(want));

  it('generates valid numbers, the same for the same seed', () => {
    const a = d.gerador(42);
    const b = d.gerador(42);
    for (let i = 0; i < 200; i++) {
      const v = d.chassi(a, '9BW', 2015 + (i % 10));
      expect(d.chassiValido(v)).toBe(true);
      expect(d.chassi(b, '9BW', 2015 + (i % 10))).toBe(v);
      expect(d.renavamValido(d.renavam(a))).toBe(true);
      expect(d.cnpjValido(d.cnpj(a))).toBe(true);
      expect(d.cpfValido(d.cpf(a))).toBe(true);
      expect(d.placaMercosulValida(d.placaMercosul(a))).toBe(true);
      d.renavam(b);
      d.cnpj(b);
      d.cpf(b);
      d.placaMercosul(b);
    }
  });
});
