import { describe, expect, it } from 'vitest';
import { mesmoHost, origemDoPedido } from './origem-do-pedido';

describe('origemDoPedido', () => {
  it.each([
    [{ origin: 'https://www.marca.com.br' }, { tipo: 'host', host: 'www.marca.com.br' }],
    [{ origin: 'http://h1.localhost:3000' }, { tipo: 'host', host: 'h1.localhost:3000' }],
    [
      { origin: 'https://evil.example', referer: 'https://www.marca.com.br/x' },
      { tipo: 'host', host: 'evil.example' },
    ],
    [{ origin: 'null' }, { tipo: 'outra' }],
    [{ origin: 'null', 'sec-fetch-site': 'same-origin' }, { tipo: 'sem-outra-origem' }],
    [{ origin: 'null', 'sec-fetch-site': 'cross-site' }, { tipo: 'outra' }],
    [{ origin: '' }, { tipo: 'outra' }],
    [{ origin: 'file://' }, { tipo: 'outra' }],
    [{ origin: 'chrome-extension://abc' }, { tipo: 'outra' }],
    [{ referer: 'https://www.marca.com.br/lote/1?x=1' }, { tipo: 'host', host: 'www.marca.com.br' }],
    [{ referer: 'https://evil.example/' }, { tipo: 'host', host: 'evil.example' }],
    [{ referer: 'lixo' }, { tipo: 'outra' }],
    [{ 'sec-fetch-site': 'same-origin' }, { tipo: 'sem-outra-origem' }],
    [{ 'sec-fetch-site': 'none' }, { tipo: 'sem-outra-origem' }],
    [{ 'sec-fetch-site': 'same-site' }, { tipo: 'outra' }],
    [{ 'sec-fetch-site': 'cross-site' }, { tipo: 'outra' }],
    [
      { 'sec-fetch-site': 'cross-site', referer: 'https://www.marca.com.br/' },
      { tipo: 'host', host: 'www.marca.com.br' },
    ],
    [{}, { tipo: 'sem-outra-origem' }],
  ])('%j → %j', (cabecalhos, esperado) => expect(origemDoPedido(cabecalhos)).toEqual(esperado));
});

describe('mesmoHost', () => {
  it.each([
    ['marca.test', 'marca.test', true],
    ['Marca.Test', 'marca.test', true],
    ['marca.test:443', 'marca.test', true],
    ['h1.localhost:3000', 'h1.localhost:3000', true],
    ['h1.localhost:3000', 'h1.localhost:3001', false],
    ['h1.localhost', 'h2.localhost', false],
    [undefined, 'marca.test', false],
  ])('%s ~ %s → %s', (a, b, esperado) => expect(mesmoHost(a, b)).toBe(esperado));
});
