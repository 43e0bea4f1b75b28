/**
 * `DATABASE_URL=postgres://... node --expose-gc --import tsx scripts/bench/memoria-indice.ts [--lots 100000]`
 *
 * Memory of one brand's search index: the brand's lots loaded (schema `bench_indice`, seeded once and
 * reused), measured as the growth of the V8 heap plus the ArrayBuffers behind the typed-array columns
 * (which `heapUsed` alone does not count), after a full GC, before and after the first search loads it.
 */
import { parseArgs } from 'node:util';
import { buscarComFacetas, criarServicoDeBusca } from '~/modules/catalogo/busca.server';
import { getEnv } from '~/utils/env.server';
import { catalogoDoBench, PREFIXO_DO_ESQUEMA } from './comum';

const { values } = parseArgs({ options: { lots: { type: 'string', default: '100000' } } });
const LOTES = Number(values.lots);
const env = getEnv();
if (!env.DATABASE_URL) throw new Error('defina DATABASE_URL (PostgreSQL real)');
if (!global.gc) throw new Error('rode com node --expose-gc');
const database = await catalogoDoBench({ schema: `${PREFIXO_DO_ESQUEMA}_indice`, lotes: LOTES, max: 4 });
const { db } = database;
const total = LOTES;

const busca = criarServicoDeBusca(db);
const medir = () => {
  global.gc!();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, buffers: m.arrayBuffers };
};
// Warm the code paths and the pool on another brand first, so the delta is the index's.
await buscarComFacetas({ db, busca, hotsiteId: 2, filtros: {}, tamanho: 30 });
const antes = medir();
const consultasAntes = busca.indice.consultas;
const t0 = performance.now();
// What a visitor waits for after a restart: the first search (from SQL if the load takes over 250 ms).
const r = await buscarComFacetas({ db, busca, hotsiteId: 1, filtros: {}, tamanho: 30 });
const ms = performance.now() - t0;
// The load it started, to its end.
await busca.indice.marca(1);
const carga = performance.now() - t0;
const depois = medir();
const mb = (b: number) => (b / 1e6).toFixed(1);
const heap = depois.heap - antes.heap;
const buffers = depois.buffers - antes.buffers;
console.log(
  `marca 1: ${total} lotes, ${r.total} listáveis no índice; 1ª busca respondida em ${ms.toFixed(0)} ms${busca.indice.consultas === consultasAntes ? ' (pelo SQL, durante a carga)' : ''}; índice carregado em ${carga.toFixed(0)} ms`,
);
console.log(
  `índice: ${mb(heap)} MB de heap + ${mb(buffers)} MB de ArrayBuffers = ${mb(heap + buffers)} MB (${mb(((heap + buffers) / r.total) * 100_000)} MB por 100.000 lotes listáveis)`,
);
await database.close();
