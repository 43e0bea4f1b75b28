import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { comoRespostaDaApi, ErroHttp } from './errors';

describe('ErroHttp', () => {
  it('is an Error of its own class, and subclasses keep their own check', () => {
    // One copy of the module per process (decision 135): plain instanceof, no cross-copy check.
    expect(new ErroHttp(400, 'x')).toBeInstanceOf(Error);
    expect(new Error('x')).not.toBeInstanceOf(ErroHttp);
    class Filha extends ErroHttp {}
    expect(new Filha(413, 'x')).toBeInstanceOf(ErroHttp);
    expect(new ErroHttp(413, 'x')).not.toBeInstanceOf(Filha);
  });
});

describe('comoRespostaDaApi: every error as the spec shape { message, statusCode, error }', () => {
  it.each([
    [
      'ErroHttp',
      new ErroHttp(404, 'Lote não encontrado'),
      404,
      { message: 'Lote não encontrado', statusCode: 404, error: 'Não encontrado' },
    ],
    [
      'ErroHttp with field errors',
      new ErroHttp(400, 'Dados inválidos', { email: ['E-mail inválido'] }),
      400,
      { message: 'Dados inválidos', statusCode: 400, error: 'Requisição inválida', erros: { email: ['E-mail inválido'] } },
    ],
    [
      'unparseable JSON body',
      Object.assign(new SyntaxError('Unexpected end'), { body: '{' }),
      400,
      { message: 'JSON inválido', statusCode: 400, error: 'Requisição inválida' },
    ],
    [
      'body too large',
      Object.assign(new Error('too large'), { status: 413, expose: true }),
      413,
      { message: 'Requisição muito grande', statusCode: 413, error: 'Requisição muito grande' },
    ],
    [
      'anything else',
      new Error('SELECT * FROM segredo'),
      500,
      { message: 'Erro interno. Tente novamente em instantes.', statusCode: 500, error: 'Erro interno' },
    ],
  ])('%s', (_caso, erro, status, corpo) => {
    expect(comoRespostaDaApi(erro)).toEqual({ status, corpo });
  });

  it('a zod error keeps the first message and every field', () => {
    const r = z.object({ a: z.number({ error: 'a precisa ser número' }), b: z.string({ error: 'b obrigatório' }) }).safeParse({});
    expect(comoRespostaDaApi(r.error)).toEqual({
      status: 400,
      corpo: {
        message: 'a precisa ser número',
        statusCode: 400,
        error: 'Requisição inválida',
        erros: { a: ['a precisa ser número'], b: ['b obrigatório'] },
      },
    });
  });
});
