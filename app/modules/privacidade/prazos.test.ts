import { describe, expect, it } from 'vitest';
import { inicioDaGuarda, prazoDaSolicitacao, situacaoDoPrazo } from './prazos';

const d = (s: string) => new Date(s);

describe('prazoDaSolicitacao: 15 days after filing', () => {
  it.each([
    ['2026-11-27T10:00:00Z', '2026-12-12T10:00:00Z'],
    ['2026-12-20T23:59:00Z', '2027-01-04T23:59:00Z'],
    ['2028-02-20T00:00:00Z', '2028-03-06T00:00:00Z'], // leap year
  ])('%s → %s', (criada, prazo) => expect(prazoDaSolicitacao(d(criada)).toISOString()).toBe(d(prazo).toISOString()));
});

describe('situacaoDoPrazo: days left, due today, late', () => {
  const prazo = d('2026-12-12T10:00:00Z');
  it.each([
    ['2026-11-27T10:00:00Z', { tipo: 'no-prazo', dias: 15 }],
    ['2026-12-11T09:00:00Z', { tipo: 'no-prazo', dias: 2 }],
    ['2026-12-11T10:00:00Z', { tipo: 'no-prazo', dias: 1 }],
    ['2026-12-11T10:00:01Z', { tipo: 'vence-hoje' }],
    ['2026-12-12T10:00:00Z', { tipo: 'vence-hoje' }],
    ['2026-12-12T10:00:01Z', { tipo: 'atrasado', dias: 1 }],
    ['2026-12-14T11:00:00Z', { tipo: 'atrasado', dias: 3 }],
  ])('at %s', (agora, esperado) => expect(situacaoDoPrazo(prazo, d(agora))).toEqual(esperado));
});

describe('inicioDaGuarda: access records are kept six months', () => {
  it.each([
    ['2026-11-27T10:00:00Z', '2026-05-27T10:00:00Z'],
    ['2026-08-31T12:00:00Z', '2026-02-28T12:00:00Z'], // no 31 Feb: the month's last day
    ['2028-08-31T12:00:00Z', '2028-02-29T12:00:00Z'],
    ['2027-03-15T00:00:00Z', '2026-09-15T00:00:00Z'], // across the year
  ])('at %s keeps from %s', (agora, inicio) => expect(inicioDaGuarda(d(agora)).toISOString()).toBe(d(inicio).toISOString()));
});
