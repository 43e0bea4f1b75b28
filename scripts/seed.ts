/**
 * `npm run seed [-- --lots N] [--semente S]`: migrates, onboards every demo brand (idempotent) and
 * seeds N demo lots per brand that has no catalogue yet (default SEED_LOTES_POR_MARCA).
 * Same seed (and same day), same data.
 */
import { parseArgs } from 'node:util';
import { count } from 'drizzle-orm';
import { openDatabase } from '@db/client.server';
import { lote } from '@db/schema/index';
import { seedDemo } from './seed/index';
import { getEnv } from '~/utils/env.server';

const { values } = parseArgs({ options: { lots: { type: 'string' }, semente: { type: 'string' } } });
const env = getEnv();
const lotesPorMarca = values.lots ? Number(values.lots) : env.SEED_LOTES_POR_MARCA;
if (!Number.isInteger(lotesPorMarca) || lotesPorMarca < 0) throw new Error('--lots precisa ser um número inteiro >= 0');
const semente = values.semente ? Number(values.semente) : undefined;
const database = await openDatabase({ url: env.DATABASE_URL, schema: env.DATABASE_SCHEMA, pgliteDir: env.PGLITE_DIR });
await database.migrate();
const inicio = performance.now();
const ids = await seedDemo(database, { lotesPorMarca, semente });
const [{ n }] = await database.db.select({ n: count() }).from(lote);
await database.close();
console.log(`marcas de demonstração: ${ids.join(', ')}; ${n} lotes no banco; ${Math.round(performance.now() - inicio)} ms`);
