import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '@db/client.server';
import { seedDemo } from '@scripts/seed/index';
import { parseEnv } from '~/utils/env.server';

export const envDeTeste = parseEnv(process.env);

/**
 * A ready database for one test file: migrated, with the demo brands.
 *  - embedded: a PGlite restored from the template made in global-setup;
 *  - DATABASE_URL: a fresh schema `<DATABASE_SCHEMA|t>_<random>` on that server, dropped by `descartar`: the
 *    template schema of global-setup restored under the new name (or, with no template, migrated and seeded).
 */
export async function criarBancoDeTeste(): Promise<Database & { descartar(): Promise<void> }> {
  if (!envDeTeste.DATABASE_URL) {
    const template = readFileSync(inject('pgliteTemplate'));
    const pglite = await PGlite.create({ loadDataDir: new File([template], 'template.tar.gz') });
    const database = await openDatabase({ pglite });
    return { ...database, descartar: () => database.close() };
  }
  const url = envDeTeste.DATABASE_URL;
  const schema = `${envDeTeste.DATABASE_SCHEMA ?? 't'}_${randomBytes(4).toString('hex')}`;
  const modelo = inject('pgModelo');
  if (modelo) await restaurarModelo(url, modelo, schema);
  const database = await openDatabase({ url, schema, max: 10 });
  if (!modelo) {
    await database.migrate();
    await seedDemo(database, { lotesPorMarca: 80 });
  }
  return {
    ...database,
    async descartar() {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await c.end();
    },
  };
}

let modeloLido: string | undefined;

/** The template's dump, every name of its schema renamed (the template's name is random, so it is nowhere else). */
async function restaurarModelo(url: string, modelo: { schema: string; arquivo: string }, schema: string) {
  modeloLido ??= readFileSync(modelo.arquivo, 'utf8');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(modeloLido.replace(new RegExp(`\\b${modelo.schema}\\b`, 'g'), schema));
  } finally {
    await c.end();
  }
}
