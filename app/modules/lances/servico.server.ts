import type { Db } from '@db/client.server';
import { criarLoteRapido, type LoteRapido } from './lote-rapido.server';
import { criarBuscaDeLicitantes, type BuscaDeLicitantes } from './participantes.server';

/**
 * The bidding's per-process state: the per-lot batcher of the fast path and the batched bidder
 * lookup. Built once in createMartelo and handed down through the context, so pages and the JSON API
 * share one queue per lot (a module-level one would exist once per bundle that imports it).
 */
export interface ServicoDeLances {
  rapido: LoteRapido;
  licitantes: BuscaDeLicitantes;
}

export const criarServicoDeLances = (db: Db): ServicoDeLances => ({ rapido: criarLoteRapido(db), licitantes: criarBuscaDeLicitantes(db) });
