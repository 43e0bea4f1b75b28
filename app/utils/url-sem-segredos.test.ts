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
    [`/nota/${'ab'.repeat(20)}`, '/nota/***'],
    [`/extrato/${'ab'.repeat(20)}.pdf`, '/extrato/***.pdf'],
    [`/qrcode/extrato/${'ab'.repeat(20)}`, '/qrcode/extrato/***'],
    [`/comprovante-arrematacao/${'ab'.repeat(20)}.pdf?lote=001`, '/comprovante-arrematacao/***.pdf?lote=001'],
    [`/retirada-por-terceiros/${'ab'.repeat(20)}`, '/retirada-por-terceiros/***'],
    [`/qrcode/nota/${'ab'.repeat(20)}?_data=routes%2Fqrcode.nota.%24hash`, '/qrcode/nota/***?_data=routes%2Fqrcode.nota.%24hash'],
    ['/v1/nota-fiscal?hashs=aa&hashs=bb&leiId=3', '/v1/nota-fiscal?hashs=***&hashs=***&leiId=3'],
    ['/v2/extrato-compra?hashs%5B%5D=aa&HASHS[0]=bb', '/v2/extrato-compra?hashs%5B%5D=***&HASHS[0]=***'],
    ['/notas/abc', '/notas/abc'],
    ['/x?%E0%A4%A=1', '/x?%E0%A4%A=1'],
    ['/', '/'],
  ])('%s → %s', (url, esperado) => {
    expect(urlSemSegredos(url)).toBe(esperado);
  });
});
