import { describe, expect, it } from 'vitest';
import { HASH_INICIAL, linhaCanonica, loteTemAta, verificarCadeia, type LanceRegistrado } from '~/modules/dominio/cadeia-de-lances';
import { sha256 } from './ata.server';

// The pure chain rule of dominio/cadeia-de-lances.ts with the server's SHA-256 (the same the ata uses).

/** A lot's chain of three bids, hashed as the trigger does. */
function cadeia(): LanceRegistrado[] {
  const base = { uid: '', hotsiteId: 1, loteId: 7, tipo: 'Manual' };
  const campos = [
    { id: 10, usuarioId: 3, valor: 1_000_00, ordem: 1, dataMs: 1_795_000_000_000 },
    { id: 11, usuarioId: 4, valor: 1_100_00, ordem: 2, dataMs: 1_795_000_001_000 },
    { id: 14, usuarioId: 3, valor: 1_200_00, ordem: 3, dataMs: 1_795_000_002_500 },
  ];
  let anterior = HASH_INICIAL;
  return campos.map((c, i) => {
    const l = { ...base, ...c, uid: `00000000-0000-4000-8000-00000000000${i}` };
    const hash = sha256(linhaCanonica(l, anterior));
    const r = { ...l, hashAnterior: anterior, hash };
    anterior = hash;
    return r;
  });
}

describe('linhaCanonica', () => {
  it('is the same text as SQL lance_linha_canonica (fields in order, epoch ms, previous hash last)', () => {
    const [l] = cadeia();
    expect(linhaCanonica(l, HASH_INICIAL)).toBe(
      `v1|10|00000000-0000-4000-8000-000000000000|1|7|3|100000|Manual|1|1795000000000|${HASH_INICIAL}`,
    );
  });
});

describe('verificarCadeia', () => {
  const casos: [string, (c: LanceRegistrado[]) => LanceRegistrado[], ReturnType<typeof verificarCadeia>['integra'], string | null][] = [
    ['the chain as written', (c) => c, true, null],
    ['read in any order (sorted by id)', (c) => [c[2], c[0], c[1]], true, null],
    ['a value raised after the fact', (c) => c.map((l) => (l.id === 11 ? { ...l, valor: 1_150_00 } : l)), false, '11:hash'],
    ['the time moved by one millisecond', (c) => c.map((l) => (l.id === 10 ? { ...l, dataMs: l.dataMs + 1 } : l)), false, '10:hash'],
    ['another bidder named', (c) => c.map((l) => (l.id === 14 ? { ...l, usuarioId: 9 } : l)), false, '14:hash'],
    ['a bid removed from the middle', (c) => [c[0], c[2]], false, '14:elo'],
    [
      'a bid rehashed alone (its successor still names the old hash)',
      (c) => {
        const l = { ...c[1], valor: 1_150_00 };
        return [c[0], { ...l, hash: sha256(linhaCanonica(l, l.hashAnterior!)) }, c[2]];
      },
      false,
      '14:elo',
    ],
  ];
  it.each(casos)('%s', (_, mudar, integra, quebra) => {
    const r = verificarCadeia(mudar(cadeia()), sha256);
    expect(r.integra).toBe(integra);
    expect(r.integra ? null : `${r.quebraNoLance}:${r.motivo}`).toBe(quebra);
    if (r.integra) expect(r.cabeca).toBe(cadeia()[2].hash);
  });

  it('a lot without bids has the initial head', () => {
    expect(verificarCadeia([], sha256)).toEqual({ integra: true, cabeca: HASH_INICIAL, lances: 0 });
  });
});

describe('loteTemAta', () => {
  it.each([
    ['AG_PAGAMENTO', true],
    ['NAO_ARREMATADO', true],
    ['CONDICIONAL', true],
    ['LIBERADO_LEILAO', false],
    ['AO_VIVO', false],
    ['PENDENTE', false],
  ])('%s → %s', (situacao, esperado) => expect(loteTemAta(situacao)).toBe(esperado));
});
