import { describe, expect, it } from 'vitest';
import { baseDaMarca, type ConfigLinks } from './links-da-marca';

const config = (modo: ConfigLinks['modo'], porta = 3000): ConfigLinks => ({
  modo,
  sufixoLocal: 'localhost',
  dominioPlataforma: 'martelo.app.br',
  porta,
});

describe('baseDaMarca', () => {
  it.each([
    ['dominio', { id: 1, domain: 'www.brasilleiloes.com.br', subdomain: 'brasil' }, 'https://www.brasilleiloes.com.br'],
    ['dominio', { id: 2, domain: null, subdomain: 'loja-x' }, 'https://loja-x.martelo.app.br'],
    ['dominio', { id: 3, domain: null, subdomain: null }, 'http://h3.localhost:3000'],
    ['local', { id: 14, domain: 'www.brasilleiloes.com.br', subdomain: null }, 'http://h14.localhost:3000'],
  ] as const)('%s %o → %s', (modo, marca, esperado) => {
    expect(baseDaMarca(marca, config(modo))).toBe(esperado);
  });

  it('leaves out the default HTTP port', () => {
    expect(baseDaMarca({ id: 1, domain: null, subdomain: null }, config('local', 80))).toBe('http://h1.localhost');
  });
});
