import type { Db, Tx } from '@db/client.server';
import { CommitIncerto, transacaoComRecibo } from '@db/recibo.server';
import { criarAgrupador } from '~/utils/agrupador.server';

/**
 * Group commit of buy-nows ACROSS lots (issue #16, decision 088). A lot is bought once, so a lot's
 * queue (fila-do-lote.server.ts) never holds two buys, and each purchase paid a transaction, a WAL
 * flush and six statements of its own. Here, per brand and instance, a few queues (chosen by lot) each
 * keep one batch in flight; the buy-nows that arrive meanwhile go together in the queue's next
 * transaction, decided and written set-based (comprarJuntos: a handful of statements for the whole
 * batch). Every purchase is answered only after its batch committed. When a batch fails (a deadlock
 * with another instance, a lost connection, a bug one lot triggers), nothing of it committed and each
 * purchase runs again alone in its own transaction, in order: one lot's failure stays that lot's. A
 * batch whose COMMIT answer was lost is resolved by its receipt, never re-run on a guess (decision 113).
 */
type Saida = { ok: true; valor: unknown } | { ok: false; erro: unknown };
/**
 * The set-based purchase of a batch (compre-ja.server.ts comprarJuntos), one answer per request in order.
 * Passed by the caller: the engine imports the service that builds this queue, so this module does
 * not import the engine.
 */
export type Comprar<P, C> = (tx: Tx, hotsiteId: number, pedidos: P[]) => Promise<C[]>;
interface Entrada {
  pedido: unknown;
  comprar: Comprar<unknown, unknown>;
}

export function criarComprasJuntas(db: Db, { maximo = 32, filas = 2 } = {}) {
  const agrupar = criarAgrupador(
    async (chave, entradas: Entrada[]): Promise<Saida[]> => {
      const hotsiteId = Number(chave.split(':')[0]);
      // Every caller passes the same function (the engine's).
      const comprar = entradas[0].comprar;
      const pedidos = entradas.map((e) => e.pedido);
      // With a receipt (decision 113): a purchase whose COMMIT answer was lost is answered by what committed.
      const sozinho = (p: unknown) =>
        transacaoComRecibo(db, hotsiteId, (tx) => comprar(tx, hotsiteId, [p])).then(
          ([valor]): Saida => ({ ok: true, valor }),
          (erro: unknown): Saida => ({ ok: false, erro }),
        );
      if (pedidos.length === 1) return [await sozinho(pedidos[0])];
      try {
        const compras = await transacaoComRecibo(db, hotsiteId, (tx) => comprar(tx, hotsiteId, pedidos));
        return compras.map((valor): Saida => ({ ok: true, valor }));
      } catch (erro) {
        // Whether the batch committed cannot be told: buying again could sell a lot twice.
        if (erro instanceof CommitIncerto) return pedidos.map((): Saida => ({ ok: false, erro }));
        const saidas: Saida[] = [];
        for (const p of pedidos) saidas.push(await sozinho(p));
        return saidas;
      }
    },
    // Bounds how long one batch holds its lots and buyers' locks (and how long its first answer waits).
    { maximo },
  );
  /**
   * A buy-now in the next batch of its brand's queue; resolves after that batch committed. A brand has
   * `filas` queues, chosen by lot: their batches run side by side (on different lots), so one batch's
   * round trips don't idle the others, and the buys of one lot stay in one queue, in arrival order.
   */
  return async <P extends { loteId: number }, C>(hotsiteId: number, pedido: P, comprar: Comprar<P, C>): Promise<C> => {
    const s = await agrupar(`${hotsiteId}:${pedido.loteId % filas}`, { pedido, comprar: comprar as Comprar<unknown, unknown> });
    if (!s.ok) throw s.erro;
    return s.valor as C;
  };
}
export type ComprasJuntas = ReturnType<typeof criarComprasJuntas>;
