import { describe, expect, it } from 'vitest';
import { SEM_DOCUMENTOS, situacaoDosDocumentos } from './situacao-documentos';

describe('situacaoDosDocumentos', () => {
  it.each([
    ['Cadastrado', 0, SEM_DOCUMENTOS],
    [null, 0, SEM_DOCUMENTOS],
    ['Aprovado', 0, SEM_DOCUMENTOS],
    ['Cadastrado', 1, 'Aguardando Validação'],
    ['Aguardando Validação', 2, 'Aguardando Validação'],
    ['Aprovado', 3, 'Aprovado'],
    ['Divergente', 1, 'Divergente'],
  ] as const)('%s with %i document(s) reads "%s"', (situacao, n, esperado) => {
    expect(situacaoDosDocumentos(situacao, n)).toBe(esperado);
  });
});
