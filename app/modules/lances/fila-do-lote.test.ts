import { describe, expect, it } from 'vitest';
import type { Db, Tx } from '@db/client.server';
import { criarFilaDoLote, transacaoEmLote } from './fila-do-lote.server';

/** What a transaction's receipt insert (db/recibo.server.ts) reads back. */
const execute = async () => ({ rows: [{ pid: 1, inicio: '2026-01-01 00:00:00+00' }] });

/** A database whose transactions only record what committed (no SQL but the receipt's). */
function bancoFalso() {
  const commits: string[][] = [];
  let abertas = 0;
  const db = {
    async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      const feitos: string[] = [];
      const tx = { feitos, execute } as unknown as Tx;
      abertas++;
      try {
        const r = await fn(tx);
        commits.push(feitos);
        return r;
      } finally {
        abertas--;
      }
    },
  } as unknown as Db;
  return { db, commits, abertas: () => abertas };
}
const registrar =
  (nome: string, falhar = false) =>
  async (tx: Tx) => {
    if (falhar) throw new Error(`falhou ${nome}`);
    (tx as unknown as { feitos: string[] }).feitos.push(nome);
    return nome;
  };

describe('group commit per lot (fila-do-lote)', () => {
  it('runs a lone request at once, and the ones that arrive meanwhile together in one transaction, in order', async () => {
    const { db, commits } = bancoFalso();
    const fila = criarFilaDoLote(db);
    const emLote: boolean[] = [];
    const r = await Promise.all([
      fila(1, 10, registrar('a')),
      fila(1, 10, async (tx) => (emLote.push(transacaoEmLote(tx)), registrar('b')(tx))),
      fila(1, 10, registrar('c')),
      fila(1, 11, registrar('outro lote')),
    ]);
    expect(r).toEqual(['a', 'b', 'c', 'outro lote']);
    expect(commits).toEqual([['a'], ['outro lote'], ['b', 'c']]);
    expect(emLote).toEqual([true]);
  });

  it('a body that fails fails alone: the batch is rolled back and each body runs again in its own transaction', async () => {
    const { db, commits } = bancoFalso();
    const fila = criarFilaDoLote(db);
    const r = await Promise.allSettled([
      fila(1, 10, registrar('a')),
      fila(1, 10, registrar('b')),
      fila(1, 10, registrar('ruim', true)),
      fila(1, 10, registrar('d')),
    ]);
    expect(r.map((x) => (x.status === 'fulfilled' ? x.value : (x.reason as Error).message))).toEqual(['a', 'b', 'falhou ruim', 'd']);
    // The batch b, ruim, d never committed; then b and d each alone.
    expect(commits).toEqual([['a'], ['b'], ['d']]);
  });

  it('answers only after the commit', async () => {
    let commitado = false;
    const db = {
      async transaction<T>(fn: (tx: Tx) => Promise<T>) {
        const r = await fn({ execute } as unknown as Tx);
        await new Promise((ok) => setTimeout(ok, 5));
        commitado = true;
        return r;
      },
    } as unknown as Db;
    const fila = criarFilaDoLote(db);
    await fila(1, 1, async () => 'x');
    expect(commitado).toBe(true);
  });
});
