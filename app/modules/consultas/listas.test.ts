import { describe, expect, it } from 'vitest';
import { analisarInscricaoEstadual, analisarListaRestritiva } from './listas';

describe('restricted lists and state registration (decision 208)', () => {
  it.each([
    [[], 'Autorizado', 'Nada consta nas listas restritivas'],
    [['CEIS'], 'Divergente', 'Consta em: CEIS'],
    [['CEIS', 'CNEP'], 'Divergente', 'Consta em: CEIS, CNEP'],
  ])('lists %j → %s', (listas, situacao, motivo) => {
    expect(analisarListaRestritiva({ listas })).toEqual({ situacao, motivo });
  });

  it.each([
    [[], 'Falha', 'Nenhuma inscrição estadual encontrada'],
    [[{ uf: 'sp', numero: '110042490114', situacao: 'Habilitada' }], 'Autorizado', 'Inscrição estadual 110042490114 (SP) habilitada'],
    [
      [
        { uf: 'RJ', numero: '86579112', situacao: 'SUSPENSA' },
        { uf: 'MG', numero: '0623079040081', situacao: 'ATIVA' },
      ],
      'Autorizado',
      'Inscrição estadual 0623079040081 (MG) habilitada',
    ],
    [[{ uf: 'RJ', numero: '86579112', situacao: 'SUSPENSA' }], 'Falha', 'Inscrição estadual sem habilitação: 86579112 (RJ) suspensa'],
  ])('registrations %j → %s', (inscricoes, situacao, motivo) => {
    expect(analisarInscricaoEstadual({ inscricoes })).toEqual({ situacao, motivo });
  });
});
