import type { Db, Tx } from '@db/client.server';
import { criarAgrupador } from '~/utils/agrupador.server';

/**
 * Group commit for the full engine (issue #16; docs/decisions/077-fila-do-lote.md): the requests on
 * one lot that need the engine (an Idempotency-Key, active maxima, setting a maximum, buy-now) run
 * their transaction bodies one after the other inside ONE transaction per batch, so a hot lot pays
 * one BEGIN/COMMIT (one WAL flush) and one lock wait per batch instead of per request, and the bids
 * are decided in arrival order. Each body is exactly the transaction it had alone (it locks the lot,
 * reads, writes); the next body sees the previous one's writes, as it would after its commit.
 *
 * Every request is answered only after the batch committed. When the batch fails (a body threw, a
 * deadlock with another instance, a lost connection), nothing of it committed: each body then runs
 * again alone in its own transaction, in order, so one request's failure is that request's alone and
 * the others get the answer they would have had without batching.
 */
export type Corpo<T> = (tx: Tx) => Promise<T>;

/** The transactions of batches of more than one body (the engine may keep what it read in them). */
const EM_LOTE = new WeakSet<object>();
export const transacaoEmLote = (tx: Tx) => EM_LOTE.has(tx);
/** Work a body left for the end of its batch (the engine's deferred writes), run before the commit. */
const NO_FIM = new WeakMap<object, () => Promise<void>>();
export const noFimDoLote = (tx: Tx, fazer: () => Promise<void>) => void NO_FIM.set(tx, fazer);
type Saida = { ok: true; valor: unknown } | { ok: false; erro: unknown };

export function criarFilaDoLote(db: Db, { maximo = 32 } = {}) {
  const agrupar = criarAgrupador(
    async (_chave, corpos: Corpo<unknown>[]): Promise<Saida[]> => {
      try {
        return await db.transaction(async (tx) => {
          if (corpos.length > 1) EM_LOTE.add(tx);
          const saidas: Saida[] = [];
          for (const corpo of corpos) saidas.push({ ok: true, valor: await corpo(tx) });
          await NO_FIM.get(tx)?.();
          return saidas;
        });
      } catch (erro) {
        if (corpos.length === 1) return [{ ok: false, erro }];
        const saidas: Saida[] = [];
        for (const corpo of corpos) {
          saidas.push(
            await db.transaction(corpo).then(
              (valor): Saida => ({ ok: true, valor }),
              (e: unknown): Saida => ({ ok: false, erro: e }),
            ),
          );
        }
        return saidas;
      }
    },
    // Bounds how long one batch holds the lot (and how long its first answer waits for its last body).
    { maximo },
  );
  /** Runs `corpo` in the lot's next batch; resolves after that batch committed. */
  return async <T>(hotsiteId: number, loteId: number, corpo: Corpo<T>): Promise<T> => {
    const s = await agrupar(`${hotsiteId}:${loteId}`, corpo as Corpo<unknown>);
    if (!s.ok) throw s.erro;
    return s.valor as T;
  };
}
export type FilaDoLote = ReturnType<typeof criarFilaDoLote>;
