import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { configurarAutomatico, lanceManual, type Configuracao, type EstadoDisputa, type LanceGerado } from './disputa';

const base = (atual: EstadoDisputa['atual'] = null, configuracoes: Configuracao[] = []): EstadoDisputa => ({
  minimo: 1_000_00,
  incremento: 100_00,
  atual,
  configuracoes,
});
const valores = (ls: LanceGerado[]) => ls.map((l) => [l.usuarioId, l.valor, l.tipo]);

describe('manual bids', () => {
  it.each([
    ['first bid below the minimum is refused', base(), 999_99, false],
    ['first bid at the minimum is accepted', base(), 1_000_00, true],
    ['a bid below last + increment is refused', base({ usuarioId: 1, valor: 1_500_00, ordem: 1 }), 1_599_99, false],
    ['a bid of last + increment is accepted', base({ usuarioId: 1, valor: 1_500_00, ordem: 1 }), 1_600_00, true],
    ['a jump bid above the next value is accepted', base({ usuarioId: 1, valor: 1_500_00, ordem: 1 }), 2_000_00, true],
  ])('%s', (_n, estado, valor, aceito) => {
    expect(lanceManual(estado, 2, valor, 10).aceito).toBe(aceito);
  });

  it('tells the next accepted value when refusing', () => {
    expect(lanceManual(base({ usuarioId: 1, valor: 1_500_00, ordem: 1 }), 2, 1_500_00, 2)).toEqual({
      aceito: false,
      motivo: 'abaixo',
      proximo: 1_600_00,
    });
  });
});

describe('automatic bids (proxy)', () => {
  it('a lone configuration bids the minimum, only as far as needed', () => {
    const r = configurarAutomatico(base(), { id: 1, usuarioId: 1, maximo: 5_000_00, ordem: 1 });
    expect(r.aceito && valores(r.lances)).toEqual([[1, 1_000_00, 'Automático']]);
  });

  it('answers a manual bid with one increment', () => {
    const estado = base({ usuarioId: 1, valor: 1_000_00, ordem: 1 }, [{ id: 1, usuarioId: 1, maximo: 5_000_00, ordem: 1 }]);
    const r = lanceManual(estado, 2, 2_000_00, 2);
    expect(r.aceito && valores(r.lances)).toEqual([
      [2, 2_000_00, 'Manual'],
      [1, 2_100_00, 'Automático'],
    ]);
  });

  it('two maxima: the higher wins at the lower max + one increment; the loser bid its max', () => {
    const estado = base({ usuarioId: 1, valor: 1_000_00, ordem: 1 }, [{ id: 1, usuarioId: 1, maximo: 3_000_00, ordem: 1 }]);
    const r = configurarAutomatico(estado, { id: 2, usuarioId: 2, maximo: 5_000_00, ordem: 2 });
    expect(r.aceito && valores(r.lances)).toEqual([
      [1, 3_000_00, 'Automático'],
      [2, 3_100_00, 'Automático'],
    ]);
  });

  it('the winner is capped at its own max when the maxima are less than an increment apart', () => {
    const estado = base({ usuarioId: 1, valor: 1_000_00, ordem: 1 }, [{ id: 1, usuarioId: 1, maximo: 3_000_00, ordem: 1 }]);
    const r = configurarAutomatico(estado, { id: 2, usuarioId: 2, maximo: 3_050_00, ordem: 2 });
    expect(r.aceito && valores(r.lances)).toEqual([
      [1, 2_950_00, 'Automático'],
      [2, 3_050_00, 'Automático'],
    ]);
  });

  it('equal maxima: the earlier configuration wins at that value', () => {
    const estado = base({ usuarioId: 1, valor: 1_000_00, ordem: 1 }, [{ id: 1, usuarioId: 1, maximo: 3_000_00, ordem: 1 }]);
    const r = configurarAutomatico(estado, { id: 2, usuarioId: 2, maximo: 3_000_00, ordem: 2 });
    expect(r.aceito && valores(r.lances)).toEqual([
      [2, 2_900_00, 'Automático'],
      [1, 3_000_00, 'Automático'],
    ]);
  });

  it('equal to an earlier manual bid: the manual bid keeps the lead', () => {
    const estado = base({ usuarioId: 1, valor: 3_000_00, ordem: 1 });
    const r = configurarAutomatico(estado, { id: 2, usuarioId: 2, maximo: 3_000_00, ordem: 2 });
    expect(r.aceito).toBe(false);
  });

  it('a manual bid equal to the leader maximum is covered: the earlier maximum takes it', () => {
    const estado = base({ usuarioId: 1, valor: 1_000_00, ordem: 1 }, [{ id: 1, usuarioId: 1, maximo: 3_000_00, ordem: 1 }]);
    const r = lanceManual(estado, 2, 3_000_00, 2);
    expect(r).toMatchObject({ aceito: false, motivo: 'coberto', proximo: 3_100_00, atual: { usuarioId: 1, valor: 3_000_00 } });
  });

  it('a manual bid above the leader maximum takes the lead and the exhausted proxy stays silent', () => {
    const estado = base({ usuarioId: 1, valor: 1_000_00, ordem: 1 }, [{ id: 1, usuarioId: 1, maximo: 3_000_00, ordem: 1 }]);
    const r = lanceManual(estado, 2, 3_100_00, 2);
    expect(r.aceito && valores(r.lances)).toEqual([[2, 3_100_00, 'Manual']]);
  });

  it('a maximum below the next accepted bid is refused', () => {
    const r = configurarAutomatico(base({ usuarioId: 1, valor: 2_000_00, ordem: 1 }), { id: 2, usuarioId: 2, maximo: 2_050_00, ordem: 2 });
    expect(r).toEqual({ aceito: false, proximo: 2_100_00 });
  });
});

/**
 * Random sequences of manual bids and configurations from a few clients, run through the engine as
 * the database would (one at a time, under the lot lock). Checks the promises the product makes.
 */
describe('property: the pure engine', () => {
  const acao = fc.oneof(
    fc.record({
      tipo: fc.constant('manual' as const),
      usuarioId: fc.integer({ min: 1, max: 4 }),
      passos: fc.integer({ min: 0, max: 6 }),
      extra: fc.constantFrom(0, 0, 0, 50_00, 1),
    }),
    fc.record({
      tipo: fc.constant('auto' as const),
      usuarioId: fc.integer({ min: 1, max: 4 }),
      passos: fc.integer({ min: 0, max: 30 }),
      extra: fc.constantFrom(0, 0, 50_00, 1),
    }),
  );

  it('values rise by at least the increment, proxies stay under their max, the highest ceiling leads, at the price needed', () => {
    fc.assert(
      fc.property(fc.array(acao, { maxLength: 40 }), fc.constantFrom(1_00, 100_00, 250_00), (acoes, incremento) => {
        let estado: EstadoDisputa = { minimo: 1_000_00, incremento, atual: null, configuracoes: [] };
        const registrados: LanceGerado[] = [];
        /** Highest offer each client made (recorded bids, covered manual offers, maxima). */
        const teto = new Map<number, number>();
        const subir = (u: number, v: number) => teto.set(u, Math.max(teto.get(u) ?? 0, v));
        let ordem = 0;
        const acimaDoMaximo = (ls: LanceGerado[], cs: Configuracao[]) => {
          for (const l of ls.filter((x) => x.tipo === 'Automático')) {
            expect(l.valor).toBeLessThanOrEqual(cs.find((c) => c.usuarioId === l.usuarioId)!.maximo);
          }
        };
        for (const a of acoes) {
          ordem++;
          const proximo = estado.atual ? estado.atual.valor + incremento : estado.minimo;
          const valor = proximo + a.passos * incremento + a.extra;
          if (a.tipo === 'manual') {
            const r = lanceManual(estado, a.usuarioId, valor, ordem);
            if (r.aceito || r.motivo === 'coberto') {
              acimaDoMaximo(r.lances, estado.configuracoes);
              registrados.push(...r.lances);
              estado = { ...estado, atual: r.atual };
              subir(a.usuarioId, valor);
            }
          } else {
            const antiga = estado.configuracoes.find((c) => c.usuarioId === a.usuarioId);
            const r = configurarAutomatico(estado, { id: antiga?.id ?? ordem, usuarioId: a.usuarioId, maximo: valor, ordem });
            if (r.aceito) {
              acimaDoMaximo(r.lances, r.configuracoes);
              registrados.push(...r.lances);
              estado = { ...estado, atual: r.atual, configuracoes: r.configuracoes };
              // A lowered maximum replaces the old one as the client's standing offer.
              teto.set(a.usuarioId, Math.max(valor, ...registrados.filter((l) => l.usuarioId === a.usuarioId).map((l) => l.valor)));
              for (const l of r.lances) subir(l.usuarioId, l.valor);
            }
          }
          for (const l of registrados) subir(l.usuarioId, l.valor);
        }
        // 1. strictly rising by at least the increment, the first at least the minimum.
        registrados.forEach((l, i) => {
          expect(l.valor).toBeGreaterThanOrEqual(i === 0 ? estado.minimo : registrados[i - 1].valor + incremento);
        });
        // 2. (checked at each step above) an automatic bid never passes its configuration's maximum.
        if (!estado.atual) return;
        // 3. the leader holds the highest standing offer.
        const lider = estado.atual.usuarioId;
        for (const [u, t] of teto) if (u !== lider) expect(teto.get(lider)!).toBeGreaterThanOrEqual(t);
        // 4. an automatic lead costs no more than needed: the runner-up's offer + one increment.
        const ultimo = registrados.at(-1)!;
        if (ultimo.tipo === 'Automático') {
          const segundo = Math.max(0, ...[...teto].filter(([u]) => u !== lider).map(([, t]) => t));
          expect(ultimo.valor).toBeLessThanOrEqual(Math.max(estado.minimo, segundo + incremento));
        }
      }),
      { numRuns: 500 },
    );
  });
});
