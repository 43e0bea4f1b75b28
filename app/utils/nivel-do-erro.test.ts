import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErroHttp } from './errors';
import { nivelDoErro, statusDoErro } from './nivel-do-erro';

describe('statusDoErro / nivelDoErro', () => {
  const remix403 = { status: 403, statusText: 'Forbidden', internal: true, data: 'Error: Route "routes/$" does not match URL "/"' };
  it.each([
    ['ErroHttp 400', new ErroHttp(400, 'x'), 400, 'warn'],
    ['ErroHttp 409', new ErroHttp(409, 'x'), 409, 'warn'],
    ['ErroHttp 503', new ErroHttp(503, 'x'), 503, 'error'],
    ['zod', z.string().safeParse(1).error, 400, 'warn'],
    ['URIError', new URIError('Failed to decode param'), 400, 'warn'],
    ["Remix's ErrorResponse 403", remix403, 403, 'warn'],
    ["Remix's ErrorResponse 405", { ...remix403, status: 405, statusText: 'Method Not Allowed' }, 405, 'warn'],
    ['thrown Response 404', new Response(null, { status: 404 }), 404, 'warn'],
    ['thrown Response 500', new Response(null, { status: 500 }), 500, 'error'],
    ['body-parser 413', Object.assign(new Error('too large'), { status: 413, expose: true }), 413, 'warn'],
    ['our bug', new TypeError('x is undefined'), 500, 'error'],
    ['a string', 'boom', 500, 'error'],
  ])('%s → %i, %s', (_nome, erro, status, nivel) => {
    expect(statusDoErro(erro)).toBe(status);
    expect(nivelDoErro(erro)).toBe(nivel);
  });
});
