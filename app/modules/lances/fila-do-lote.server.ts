import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@db/client.server';
import { CommitIncerto, transacaoComRecibo } from '@db/recibo.server';
import { linhas } from '~/utils/linhas.server';
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
 * the others get the answer they would have had without batching. A batch whose COMMIT answer was lost
 * is never run again on a guess: its receipt tells whether it committed (db/recibo.server.ts).
 */
export type Corpo<T> = (tx: Tx) => Promise<T>;

/** The transactions of batches of more than one body (the engine may keep what it read in them). */
const EM_LOTE = new WeakSet<object>();
export const transacaoEmLote = (tx: Tx) => EM_LOTE.has(tx);
/** Work a body left for the end of its batch (the engine's deferred writes), run before the commit. */
const NO_FIM = new WeakMap<object, () => Promise<void>>();
export const noFimDoLote = (tx: Tx, fazer: () => Promise<void>) => void NO_FIM.set(tx, fazer);
type Saida = { ok: true; valor: unknown } | { ok: false; erro: unknown };

/** A request's Idempotency-Key (already trimmed), with the hash of what it asked. */
export interface ChaveDoPedido {
  hotsiteId: number;
  usuarioId: number;
  chave: string;
  hash: string;
}
/**
 * The keys this batch's transaction inserted up front (decision 088), per key: whether a body may
 * still claim it as new. A batch of several keyed bodies inserts all their keys in ONE statement
 * before the first body runs, instead of one INSERT per body; each body then asks chaveNovaNoLote.
 */
const CHAVES = new WeakMap<object, Map<string, boolean>>();
const idDaChave = (c: Omit<ChaveDoPedido, 'hash'>) => `${c.hotsiteId}:${c.usuarioId}:${c.chave}`;
/**
 * true: the key is new and this body owns it (the first body of the batch with it); false: it existed
 * before (or an earlier body of the batch owns it): a replay or a 422; null: not inserted up front
 * (a transaction of its own), the body inserts it itself.
 */
export function chaveNovaNoLote(tx: Tx, c: Omit<ChaveDoPedido, 'hash'>): boolean | null {
  const chaves = CHAVES.get(tx);
  const k = idDaChave(c);
  if (!chaves?.has(k)) return null;
  const nova = chaves.get(k)!;
  chaves.set(k, false);
  return nova;
}

/** The batch's keys in one statement (first occurrence of each; ON CONFLICT leaves existing ones). */
async function inserirChaves(tx: Tx, chaves: ChaveDoPedido[]) {
  const porId = new Map<string, ChaveDoPedido>();
  for (const c of chaves) if (!porId.has(idDaChave(c))) porId.set(idDaChave(c), c);
  const primeiras = [...porId.values()];
  const col = <T>(f: (c: ChaveDoPedido) => T, tipo: string) => sql`${sql.param(primeiras.map(f))}::${sql.raw(tipo)}`;
  const novas = linhas<{ hotsite_id: number; usuario_id: number; chave: string }>(
    await tx.execute(sql`
      INSERT INTO idempotencia (hotsite_id, usuario_id, chave, hash_corpo, status, resposta)
      SELECT v.hotsite_id, v.usuario_id, v.chave, v.hash, 0, '{}'::jsonb
        FROM unnest(${col((c) => c.hotsiteId, 'int[]')}, ${col((c) => c.usuarioId, 'int[]')}, ${col((c) => c.chave, 'text[]')},
                    ${col((c) => c.hash, 'text[]')}) WITH ORDINALITY AS v(hotsite_id, usuario_id, chave, hash, n)
       ORDER BY v.n
      ON CONFLICT DO NOTHING RETURNING hotsite_id, usuario_id, chave`),
  );
  const mapa = new Map(primeiras.map((c) => [idDaChave(c), false]));
  for (const n of novas) mapa.set(idDaChave({ hotsiteId: Number(n.hotsite_id), usuarioId: Number(n.usuario_id), chave: n.chave }), true);
  CHAVES.set(tx, mapa);
}

export function criarFilaDoLote(db: Db, { maximo = 32 } = {}) {
  const agrupar = criarAgrupador(
    async (chaveDoLote, pedidos: { corpo: Corpo<unknown>; chave?: ChaveDoPedido }[]): Promise<Saida[]> => {
      const hotsiteId = Number(chaveDoLote.split(':')[0]);
      const corpos = pedidos.map((p) => p.corpo);
      const chaves = pedidos.flatMap((p) => (p.chave ? [p.chave] : []));
      try {
        // With a receipt (decision 113): a batch whose COMMIT answer was lost is answered by what committed.
        return await transacaoComRecibo(db, hotsiteId, async (tx) => {
          if (corpos.length > 1) EM_LOTE.add(tx);
          if (corpos.length > 1 && chaves.length > 0) await inserirChaves(tx, chaves);
          const saidas: Saida[] = [];
          for (const corpo of corpos) saidas.push({ ok: true, valor: await corpo(tx) });
          await NO_FIM.get(tx)?.();
          return saidas;
        });
      } catch (erro) {
        // Whether the batch committed cannot be told: running its bodies again could place them twice.
        if (erro instanceof CommitIncerto || corpos.length === 1) return corpos.map(() => ({ ok: false, erro }));
        const saidas: Saida[] = [];
        for (const corpo of corpos) {
          saidas.push(
            await transacaoComRecibo(db, hotsiteId, corpo).then(
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
  return async <T>(hotsiteId: number, loteId: number, corpo: Corpo<T>, chave?: ChaveDoPedido): Promise<T> => {
    const s = await agrupar(`${hotsiteId}:${loteId}`, { corpo: corpo as Corpo<unknown>, chave });
    if (!s.ok) throw s.erro;
    return s.valor as T;
  };
}
export type FilaDoLote = ReturnType<typeof criarFilaDoLote>;
