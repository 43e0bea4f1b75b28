/**
 * Per instance: which lots this instance last saw holding active maxima (issue #16, decision 084). A
 * manual bid without a key on such a lot goes straight into the lot's group commit (the full engine,
 * fila-do-lote.server.ts) instead of first asking the fast path (lance_manual_lote), which would only
 * answer 'motor' and cost a transaction of its own. Only a hint: both paths decide every bid
 * correctly under the lot's lock, so a stale entry (maxima set or ended on another instance) costs
 * speed, never correctness. It corrects itself: the fast path answering 'motor' marks the lot, the
 * engine finding no active maximum unmarks it.
 */
export function criarMaximosDoLote({ limite = 10_000 } = {}) {
  // A Set keeps insertion order: past the limit the oldest entries go first.
  const lotes = new Set<string>();
  const chave = (hotsiteId: number, loteId: number) => `${hotsiteId}:${loteId}`;
  return {
    tem: (hotsiteId: number, loteId: number) => lotes.has(chave(hotsiteId, loteId)),
    marcar(hotsiteId: number, loteId: number) {
      const k = chave(hotsiteId, loteId);
      if (lotes.has(k)) return;
      lotes.add(k);
      if (lotes.size > limite) lotes.delete(lotes.values().next().value!);
    },
    desmarcar: (hotsiteId: number, loteId: number) => void lotes.delete(chave(hotsiteId, loteId)),
  };
}
export type MaximosDoLote = ReturnType<typeof criarMaximosDoLote>;
