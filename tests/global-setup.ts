import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

/**
 * Runs once per test run. It compiles server.ts into build/server.js (scripts/build-server.js; the Remix
 * build must be there already: `npx remix build`). On the embedded path it migrates and seeds one PGlite and dumps it as a
 * template, so each test file restores a ready database in about a second instead of migrating its own.
 * With DATABASE_URL it migrates and seeds one template schema on that server and keeps its pg_dump: each file
 * restores it under its own schema name in about a second instead of running 740 migration and 5,500 seed
 * statements (and instead of queueing on the migrations' advisory lock behind the other worker). Without
 * pg_dump on the machine, each file migrates and seeds its own schema as before.
 */
export const TEMPLATE = new URL('../.cache/test/pglite-template.tar.gz', import.meta.url).pathname;

export default async function setup(project: TestProject) {
  // The server the tests start is the compiled one (build/server.js beside the Remix build), as `npm start`'s.
  const { compilarServidor } = await import('../scripts/build-server');
  await compilarServidor();
  if (process.env.DATABASE_URL) return modeloNoPostgres(project, process.env.DATABASE_URL, process.env.DATABASE_SCHEMA || 't');
  const { openDatabase } = await import('../db/client.server');
  const { seedDemo } = await import('../scripts/seed/index');
  const pglite = await PGlite.create({ dataDir: 'memory://' });
  const database = await openDatabase({ pglite });
  await database.migrate();
  await seedDemo(database, { lotesPorMarca: 80 });
  const dump = await pglite.dumpDataDir('gzip');
  mkdirSync(new URL('../.cache/test', import.meta.url), { recursive: true });
  writeFileSync(TEMPLATE, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplate', TEMPLATE);
}

/** The PostgreSQL template: migrated and seeded once, dumped as plain SQL, dropped at the end of the run. */
async function modeloNoPostgres(project: TestProject, url: string, prefixo: string) {
  const { openDatabase } = await import('../db/client.server');
  const { seedDemo } = await import('../scripts/seed/index');
  const schema = `${prefixo}_modelo_${randomBytes(4).toString('hex')}`;
  const arquivo = new URL(`../.cache/test/${schema}.sql`, import.meta.url).pathname;
  const apagar = async () => {
    rmSync(arquivo, { force: true });
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await c.end();
  };
  const database = await openDatabase({ url, schema, max: 4 });
  try {
    await database.migrate();
    await seedDemo(database, { lotesPorMarca: 80 });
  } finally {
    await database.close();
  }
  try {
    const { stdout } = await promisify(execFile)(
      'pg_dump',
      [`--dbname=${url}`, `--schema=${schema}`, '--no-owner', '--no-privileges', '--inserts', '--rows-per-insert=1000'],
      { maxBuffer: 256 * 1024 * 1024 },
    );
    // psql's meta-commands (\restrict, \unrestrict) are not SQL: the restore sends the rest through pg.
    const sql = stdout
      .split('\n')
      .filter((linha) => !linha.startsWith('\\'))
      .join('\n');
    mkdirSync(new URL('../.cache/test', import.meta.url), { recursive: true });
    writeFileSync(arquivo, sql);
    project.provide('pgModelo', { schema, arquivo });
  } catch (erro) {
    // No pg_dump, or one that does not match the server: the slower path still gives every file its database.
    // The reason is pg_dump's own stderr or the error code: the command line would carry the URL's password.
    const e = erro as { stderr?: string; code?: string };
    const motivo = e.stderr?.trim().split('\n')[0] || e.code || 'erro';
    console.warn(`pg_dump indisponível (${motivo}): cada arquivo de teste migra e semeia o próprio schema`);
  }
  return apagar;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgModelo: { schema: string; arquivo: string } | undefined;
  }
}
