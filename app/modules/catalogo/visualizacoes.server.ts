import { sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';

/**
 * Lot page views, counted off the request path (issue #35): a view adds one to a per-instance tally, and
 * every `intervaloMs` one UPDATE adds each lot's tally to `lote.visualizacoes` (rows passed as one JSON
 * parameter), never one write per page view. The count is a statistic (the spec's pageviews): what is
 * pending when an instance dies is lost, and a failed write is logged and dropped, as with the live floor's
 * page visits (decision 074). `updated_at` stays, as before: a view is not a change of the lot.
 */

/** Lots tallied at once; past this, views of new lots wait for the next write. */
const MAXIMO_PENDENTE = 50_000;

export interface ContadorDeVisualizacoes {
  contar(hotsiteId: number, loteId: number): void;
  /** Writes what is pending now (the timer calls it; tests and shutdown too). */
  descarregar(): Promise<void>;
  parar(): Promise<void>;
}

export function criarContadorDeVisualizacoes(
  db: Db,
  { intervaloMs = 2_000, aoFalhar }: { intervaloMs?: number; aoFalhar?: (erro: unknown, lotes: number) => void } = {},
): ContadorDeVisualizacoes {
  let pendentes = new Map<string, { h: number; l: number; n: number }>();
  let gravando: Promise<void> | null = null;

  async function gravar(lista: { h: number; l: number; n: number }[]) {
    await db.execute(sql`
      UPDATE lote SET visualizacoes = lote.visualizacoes + x.n
        FROM jsonb_to_recordset(${JSON.stringify(lista)}::jsonb) AS x(h int, l int, n int)
       WHERE lote.hotsite_id = x.h AND lote.id = x.l`);
  }

  function descarregar(): Promise<void> {
    if (gravando) return gravando.then(descarregar);
    if (pendentes.size === 0) return Promise.resolve();
    const lista = [...pendentes.values()];
    pendentes = new Map();
    gravando = gravar(lista)
      .catch((erro) => aoFalhar?.(erro, lista.length))
      .then(() => {
        gravando = null;
      });
    return gravando;
  }

  const timer = setInterval(() => void descarregar(), intervaloMs);
  timer.unref();

  return {
    contar(hotsiteId, loteId) {
      const chave = `${hotsiteId}:${loteId}`;
      const atual = pendentes.get(chave);
      if (atual) atual.n++;
      else if (pendentes.size < MAXIMO_PENDENTE) pendentes.set(chave, { h: hotsiteId, l: loteId, n: 1 });
    },
    descarregar,
    async parar() {
      clearInterval(timer);
      await descarregar();
    },
  };
}
