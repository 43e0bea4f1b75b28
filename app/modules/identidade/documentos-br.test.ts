import { describe, expect, it } from 'vitest';
import { cnpjValido, cpfValido, formatarCep, mascararDocumento, telefoneValido } from './documentos-br';

describe('CPF', () => {
  it.each([
    ['529.982.247-25', true],
    ['52998224725', true],
    ['529.982.247-24', false],
    ['111.111.111-11', false],
    ['123', false],
    ['', false],
  ])('%s → %s', (v, ok) => expect(cpfValido(v)).toBe(ok));
});

describe('CNPJ', () => {
  it.each([
    ['11.222.333/0001-81', true],
    ['11222333000181', true],
    ['11.222.333/0001-80', false],
    ['00.000.000/0000-00', false],
    ['1122233300018', false],
  ])('%s → %s', (v, ok) => expect(cnpjValido(v)).toBe(ok));
});

describe('phones, CEP and masks', () => {
  it.each([
    ['(11) 98765-4321', true],
    ['(11) 3456-7890', true],
    ['(11) 88765-4321', false],
    ['(01) 3456-7890', false],
    ['3456-7890', false],
  ])('telefone %s → %s', (v, ok) => expect(telefoneValido(v)).toBe(ok));
  it('formats CEP as 00000-000 and masks documents', () => {
    expect(formatarCep('01310100')).toBe('01310-100');
    expect(mascararDocumento('52998224725')).toBe('***.982.247-**');
  });
});
