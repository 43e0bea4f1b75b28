import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAXIMO_DE_LACUNAS, avancar, juntar, posicaoInicial, type PosicaoFeed } from './feed-alteracoes';

const pos = (seq: number, lacunas: PosicaoFeed['lacunas'] = [], janelas: PosicaoFeed['janelas'] = []): PosicaoFeed => ({
  seq,
  lacunas,
  janelas,
});

describe('feed position', () => {
  it.each<[string, PosicaoFeed, number[], { xmin: number; xmax: number }, PosicaoFeed]>([
    ['nothing new', pos(10), [], { xmin: 50, xmax: 50 }, pos(10)],
    ['contiguous rows: no hole', pos(10), [12, 11, 13], { xmin: 50, xmax: 50 }, pos(13)],
    [
      'a number skipped while a transaction runs: a hole until it ends',
      pos(10),
      [11, 13],
      { xmin: 40, xmax: 50 },
      pos(13, [{ de: 12, ate: 12, xmax: 50 }]),
    ],
    ['a hole found filled (the late commit)', pos(13, [{ de: 12, ate: 12, xmax: 50 }]), [12], { xmin: 45, xmax: 60 }, pos(13)],
    [
      'a hole still empty while its transactions may run',
      pos(13, [{ de: 12, ate: 12, xmax: 50 }]),
      [],
      { xmin: 45, xmax: 60 },
      pos(13, [{ de: 12, ate: 12, xmax: 50 }]),
    ],
    [
      'a hole empty once xmin passed its xmax: rolled back, forgotten',
      pos(13, [{ de: 12, ate: 12, xmax: 50 }]),
      [],
      { xmin: 50, xmax: 60 },
      pos(13),
    ],
    [
      'a hole split by a row found inside it',
      pos(20, [{ de: 11, ate: 15, xmax: 50 }]),
      [13],
      { xmin: 45, xmax: 60 },
      pos(20, [
        { de: 11, ate: 12, xmax: 50 },
        { de: 14, ate: 15, xmax: 50 },
      ]),
    ],
    ['a row read twice (window and after the number) counts once', pos(10), [11, 11, 12], { xmin: 50, xmax: 50 }, pos(12)],
    [
      'a window kept while its transactions may run',
      pos(10, [], [{ transacaoDe: 30, seqAte: 10, xmax: 40 }]),
      [],
      { xmin: 35, xmax: 41 },
      pos(10, [], [{ transacaoDe: 30, seqAte: 10, xmax: 40 }]),
    ],
    ['a window dropped once they ended', pos(10, [], [{ transacaoDe: 30, seqAte: 10, xmax: 40 }]), [8], { xmin: 40, xmax: 41 }, pos(10)],
  ])('%s', (_, antes, vistos, inst, depois) => expect(avancar(antes, vistos, inst)).toEqual(depois));

  it('merges the holes past the maximum into one range (rereading seen rows inside it is harmless)', () => {
    const vistos = Array.from({ length: MAXIMO_DE_LACUNAS + 5 }, (_, i) => 2 * (i + 1));
    const p = avancar(pos(1), vistos, { xmin: 10, xmax: 20 });
    expect(p.lacunas).toEqual([{ de: 3, ate: 2 * (MAXIMO_DE_LACUNAS + 5) - 1, xmax: 20 }]);
  });

  it('a load starts with a window over what was running, and takes the reader back to its number', () => {
    expect(posicaoInicial(10, { xmin: 30, xmax: 40 })).toEqual(pos(10, [], [{ transacaoDe: 30, seqAte: 10, xmax: 40 }]));
    expect(posicaoInicial(10, { xmin: 40, xmax: 40 })).toEqual(pos(10));
    const leitor = pos(20, [
      { de: 5, ate: 6, xmax: 35 },
      { de: 9, ate: 12, xmax: 35 },
      { de: 15, ate: 16, xmax: 35 },
    ]);
    expect(juntar(leitor, pos(10, [], [{ transacaoDe: 30, seqAte: 10, xmax: 40 }]))).toEqual(
      pos(
        10,
        [
          { de: 5, ate: 6, xmax: 35 },
          { de: 9, ate: 10, xmax: 35 },
        ],
        [{ transacaoDe: 30, seqAte: 10, xmax: 40 }],
      ),
    );
  });

  /*
   * A model of PostgreSQL: transactions take an id when they first write, then sequence numbers, and
   * commit or roll back in any order; a snapshot sees the committed ones. A reader loads, then reads
   * between any of these steps. Every row committed before a read must have been returned by it or by
   * an earlier one: nothing committed late is ever skipped.
   */
  it('never misses a committed row, whatever the order of writes, commits, rollbacks and reads', () => {
    type Passo =
      | { tipo: 'iniciar' }
      | { tipo: 'escrever'; t: number; n: number }
      | { tipo: 'fim'; t: number; commit: boolean }
      | { tipo: 'ler' }
      | { tipo: 'carregar' };
    const passoArb: fc.Arbitrary<Passo> = fc.oneof(
      fc.constant({ tipo: 'iniciar' as const }),
      fc.record({ tipo: fc.constant('escrever' as const), t: fc.nat(9), n: fc.integer({ min: 1, max: 4 }) }),
      fc.record({ tipo: fc.constant('fim' as const), t: fc.nat(9), commit: fc.boolean() }),
      fc.constant({ tipo: 'ler' as const }),
      fc.constant({ tipo: 'carregar' as const }),
    );
    fc.assert(
      fc.property(fc.array(passoArb, { minLength: 10, maxLength: 120, size: 'max' }), (passos) => {
        let proximaTransacao = 100;
        let proximoSeq = 1;
        const rodando: number[] = [];
        const commitadas = new Set<number>();
        const linhas: { seq: number; transacao: number }[] = [];
        const vistas = new Set<number>();
        let posicao: PosicaoFeed | null = null;
        const instantaneo = () => ({ xmin: Math.min(proximaTransacao, ...rodando), xmax: proximaTransacao });
        const visiveis = () => linhas.filter((l) => commitadas.has(l.transacao));
        const ler = () => {
          if (!posicao) return;
          const p: PosicaoFeed = posicao;
          const inst = instantaneo();
          const lidas = visiveis().filter(
            (l) =>
              l.seq > p.seq ||
              p.lacunas.some((h) => l.seq >= h.de && l.seq <= h.ate) ||
              p.janelas.some((j) => l.transacao >= j.transacaoDe && l.seq <= j.seqAte),
          );
          for (const l of lidas) vistas.add(l.seq);
          posicao = avancar(
            p,
            lidas.map((l) => l.seq),
            inst,
          );
          for (const l of visiveis()) expect(vistas.has(l.seq), `row ${l.seq} committed before the read`).toBe(true);
        };
        for (const passo of [...passos, { tipo: 'carregar' } as Passo, { tipo: 'ler' } as Passo]) {
          if (passo.tipo === 'iniciar') rodando.push(proximaTransacao++);
          else if (passo.tipo === 'escrever' && rodando.length) {
            const t = rodando[passo.t % rodando.length];
            for (let i = 0; i < passo.n; i++) linhas.push({ seq: proximoSeq++, transacao: t });
          } else if (passo.tipo === 'fim' && rodando.length) {
            const [t] = rodando.splice(passo.t % rodando.length, 1);
            if (passo.commit) commitadas.add(t);
          } else if (passo.tipo === 'ler') ler();
          else if (passo.tipo === 'carregar') {
            // The load reads the highest number and the snapshot, then the lots (all committed rows).
            const inicio = posicaoInicial(Math.max(0, ...visiveis().map((l) => l.seq)), instantaneo());
            for (const l of visiveis()) vistas.add(l.seq);
            posicao = juntar(posicao, inicio);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});
