import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { bancoIndisponivel } from '~/utils/errors';
import { linhas } from '~/utils/linhas.server';
import type { Db, Tx } from './client.server';

/**
 * Transactions whose outcome can always be told (decision 113).
 *
 * When the answer to a COMMIT is lost (the connection is reset after the server received it, or the
 * answer is held past the client's read timeout), the client cannot know whether it committed. Running
 * the work again as if it had not would sell a lot twice or tell a buyer who bought it that the sale is
 * closed; answering 200 as if it had would acknowledge a bid that may not exist. So each such transaction
 * first writes a receipt under an id chosen here (`recibo_transacao`), and when its outcome is unknown the
 * server asks the database by inserting the same id itself, marked `anulada`:
 * - the insert conflicts with a receipt that is not `anulada`: the transaction committed, and what the
 *   transaction returned (kept in memory, or the `resposta` it wrote) is the truth;
 * - the insert succeeds: the transaction did not commit and never will (its own insert would now
 *   conflict), so the work may be run again;
 * - the insert waits: the transaction is still open on the server (its client is gone but the server has
 *   not noticed yet). Its backend is ended (`pg_terminate_backend`, its pid was read with the receipt), which
 *   rolls it back, and the question is asked again;
 * - the database cannot be reached: the answer is not known, and the request is refused with
 *   `CommitIncerto` (503, retryable: a keyed request replays its stored answer, a manual bid is refused
 *   as already placed rather than placed twice).
 */
export class CommitIncerto extends Error {
  constructor(causa: unknown) {
    super('Não foi possível confirmar se a transação foi gravada', { cause: causa });
    this.name = 'CommitIncerto';
  }
}

/** The receipt's outcome: committed (with the answer the transaction stored, if any), or not. */
export type Desfecho = { confirmou: true; resposta: unknown } | { confirmou: false };

const ESPERA_BLOQUEIO = '2s';
const PAUSAS_MS = [100, 300, 700, 1_500, 3_000];

/**
 * Whether the transaction that wrote receipt `id` committed. Blocks while that transaction is still
 * open (ending its backend `pid` when the wait runs out); throws CommitIncerto when the database cannot
 * be asked.
 */
export async function desfechoDoRecibo(db: Db, hotsiteId: number, id: string, dono?: Backend): Promise<Desfecho> {
  let ultimo: unknown;
  for (const pausa of [0, ...PAUSAS_MS]) {
    if (pausa) await new Promise((r) => setTimeout(r, pausa));
    try {
      return await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`SET LOCAL lock_timeout = '${ESPERA_BLOQUEIO}'`));
        const novo = linhas(
          await tx.execute(sql`INSERT INTO recibo_transacao (id, hotsite_id, anulada) VALUES (${id}, ${hotsiteId}, true)
                                ON CONFLICT (id) DO NOTHING RETURNING id`),
        );
        if (novo.length > 0) return { confirmou: false } as const;
        const [r] = linhas<{ anulada: boolean; resposta: unknown }>(
          await tx.execute(sql`SELECT anulada, resposta FROM recibo_transacao WHERE id = ${id}`),
        );
        // An `anulada` receipt is an earlier question's, whose own answer was lost: still not committed.
        return r.anulada ? ({ confirmou: false } as const) : ({ confirmou: true, resposta: r.resposta } as const);
      });
    } catch (erro) {
      ultimo = erro;
      // 55P03: the transaction still holds its receipt. End it (it cannot commit any more: its client is
      // gone) and ask again.
      if (codigo(erro) === '55P03' && dono) {
        await encerrar(db, dono);
        continue;
      }
      if (codigo(erro) === '55P03' || bancoIndisponivel(erro)) continue;
      throw erro;
    }
  }
  throw new CommitIncerto(ultimo);
}

function codigo(erro: unknown): string | undefined {
  let atual: unknown = erro;
  for (let i = 0; i < 4 && atual && typeof atual === 'object'; i++) {
    const c = (atual as { code?: unknown }).code;
    if (typeof c === 'string') return c;
    atual = (atual as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The server process that ran a transaction, and when that transaction began. */
export interface Backend {
  pid: number;
  inicio: string;
}

/**
 * Ends the transaction `dono` if it is still open: matched by pid AND its start time, so a new session that
 * happens to reuse the pid is never touched.
 */
async function encerrar(db: Db, dono: Backend) {
  // Best effort: a failure leaves the transaction to idle_in_transaction_session_timeout, and the caller
  // reads the receipt again either way.
  await db
    .execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid = ${dono.pid} AND xact_start = ${dono.inicio}::timestamptz`,
    )
    .catch(() => {});
}

/** A new receipt id, for a statement that writes its receipt itself (`INSERT INTO recibo_transacao`). */
export const novoRecibo = () => randomUUID();

/**
 * `corpo` in a transaction that writes a receipt first. Answers what `corpo` returned once it committed,
 * even when the COMMIT's answer was lost; throws the error when it did not commit (the work may be run
 * again), CommitIncerto when that cannot be told.
 */
export async function transacaoComRecibo<T>(db: Db, hotsiteId: number, corpo: (tx: Tx) => Promise<T>): Promise<T> {
  const id = novoRecibo();
  let dono: Backend | undefined;
  let terminou = false;
  let valor: T;
  try {
    return await db.transaction(async (tx) => {
      const [r] = linhas<{ pid: number; inicio: string }>(
        await tx.execute(sql`INSERT INTO recibo_transacao (id, hotsite_id) VALUES (${id}, ${hotsiteId})
                              RETURNING pg_backend_pid() AS pid, now()::text AS inicio`),
      );
      dono = { pid: Number(r.pid), inicio: r.inicio };
      valor = await corpo(tx);
      terminou = true;
      return valor;
    });
  } catch (erro) {
    // The server answered (a constraint, a deadlock, a bug): nothing committed.
    if (!bancoIndisponivel(erro)) throw erro;
    if (!terminou) {
      // The connection failed before COMMIT was sent: nothing committed, but the server may still hold the
      // transaction's locks until it notices. End it, so that running the work again does not wait on them.
      if (dono) await encerrar(db, dono);
      throw erro;
    }
    const desfecho = await desfechoDoRecibo(db, hotsiteId, id, dono);
    if (desfecho.confirmou) return valor!;
    throw erro;
  }
}

/** Receipts older than a day: every question about them was asked long ago. */
export async function limparRecibosVencidos(db: Db) {
  await db.execute(sql`DELETE FROM recibo_transacao WHERE criado_em < now() - interval '1 day'`);
}
