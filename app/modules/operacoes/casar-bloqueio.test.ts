import { describe, expect, it } from 'vitest';
import { criarVerificador, valorCanonico, type RegraDeBloqueio } from './casar-bloqueio';

const agora = new Date('2026-11-27T12:00:00Z');
const regras: RegraDeBloqueio[] = [
  { id: 1, tipo: 'ip', valor: '203.0.113.7', expiraEm: null },
  { id: 2, tipo: 'faixa', valor: '198.51.100.0/24', expiraEm: new Date('2026-12-01T00:00:00Z') },
  { id: 3, tipo: 'faixa', valor: '2001:db8::/32', expiraEm: null },
  { id: 4, tipo: 'dispositivo', valor: 'disp-7f3a9c21', expiraEm: null },
  { id: 5, tipo: 'ip', valor: '192.0.2.50', expiraEm: new Date('2026-11-27T11:59:59Z') },
];
const verificar = criarVerificador(regras);

describe('criarVerificador', () => {
  it.each([
    ['endereço exato', { ip: '203.0.113.7' }, 1],
    ['o mesmo endereço escrito como IPv6', { ip: '::ffff:203.0.113.7' }, 1],
    ['vizinho do endereço', { ip: '203.0.113.8' }, null],
    ['dentro da faixa', { ip: '198.51.100.254' }, 2],
    ['fora da faixa', { ip: '198.51.101.1' }, null],
    ['faixa IPv6', { ip: '2001:db8:1::5' }, 3],
    ['dispositivo de outro endereço', { ip: '10.0.0.1', dispositivo: 'disp-7f3a9c21' }, 4],
    ['bloqueio vencido não vale', { ip: '192.0.2.50' }, null],
    ['endereço ilegível', { ip: 'desconhecido' }, null],
  ])('%s', (_n, pedido, id) => {
    expect(verificar(pedido, agora)?.id ?? null).toBe(id);
  });

  it('a faixa vale até a expiração', () => {
    expect(verificar({ ip: '198.51.100.1' }, new Date('2026-12-01T00:00:00Z'))).toBeNull();
  });
});

describe('valorCanonico', () => {
  it.each([
    ['ip', ' 203.0.113.7 ', '203.0.113.7'],
    ['ip', '::FFFF:203.0.113.7', '203.0.113.7'],
    ['ip', '999.1.1.1', null],
    ['faixa', '198.51.100.0/24', '198.51.100.0/24'],
    ['faixa', '198.51.100.0/33', null],
    ['faixa', '2001:db8::/32', '2001:db8::/32'],
    ['faixa', '198.51.100.0', null],
    ['dispositivo', 'abc', null],
    ['dispositivo', 'disp-7f3a9c21', 'disp-7f3a9c21'],
    ['dispositivo', 'disp 7f3a<script>', null],
  ] as const)('%s %s → %s', (tipo, valor, esperado) => {
    expect(valorCanonico(tipo, valor)).toBe(esperado);
  });
});
