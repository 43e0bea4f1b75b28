/**
 * `npm run build`'s second step, after `remix build`: compiles the top-level server.ts into build/server.js
 * and the demo seed into build/seed.js (esbuild; npm packages stay imports). server.ts takes every app
 * module from the Remix build at run time, so its bundle must hold server.ts alone: any other input means a
 * value import of app/ crept in, which would put a second copy of that module in the process. The seed is
 * a file of its own, imported by the server only on an empty database (docs/decisions/135-servidor-no-topo.md).
 * Tests call compilarServidor() from their global setup, so `npx remix build && npx vitest` needs no more.
 * Plain JavaScript: `npm start` runs it with node alone, no TypeScript loader to start.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const RAIZ = fileURLToPath(new URL('..', import.meta.url));

/** The project's import aliases (tsconfig.json `paths`): our own files, compiled in. */
const ALIAS = /^(~|@db|@tenants|@theme|@scripts)\//;

/**
 * npm packages stay imports, resolved from node_modules at run time as the Remix build's are (one copy
 * of express, drizzle, pg… in the process). esbuild's own `packages: 'external'` would take `@db/schema`
 * for a package too.
 */
/** @type {import('esbuild').Plugin} */
const pacotesDeFora = {
  name: 'pacotes-de-fora',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (ALIAS.test(args.path) ? undefined : { path: args.path, external: true }));
  },
};

/** @type {import('esbuild').BuildOptions} */
const comum = {
  absWorkingDir: RAIZ,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [pacotesDeFora],
  logLevel: 'warning',
};

export async function compilarServidor() {
  const servidor = await build({ ...comum, entryPoints: ['server.ts'], outfile: 'build/server.js', metafile: true, write: false });
  const outros = Object.keys(servidor.metafile?.inputs ?? {}).filter((f) => f !== 'server.ts');
  if (outros.length)
    throw new Error(`server.ts compilou módulos do app (${outros.join(', ')}): importe-os só como tipos e use os do build do Remix`);
  const semente = await build({ ...comum, entryPoints: ['scripts/seed/index.ts'], outfile: 'build/seed.js', write: false });
  // The embedded PostgreSQL's start alone, which `npm start` begins while the Remix build loads (decision 297).
  const pglite = await build({ ...comum, entryPoints: ['db/pglite.server.ts'], outfile: 'build/pglite.js', metafile: true, write: false });
  const dePglite = Object.keys(pglite.metafile?.inputs ?? {}).filter((f) => f !== 'db/pglite.server.ts');
  if (dePglite.length)
    throw new Error(`db/pglite.server.ts compilou outros módulos do app (${dePglite.join(', ')}): ele deve ficar sozinho`);
  for (const arquivo of [...servidor.outputFiles, ...semente.outputFiles, ...pglite.outputFiles])
    gravarSeMudou(arquivo.path, arquivo.contents);
}

/**
 * Two test runs started together (CI's PostgreSQL suite and browser tests) both compile the server: the
 * same bytes are left alone, and new bytes replace the file in one rename, so a process importing it
 * never reads half a file.
 */
function gravarSeMudou(caminho, conteudo) {
  if (existsSync(caminho) && Buffer.from(conteudo).equals(readFileSync(caminho))) return;
  mkdirSync(dirname(caminho), { recursive: true });
  const temporario = `${caminho}.${process.pid}.tmp`;
  writeFileSync(temporario, conteudo);
  renameSync(temporario, caminho);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await compilarServidor();
