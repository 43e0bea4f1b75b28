import { describe, expect, it } from 'vitest';
import { cnpjValido, cpfValido, formatarCep, formatarCnpj, mascararDocumento, normalizarCnpj, telefoneValido } from './documentos-br';

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
    ['11.444.777/0001-61', true],
    ['11.222.333/0001-80', false],
    ['00.000.000/0000-00', false],
    ['1122233300018', false],
    // Alphanumeric (IN RFB 2.229/2024): the Receita's own example, in every way people type it.
    ['12.ABC.345/01DE-35', true],
    ['12ABC34501DE35', true],
    ['12.abc.345/01de-35', true],
    [' 12 ABC 345 01DE 35 ', true],
    ['12.ABC.345/01DE-36', false],
    ['12.ABC.345/01DF-35', false],
    ['12.ABC.345/01DE-3A', false],
    ['12.ÀBC.345/01DE-35', false],
    ['12.ABC.345/01DE-350', false],
  ])('%s → %s', (v, ok) => expect(cnpjValido(v)).toBe(ok));

  it.each([
    ['11222333000181', '11.222.333/0001-81'],
    ['12abc34501de35', '12.ABC.345/01DE-35'],
    ['12.ABC.345/01DE-35', '12.ABC.345/01DE-35'],
  ])('formats %s as %s', (v, f) => expect(formatarCnpj(v)).toBe(f));

  it('stores it as its 14 characters, masks it for display', () => {
    expect(normalizarCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(mascararDocumento('12.ABC.345/01DE-35')).toBe('**.ABC.345/****-**');
  });
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
