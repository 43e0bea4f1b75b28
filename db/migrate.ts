/** `npm run db:migrate`: applies the committed migrations to DATABASE_URL (or the embedded database). */
import { getEnv } from '~/utils/env.server';
import { openDatabase } from './client.server';

const env = getEnv();
const database = await openDatabase({ url: env.DATABASE_URL, schema: env.DATABASE_SCHEMA, pgliteDir: env.PGLITE_DIR });
await database.migrate();
await database.close();
console.log(`migrações aplicadas (${database.kind}${database.schema ? `, schema ${database.schema}` : ''})`);
