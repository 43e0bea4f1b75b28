/**
 * `npm start`'s first step: runs `npm run build` only when the sources changed since the last build. The
 * build's inputs (app/, db/, theme/, tenants/, the seed, server.ts, the configs and the lockfile; test files
 * excluded) are hashed by content into one fingerprint kept beside the build (build/.impressao); the same
 * fingerprint means the same build, so a second `npm start` goes straight to the server
 * (docs/decisions/131-start-sem-rebuild.md). `npm run build` itself always builds and writes the fingerprint.
 * Plain JavaScript, like build-server.js: it runs with node alone.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const RAIZ = fileURLToPath(new URL('..', import.meta.url));
const PASTAS = ['app', 'db', 'theme', 'tenants', 'scripts/seed'];
const ARQUIVOS = [
  'server.ts',
  'remix.config.js',
  'scripts/build-server.js',
  'scripts/comprimir-build.js',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];
const ARQUIVO_DA_IMPRESSAO = join(RAIZ, 'build', '.impressao');
/** What the build produces: without them there is nothing to start, whatever the fingerprint says. */
const SAIDAS = ['build/index.js', 'build/server.js', 'build/seed.js', 'build/pglite.js', 'public/build'];

function* arquivos(pasta) {
  for (const entrada of readdirSync(pasta, { withFileTypes: true })) {
    const caminho = join(pasta, entrada.name);
    if (entrada.isDirectory()) yield* arquivos(caminho);
    else if (entrada.isFile() && !/\.test\.tsx?$/.test(entrada.name)) yield caminho;
  }
}

/** SHA-256 over each input's path and content, in a fixed order, and the Node version that builds it. */
export function impressaoDasFontes(raiz = RAIZ) {
  const lista = [
    ...PASTAS.flatMap((p) => (existsSync(join(raiz, p)) ? [...arquivos(join(raiz, p))] : [])),
    ...ARQUIVOS.map((a) => join(raiz, a)).filter((a) => existsSync(a)),
  ]
    .map((a) => relative(raiz, a))
    .sort();
  const hash = createHash('sha256').update(process.version);
  for (const arquivo of lista) hash.update(`\0${arquivo}\0`).update(readFileSync(join(raiz, arquivo)));
  return hash.digest('hex');
}

export function gravarImpressao() {
  writeFileSync(ARQUIVO_DA_IMPRESSAO, `${impressaoDasFontes()}\n`);
}

function buildEmDia() {
  if (!existsSync(ARQUIVO_DA_IMPRESSAO) || SAIDAS.some((s) => !existsSync(join(RAIZ, s)))) return false;
  return readFileSync(ARQUIVO_DA_IMPRESSAO, 'utf8').trim() === impressaoDasFontes();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--gravar')) gravarImpressao();
  else if (buildEmDia()) console.log('build em dia com as fontes: nada a compilar');
  else {
    const r = spawnSync('npm', ['run', 'build'], { cwd: RAIZ, stdio: 'inherit' });
    process.exit(r.status ?? 1);
  }
}
