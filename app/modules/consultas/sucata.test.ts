import { describe, expect, it } from 'vitest';
import { analisarProcob } from './sucata';

const CNPJ = '11.222.333/0001-81';
describe('analisarProcob', () => {
  it.each([
    [
      'a dismantling company, clean',
      { documento: CNPJ, situacaoCadastral: 'ATIVA', restricoes: [], atividades: ['4530-7/04'] },
      'Autorizado',
    ],
    [
      'the code without punctuation',
      { documento: CNPJ, situacaoCadastral: 'REGULAR', restricoes: [], atividades: ['4687703'] },
      'Autorizado',
    ],
    [
      'with a restriction: staff decide',
      { documento: CNPJ, situacaoCadastral: 'ATIVA', restricoes: ['Protesto'], atividades: ['4530-7/04'] },
      'Divergente',
    ],
    ['no qualifying activity', { documento: CNPJ, situacaoCadastral: 'ATIVA', restricoes: [], atividades: ['4781-4/00'] }, 'Falha'],
    ['a suspended company', { documento: CNPJ, situacaoCadastral: 'SUSPENSA', restricoes: [], atividades: ['4530-7/04'] }, 'Falha'],
    ['a person (CPF)', { documento: '529.982.247-25', situacaoCadastral: 'REGULAR', restricoes: [], atividades: [] }, 'Falha'],
  ] as const)('%s', (_n, r, situacao) => {
    expect(analisarProcob({ ...r, restricoes: [...r.restricoes], atividades: [...r.atividades] }).situacao).toBe(situacao);
  });
});
