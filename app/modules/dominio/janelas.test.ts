import { describe, expect, it } from 'vitest';
import { restricaoDaVitrine, situacaoDaJanela } from './janelas';

const T = Date.parse('2026-11-23T12:00:00Z');
const antes = '2026-11-23T11:00:00Z';
const depois = '2026-11-23T13:00:00Z';

describe('situacaoDaJanela', () => {
  it.each([
    [null, null, 'aberta'],
    [antes, null, 'aberta'],
    [depois, null, 'antes'],
    [null, antes, 'depois'],
    [null, depois, 'aberta'],
    [antes, depois, 'aberta'],
    [new Date(depois), null, 'antes'],
    ['lixo', 'lixo', 'aberta'],
  ] as const)('início %s, fim %s → %s', (inicio, fim, esperado) => {
    expect(situacaoDaJanela(inicio, fim, T)).toBe(esperado);
  });
});

describe('restricaoDaVitrine', () => {
  const marca = (m: Partial<Parameters<typeof restricaoDaVitrine>[0]> = {}) => ({
    loginObrigatorioVisualizar: false,
    visualizacaoInicio: null,
    visualizacaoFim: null,
    ...m,
  });
  const visitante = { logado: false, interno: false };
  const cliente = { logado: true, interno: false };
  const staff = { logado: true, interno: true };
  it.each([
    [marca(), visitante, null],
    [marca({ loginObrigatorioVisualizar: true }), visitante, 'login'],
    [marca({ loginObrigatorioVisualizar: true }), cliente, null],
    [marca({ visualizacaoInicio: depois }), cliente, 'antes'],
    [marca({ visualizacaoFim: antes, loginObrigatorioVisualizar: true }), visitante, 'depois'],
    [marca({ visualizacaoFim: antes }), staff, null],
  ] as const)('%o as %o → %s', (m, quem, esperado) => {
    expect(restricaoDaVitrine(m, quem, T)).toBe(esperado);
  });
});
