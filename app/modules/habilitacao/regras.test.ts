import { describe, expect, it } from 'vitest';
import { estadoDaHabilitacao, leilaoDoPedido, situacaoAoPedir, type LinhaHabilitacao } from './regras';

const l = (leilaoId: number | null, situacao: LinhaHabilitacao['situacao'], motivo: string | null = null): LinhaHabilitacao => ({
  leilaoId,
  situacao,
  motivo,
});

describe('estadoDaHabilitacao', () => {
  it.each([
    ['no habilitation asked', 'nenhuma', [], { exigida: false, situacao: null, motivo: null }],
    ['no row', 'por-leilao', [], { exigida: true, situacao: null, motivo: null }],
    ['another auction only', 'por-leilao', [l(8, 'Habilitado')], { exigida: true, situacao: null, motivo: null }],
    ['this auction', 'por-leilao', [l(7, 'Habilitado')], { exigida: true, situacao: 'Habilitado', motivo: null }],
    ['the whole brand', 'por-leilao', [l(null, 'Habilitado')], { exigida: true, situacao: 'Habilitado', motivo: null }],
    ['pending here', 'por-leilao', [l(7, 'Pendente')], { exigida: true, situacao: 'Pendente', motivo: null }],
    [
      'refused, with reason',
      'por-leilao',
      [l(7, 'Recusado', 'CPF irregular')],
      { exigida: true, situacao: 'Recusado', motivo: 'CPF irregular' },
    ],
    [
      'refused here but enabled brand-wide',
      'por-leilao',
      [l(7, 'Recusado', 'x'), l(null, 'Habilitado')],
      { exigida: true, situacao: 'Habilitado', motivo: null },
    ],
    ['per site: the brand row', 'por-hotsite', [l(null, 'Pendente')], { exigida: true, situacao: 'Pendente', motivo: null }],
    [
      'per site: an auction row still enables',
      'por-hotsite',
      [l(7, 'Habilitado')],
      { exigida: true, situacao: 'Habilitado', motivo: null },
    ],
    [
      'per site: a refused auction row is not the brand row',
      'por-hotsite',
      [l(7, 'Recusado', 'x')],
      { exigida: true, situacao: null, motivo: null },
    ],
  ] as const)('%s', (_nome, tipo, linhas, esperado) => {
    expect(estadoDaHabilitacao(tipo, linhas, 7)).toEqual(esperado);
  });
});

describe('situacaoAoPedir', () => {
  it.each([
    [null, false, { muda: true, situacao: 'Habilitado' }],
    [null, true, { muda: true, situacao: 'Pendente' }],
    ['Recusado', true, { muda: true, situacao: 'Pendente' }],
    ['Recusado', false, { muda: true, situacao: 'Habilitado' }],
    ['Pendente', false, { muda: false, situacao: 'Pendente' }],
    ['Habilitado', true, { muda: false, situacao: 'Habilitado' }],
  ] as const)('%s, approval %s', (atual, comAprovacao, esperado) => {
    expect(situacaoAoPedir(atual, comAprovacao)).toEqual(esperado);
  });
});

describe('leilaoDoPedido', () => {
  it('records per-site requests brand-wide', () => {
    expect(leilaoDoPedido('por-hotsite', 7)).toBeNull();
    expect(leilaoDoPedido('por-leilao', 7)).toBe(7);
  });
});
