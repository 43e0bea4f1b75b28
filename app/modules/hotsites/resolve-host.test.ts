import { describe, expect, it } from 'vitest';
import { resolverHost, variantesDeDominio } from './resolve-host';

const config = { sufixoLocal: 'localhost', dominioPlataforma: 'martelo.app.br' };

describe('resolverHost', () => {
  it.each([
    ['h14.localhost:3000', { tipo: 'id', id: 14 }],
    ['h1.localhost', { tipo: 'id', id: 1 }],
    ['H1002.LOCALHOST:80', { tipo: 'id', id: 1002 }],
    ['h20.localhost.', { tipo: 'id', id: 20 }],
    ['repasse.martelo.app.br', { tipo: 'subdominio', subdominio: 'repasse' }],
    ['www.brasilleiloes.com.br', { tipo: 'dominio', dominio: 'www.brasilleiloes.com.br' }],
    ['brasilleiloes.com.br:443', { tipo: 'dominio', dominio: 'brasilleiloes.com.br' }],
  ])('%s → %j', (host, esperado) => {
    expect(resolverHost(host, config)).toEqual(esperado);
  });

  it.each([
    [undefined],
    [''],
    ['localhost:3000'],
    ['127.0.0.1:3000'],
    ['[::1]:3000'],
    ['martelo.app.br'],
    ['www.martelo.app.br'],
    ['a.b.martelo.app.br'],
    ['exemplo..com'],
    ['<script>.com'],
    ['hx.localhost'],
  ])('%s → nenhum site', (host) => {
    expect(resolverHost(host, config)).toBeNull();
  });
});

describe('variantesDeDominio', () => {
  it('tries the domain with and without www', () => {
    expect(variantesDeDominio('www.x.com.br')).toEqual(['www.x.com.br', 'x.com.br']);
    expect(variantesDeDominio('x.com.br')).toEqual(['x.com.br', 'www.x.com.br']);
  });
});
