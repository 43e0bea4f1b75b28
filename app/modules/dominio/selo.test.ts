import { describe, expect, it } from 'vitest';
import { inscricaoDoLeiloeiro, jsonCanonico } from './selo';

describe('jsonCanonico', () => {
  it.each([
    [{ b: 1, a: [{ d: 2, c: 'x' }] }, '{"a":[{"c":"x","d":2}],"b":1}'],
    [{ a: undefined, b: null }, '{"b":null}'],
    ['R$ 1.000,00', '"R$ 1.000,00"'],
  ])('%j → %s', (valor, texto) => expect(jsonCanonico(valor)).toBe(texto));

  it('two readers ordering keys differently sign the same bytes', () => {
    expect(jsonCanonico({ contas: [{ conta: '1', agencia: '2' }], marca: 'A' })).toBe(
      jsonCanonico({ marca: 'A', contas: [{ agencia: '2', conta: '1' }] }),
    );
  });
});

describe('inscricaoDoLeiloeiro', () => {
  it.each([
    ['JUCESP nº 1.118', { juntaComercial: 'JUCESP', matricula: '1.118' }],
    ['JUCERJA 245', { juntaComercial: 'JUCERJA', matricula: '245' }],
    ['jucemg n. 77', { juntaComercial: 'JUCEMG', matricula: '77' }],
    ['Matrícula 12', { juntaComercial: null, matricula: 'Matrícula 12' }],
  ])('%s', (texto, esperado) => expect(inscricaoDoLeiloeiro(texto)).toEqual(esperado));
});
