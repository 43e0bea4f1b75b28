import { describe, expect, it } from 'vitest';
import { PRAZO_OFERTA_MS, prazoDaOferta, segundoColocado, situacaoDaOferta, type LanceDoLote } from './segundo-colocado';

const l = (usuarioId: number, valor: number, ordem: number): LanceDoLote => ({ usuarioId, valor, ordem });

describe('segundoColocado', () => {
  it.each([
    ['nobody else bid', [l(1, 100, 1), l(1, 200, 2)], null],
    ['no bids at all', [], null],
    ['the other bidder at their own highest bid', [l(2, 100, 1), l(1, 150, 2), l(2, 180, 3), l(1, 200, 4)], { usuarioId: 2, valor: 180 }],
    ['the highest of several others', [l(2, 100, 1), l(3, 120, 2), l(1, 130, 3), l(4, 110, 4)], { usuarioId: 3, valor: 120 }],
    ['a tie goes to the earlier bid', [l(3, 120, 5), l(2, 120, 2), l(1, 200, 6)], { usuarioId: 2, valor: 120 }],
    ['a bidder’s own lower bids do not count twice', [l(2, 50, 1), l(2, 90, 2), l(3, 80, 3), l(1, 100, 4)], { usuarioId: 2, valor: 90 }],
    ['zero-valued rows are ignored', [l(2, 0, 1), l(1, 100, 2)], null],
  ] as const)('%s', (_caso, lances, esperado) => {
    expect(segundoColocado(lances as readonly LanceDoLote[], 1)).toEqual(esperado);
  });
});

describe('situacaoDaOferta', () => {
  const desistencia = new Date('2026-11-23T12:00:00Z');
  const prazo = prazoDaOferta(desistencia);
  it('the deadline is 48 hours after the desistência', () => {
    expect(prazo.getTime() - desistencia.getTime()).toBe(PRAZO_OFERTA_MS);
    expect(PRAZO_OFERTA_MS).toBe(172_800_000);
  });
  it.each([
    ['pending within the deadline', 'Pendente', 0, 'Pendente'],
    ['pending exactly at the deadline', 'Pendente', PRAZO_OFERTA_MS, 'Pendente'],
    ['pending past the deadline lapses', 'Pendente', PRAZO_OFERTA_MS + 1, 'Expirada'],
    ['accepted stays accepted later', 'Aceita', PRAZO_OFERTA_MS * 3, 'Aceita'],
    ['declined stays declined later', 'Recusada', PRAZO_OFERTA_MS * 3, 'Recusada'],
    ['already written as lapsed', 'Expirada', 0, 'Expirada'],
  ] as const)('%s', (_caso, situacao, depois, esperado) => {
    expect(situacaoDaOferta({ situacao, prazo }, new Date(desistencia.getTime() + depois))).toBe(esperado);
  });
});
