import { describe, expect, it } from 'vitest';
import { canaisDoEvento, fimDoSilencio } from './eventos';

describe('canaisDoEvento', () => {
  it.each([
    ['arrematado', [], ['email', 'push', 'whatsapp']],
    ['arrematado', [{ evento: 'arrematado', canal: 'whatsapp', ativo: false }], ['email', 'push']],
    ['arrematado', [{ evento: 'arrematado', canal: 'sms', ativo: true }], ['email', 'push', 'whatsapp', 'sms']],
    ['arrematado', [{ evento: 'nao-vendido', canal: 'email', ativo: false }], ['email', 'push', 'whatsapp']],
    // The outbid e-mail goes through the queue (decision 283): on by default, the client can turn it off.
    ['lance-superado', [], ['email', 'push']],
    ['lance-superado', [{ evento: 'lance-superado', canal: 'email', ativo: false }], ['push']],
    ['maximo-atingido', [{ evento: 'maximo-atingido', canal: 'email', ativo: false }], ['push']],
    ['evento-desconhecido', [], []],
  ] as const)('%s with %j → %j', (evento, escolhas, esperado) => {
    expect(canaisDoEvento(evento, escolhas)).toEqual(esperado);
  });
});

describe('canaisDoEvento with the brand and the call', () => {
  const sms = [{ evento: 'arrematado', canal: 'sms', ativo: true }] as const;
  it.each([
    // The brand's default replaces the built-in one; the client's choice still wins.
    [[], { ativo: true, canais: ['email'] }, null, ['email']],
    [sms, { ativo: true, canais: ['email'] }, null, ['email', 'sms']],
    // Turned off by the brand: nowhere, whatever the client chose.
    [sms, { ativo: false, canais: null }, null, []],
    // The call's notification-options narrow, never widen.
    [[], null, ['push', 'sms'], ['push']],
    [[], null, [], []],
  ] as const)('%j, brand %j, call %j → %j', (escolhas, marca, daChamada, esperado) => {
    expect(canaisDoEvento('arrematado', escolhas, marca, daChamada)).toEqual(esperado);
  });
});

describe('fimDoSilencio', () => {
  // 22h–7h in São Paulo is 01:00–10:00 UTC.
  const noite = { inicio: 22, fim: 7 };
  it.each([
    ['2026-03-10T12:00:00Z', noite, '2026-03-10T12:00:00.000Z'], // 9h in SP: awake
    ['2026-03-11T02:30:00Z', noite, '2026-03-11T10:00:00.000Z'], // 23h30 in SP → 7h next day
    ['2026-03-11T09:59:00Z', noite, '2026-03-11T10:00:00.000Z'], // 6h59 → 7h
    ['2026-03-11T10:00:00Z', noite, '2026-03-11T10:00:00.000Z'], // 7h sharp: awake
    ['2026-03-10T16:00:00Z', { inicio: 12, fim: 14 }, '2026-03-10T17:00:00.000Z'], // 13h → 14h
    ['2026-03-10T16:00:00Z', { inicio: 8, fim: 8 }, '2026-03-10T16:00:00.000Z'],
    ['2026-03-10T16:00:00Z', null, '2026-03-10T16:00:00.000Z'],
  ] as const)('%s with %j → %s', (agora, silencio, esperado) => {
    expect(fimDoSilencio(new Date(agora), silencio).toISOString()).toBe(esperado);
  });
});
