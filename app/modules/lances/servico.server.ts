import type { Db } from '@db/client.server';
import { criarComprasJuntas, type ComprasJuntas } from './compras-juntas.server';
import { criarFilaDoLote, type FilaDoLote } from './fila-do-lote.server';
import { criarLoteRapido, type LoteRapido } from './lote-rapido.server';
import { criarMaximosDoLote, type MaximosDoLote } from './maximos-do-lote.server';
import { criarBuscaDeLicitantes, type BuscaDeLicitantes } from './participantes.server';

/**
 * The bidding's per-process state: the per-lot batcher of the fast path, the per-lot group commit of
 * the full engine and the batched bidder lookup. Built once in createMartelo and handed down through the context, so pages and the JSON API
 * share one queue per lot (a module-level one would exist once per bundle that imports it).
 */
export interface ServicoDeLances {
  rapido: LoteRapido;
  /** Group commit of the full engine's transactions per lot (keys, maxima, buy-now). */
  fila: FilaDoLote;
  /** Group commit of a brand's buy-nows without a key, across lots (decision 088). */
  compras: ComprasJuntas;
  /** Lots this instance last saw with active maxima: their manual bids skip the fast path (decision 084). */
  maximos: MaximosDoLote;
  licitantes: BuscaDeLicitantes;
}

export const criarServicoDeLances = (db: Db): ServicoDeLances => ({
  rapido: criarLoteRapido(db),
  fila: criarFilaDoLote(db),
  compras: criarComprasJuntas(db),
  maximos: criarMaximosDoLote(),
  licitantes: criarBuscaDeLicitantes(db),
});
