import { mkdirSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';

/**
 * Runs once per test run. It compiles server.ts into build/server.js (scripts/build-server.js; the Remix
 * build must be there already: `npx remix build`). On the embedded path it migrates and seeds one PGlite and dumps it as a
 * template, so each test file restores a ready database in about a second instead of migrating its own.
 * With DATABASE_URL nothing is prepared here: each file makes its own schema.
 */
export const TEMPLATE = new URL('../.cache/test/pglite-template.tar.gz', import.meta.url).pathname;

export default async function setup(project: TestProject) {
  // The server the tests start is the compiled one (build/server.js beside the Remix build), as `npm start`'s.
  const { compilarServidor } = await import('../scripts/build-server');
  await compilarServidor();
  if (process.env.DATABASE_URL) return;
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

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
