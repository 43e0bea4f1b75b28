import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { barrasDaLinha, boleto, campoLivre, fatorVencimento, modulo10, modulo11Boleto } from './boleto';

describe('FEBRABAN boleto', () => {
  it('due factor: 1000 on 03/07/2000, 9999 on 21/02/2025, back to 1000 on 22/02/2025', () => {
    expect(fatorVencimento(new Date('2000-07-03T12:00:00Z'))).toBe('1000');
    expect(fatorVencimento(new Date('2025-02-21T12:00:00Z'))).toBe('9999');
    expect(fatorVencimento(new Date('2025-02-22T12:00:00Z'))).toBe('1000');
  });
  it('check digits of known numbers', () => {
    // FEBRABAN examples: field "0019050095" → mod 10 = 5; general digit of a Banco do Brasil barcode.
    expect(modulo10('001905009')).toBe(5);
    expect(modulo11Boleto('0019373700000001000500940144816060680935031')).toBe(3);
  });
  it('a line of 47 digits in five fields, whose barcode has 44 and is the one drawn', () => {
    const b = boleto({
      banco: '237',
      vencimento: new Date('2026-11-25T12:00:00Z'),
      valor: 12_345_67,
      livre: campoLivre({ agencia: '1234', carteira: '09', nossoNumero: 42, conta: '7654321' }),
    });
    expect(b.codigoBarras).toMatch(/^2379\d{40}$/);
    expect(b.linhaDigitavel).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
    expect(b.linhaDigitavel.endsWith('0001234567')).toBe(true);
    expect(barrasDaLinha(b.linhaDigitavel)).toBe(b.codigoBarras);
  });
  it('any value and due date round-trips, and a typo in the line is caught', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999_999_99 }),
        fc.date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 99_999_999_999 }),
        fc.integer({ min: 0, max: 46 }),
        (valor, vencimento, nossoNumero, pos) => {
          const b = boleto({
            banco: '341',
            vencimento,
            valor,
            livre: campoLivre({ agencia: '0001', carteira: '09', nossoNumero, conta: '12345' }),
          });
          expect(barrasDaLinha(b.linhaDigitavel)).toBe(b.codigoBarras);
          const d = b.linhaDigitavel.replace(/\D/g, '').split('');
          // A changed digit in one of the three checked fields must fail their mod-10 or the general digit.
          if (pos < 32) {
            d[pos] = String((Number(d[pos]) + 1) % 10);
            expect(barrasDaLinha(d.join(''))).toBeNull();
          }
        },
      ),
    );
  });
});
