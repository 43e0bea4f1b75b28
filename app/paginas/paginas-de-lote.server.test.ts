import { describe, expect, it } from 'vitest';
import { proximoInstante } from './paginas-de-lote.server';

describe('proximoInstante', () => {
  const agora = Date.parse('2026-11-27T12:00:00Z');
  it('finds the first instant ahead anywhere in the loader data, as Date or ISO text', () => {
    const dados = {
      lote: { dataInicio: '2026-11-27T11:00:00.000Z', dataFim: '2026-11-27T15:00:00.000Z' },
      painel: { historico: [{ data: '2026-11-27T11:59:00.000Z' }], dataFim: new Date('2026-11-27T13:30:00Z') },
      leilao: { data: '2026-11-28T10:00:00.000Z', nome: '2026-11-27T12:30 não é data só por começar assim, é um nome longo' },
    };
    expect(proximoInstante(dados, agora)).toBe(Date.parse('2026-11-27T13:30:00Z'));
  });
  it('is Infinity when nothing is ahead', () => {
    expect(proximoInstante({ a: ['2026-11-27T11:00:00Z', null, 3], b: 'texto' }, agora)).toBe(Infinity);
  });
});
