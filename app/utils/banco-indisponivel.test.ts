import { describe, expect, it } from 'vitest';
import { bancoIndisponivel, comoRespostaDeErro, MENSAGEM_BANCO_INDISPONIVEL } from './errors';

const comCodigo = (code: string, message = 'x') => Object.assign(new Error(message), { code });
const embrulhado = (causa: unknown) => new Error('Failed query: insert into lance …', { cause: causa });

describe('bancoIndisponivel: the database could not be reached or did not answer', () => {
  it.each([
    ['connection reset', comCodigo('ECONNRESET')],
    ['connection refused', comCodigo('ECONNREFUSED')],
    ['pg: connection terminated', new Error('Connection terminated unexpectedly')],
    ['pg: client-side query timeout', new Error('Query read timeout')],
    ['pg-pool: no connection in time', new Error('timeout exceeded when trying to connect')],
    ['server shutting down (57P01)', comCodigo('57P01')],
    ['server starting (57P03)', comCodigo('57P03')],
    ['statement timeout (57014)', comCodigo('57014')],
    ['too many connections (53300)', comCodigo('53300')],
    ['connection exception class 08', comCodigo('08006')],
    ['wrapped by drizzle', embrulhado(comCodigo('ECONNRESET'))],
  ])('%s → 503', (_nome, erro) => {
    expect(bancoIndisponivel(erro)).toBe(true);
    expect(comoRespostaDeErro(erro)).toEqual({ status: 503, corpo: { mensagem: MENSAGEM_BANCO_INDISPONIVEL } });
  });

  it.each([
    ['unique violation', comCodigo('23505')],
    ['data exception', comCodigo('22P02')],
    ['a bug of ours', new TypeError('x is undefined')],
    ['nothing', null],
  ])('%s is not', (_nome, erro) => {
    expect(bancoIndisponivel(erro)).toBe(false);
  });
});
