import { describe, expect, it } from 'vitest';
import { urlSemSegredos } from './url-sem-segredos';

describe('urlSemSegredos', () => {
  it.each([
    ['/redefinir-senha?token=abc123', '/redefinir-senha?token=***'],
    ['/admin-auth/9f8e7d?x=1', '/admin-auth/***?x=1'],
    ['/ADMIN-AUTH/9f8e7d', '/ADMIN-AUTH/***'],
    ['/v1/usuario/hash/efetuar-login?hash=zz&a=1', '/v1/usuario/hash/efetuar-login?hash=***&a=1'],
    ['/email?Codigo=123456&%74oken=x', '/email?Codigo=***&%74oken=***'],
    ['/leiloes?pagina=2&busca=gol', '/leiloes?pagina=2&busca=gol'],
    ['/x?%E0%A4%A=1', '/x?%E0%A4%A=1'],
    ['/', '/'],
  ])('%s → %s', (url, esperado) => {
    expect(urlSemSegredos(url)).toBe(esperado);
  });
});
