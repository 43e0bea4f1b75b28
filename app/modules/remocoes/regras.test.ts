import { describe, expect, it } from 'vitest';
import { faltasParaSituacao, origemDoLog, proximasSituacoesRemocao, resumoDoLog } from './regras';

describe('removal states (decision 081)', () => {
  it.each([
    ['SOLICITADA', 'AGENDADA', true],
    ['SOLICITADA', 'CANCELADA', true],
    ['SOLICITADA', 'CONCLUIDA', false],
    ['SOLICITADA', 'EM_TRANSITO', false],
    ['AGENDADA', 'EM_TRANSITO', true],
    ['AGENDADA', 'CONCLUIDA', true],
    ['AGENDADA', 'SOLICITADA', true],
    ['EM_TRANSITO', 'CONCLUIDA', true],
    ['EM_TRANSITO', 'CANCELADA', false],
    ['CONCLUIDA', 'CANCELADA', false],
    ['CANCELADA', 'SOLICITADA', false],
    ['REALIZADA', 'CONCLUIDA', false],
  ] as const)('%s → %s: %s', (de, para, pode) => expect(proximasSituacoesRemocao(de).includes(para as never)).toBe(pode));

  const vazia = { diaInicioPrevisto: null, transportadora: null, patioId: null };
  it('scheduling needs the planned start and the carrier; concluding needs the destination yard; cancelling a reason', () => {
    expect(Object.keys(faltasParaSituacao('AGENDADA', vazia))).toEqual(['diaInicioPrevisto', 'transportadora']);
    expect(faltasParaSituacao('AGENDADA', { ...vazia, diaInicioPrevisto: '2026-12-01', transportadora: 'Guincho' })).toEqual({});
    expect(faltasParaSituacao('CONCLUIDA', vazia).patioId).toEqual(['Informe o pátio de destino antes de concluir a remoção']);
    expect(faltasParaSituacao('CANCELADA', { ...vazia, motivo: '  ' }).motivo).toEqual(['Informe o motivo do cancelamento']);
    expect(faltasParaSituacao('CANCELADA', { ...vazia, motivo: 'Segurado desistiu' })).toEqual({});
  });
});

describe('integration log summary (spec 001 §8)', () => {
  const statusUpdate = { businessData: { type: 'status_update' } };
  it.each([
    [
      'Mapfre status update not processed, with errors',
      {
        integradora: 'Mapfre',
        tipo: 'api',
        body: statusUpdate,
        response: { status: 'EST03', errors: ['Data inválida', 'Motorista não informado'] },
        error: null,
      },
      'Erro Mapfre: Data inválida, Motorista não informado',
      true,
    ],
    [
      'Mapfre status update not processed, no list',
      { integradora: 'Mapfre', tipo: 'api', body: statusUpdate, response: { status: 'EST03' }, error: null },
      'Erro ao processar evento Mapfre',
      true,
    ],
    [
      'Mapfre answers NOT_PROCESSED as a status update, with its error list',
      {
        integradora: 'Mapfre',
        tipo: 'api',
        body: statusUpdate,
        response: { businessData: { status_update: { statusCode: 'NOT_PROCESSED', error: { errors: ['Processo encerrado'] } } } },
        error: null,
      },
      'Erro Mapfre: Processo encerrado',
      true,
    ],
    [
      'Mapfre answers NOT_PROCESSED as a receipt, no list',
      { integradora: 'Mapfre', tipo: 'api', body: statusUpdate, response: { statusCode: 'NOT_PROCESSED' }, error: null },
      'Erro ao processar evento Mapfre',
      true,
    ],
    [
      'Mapfre status update processed',
      { integradora: 'Mapfre', tipo: 'api', body: statusUpdate, response: { status: 'EST02' }, error: null },
      'Evento processado com sucesso',
      false,
    ],
    [
      'another insurer with an error',
      { integradora: 'Bradesco', tipo: 'api', body: statusUpdate, response: null, error: 'Tempo esgotado' },
      'Tempo esgotado',
      true,
    ],
    [
      'a received removal',
      { integradora: 'Pan', tipo: 'webhook', body: { businessData: { type: 'removal' } }, response: { status: 'EST02' }, error: null },
      'Evento processado com sucesso',
      false,
    ],
  ])('%s', (_, log, texto, erro) => expect(resumoDoLog(log)).toEqual({ texto, erro }));

  it('origin is Recebido for webhooks, else Enviado', () => {
    expect(origemDoLog('webhook')).toBe('Recebido');
    expect(origemDoLog('api')).toBe('Enviado');
  });
});
