/**
 * `DATABASE_URL=postgres://... node --expose-gc --import tsx scripts/bench/memoria-indice.ts [--lots 100000]`
 *
 * Memory of one brand's search index: the brand's lots loaded (schema `bench_indice`, seeded once and
 * reused), measured as the growth of the V8 heap plus the ArrayBuffers behind the typed-array columns
 * (which `heapUsed` alone does not count), after a full GC, before and after the first search loads it.
 */
import { parseArgs } from 'node:util';
import { count, eq } from 'drizzle-orm';
import { openDatabase } from '@db/client.server';
import { lote } from '@db/schema/index';
import { seedCatalogo, seedReferencias } from '@scripts/seed/catalogo/index';
import { lerPastaDaMarca, pastasDemo } from '@tenants/brand-folder.server';
import { onboardHotsite } from '~/modules/hotsites/onboard.server';
import { buscarComFacetas, criarServicoDeBusca } from '~/modules/catalogo/busca.server';
import { getEnv } from '~/utils/env.server';

const { values } = parseArgs({ options: { lots: { type: 'string', default: '100000' } } });
const LOTES = Number(values.lots);
const env = getEnv();
if (!env.DATABASE_URL) throw new Error('defina DATABASE_URL (PostgreSQL real)');
if (!global.gc) throw new Error('rode com node --expose-gc');
const database = await openDatabase({ url: env.DATABASE_URL, schema: 'bench_indice', max: 4 });
await database.migrate();
const { db } = database;
const [{ n }] = await db.select({ n: count() }).from(lote).where(eq(lote.hotsiteId, 1));
if (n < LOTES) {
  const t0 = performance.now();
  for (const pasta of pastasDemo()) await onboardHotsite(db, lerPastaDaMarca(pasta));
  await seedReferencias(db);
  await seedCatalogo({ db, hotsiteId: 1, lotes: LOTES });
  await db.execute('analyze');
  console.log(`semeado: ${LOTES} lotes na marca 1 em ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
const [{ total }] = await db.select({ total: count() }).from(lote).where(eq(lote.hotsiteId, 1));

const busca = criarServicoDeBusca(db);
const medir = () => {
  global.gc!();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, buffers: m.arrayBuffers };
};
// Warm the code paths and the pool on another brand first, so the delta is the index's.
await buscarComFacetas({ db, busca, hotsiteId: 2, filtros: {}, tamanho: 30 });
const antes = medir();
const t0 = performance.now();
const r = await buscarComFacetas({ db, busca, hotsiteId: 1, filtros: {}, tamanho: 30 });
const ms = performance.now() - t0;
const depois = medir();
const mb = (b: number) => (b / 1e6).toFixed(1);
const heap = depois.heap - antes.heap;
const buffers = depois.buffers - antes.buffers;
console.log(`marca 1: ${total} lotes, ${r.total} listáveis no índice; carga + 1ª busca ${ms.toFixed(0)} ms`);
console.log(
  `índice: ${mb(heap)} MB de heap + ${mb(buffers)} MB de ArrayBuffers = ${mb(heap + buffers)} MB (${mb(((heap + buffers) / r.total) * 100_000)} MB por 100.000 lotes listáveis)`,
);
await database.close();
