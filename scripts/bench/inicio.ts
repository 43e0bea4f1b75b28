/**
 * Start-up and memory of `npm start`'s server (`node build/server.js`, the compiled build): time from spawn
 * to the first 200 on /healthz and on h1.localhost/, for a first start (empty database: migrations and
 * demo seed) and a restart (same database), then RSS after 50 warm-up requests (home, list, lot search
 * API). On PGlite (a fresh data folder) and, when DATABASE_URL is set, on PostgreSQL (a fresh schema,
 * dropped at the end); on PGlite also a restart through `npm start` itself, whose build is up to date (its
 * fingerprint check, then the server). Run `npm run build` first.
 *
 *   node --import tsx scripts/bench/inicio.ts                      # PGlite only
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx scripts/bench/inicio.ts
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { RAIZ } from '~/utils/raiz.server';
import { portasLivres, PREFIXO_DO_ESQUEMA } from './comum';

const [PORTA] = await portasLivres(1);

const pedir = (caminho: string, host = '127.0.0.1') =>
  new Promise<number>((r) =>
    http
      .get(
        { host: '127.0.0.1', port: PORTA, path: caminho, headers: { host: `${host}:${PORTA}` } },
        (res) => (res.resume(), res.on('end', () => r(res.statusCode ?? 0))),
      )
      .on('error', () => r(0)),
  );

/** The `node build/server.js` under `npm start` (npm runs it through a shell). */
function servidorDe(pid: number): number {
  const filhos = (p: number): number[] =>
    readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  const fila = [pid];
  while (fila.length) {
    const p = fila.shift()!;
    const args = readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0');
    if (/node$/.test(args[0]) && args.includes('build/server.js')) return p;
    fila.push(...filhos(p));
  }
  throw new Error('servidor de npm start não encontrado');
}

/** `npm`: through `npm start` (its up-to-date check of the build, then the server) instead of the server alone. */
async function medir(env: Record<string, string>, { npm = false } = {}) {
  const inicio = performance.now();
  const filho = spawn(npm ? 'npm' : process.execPath, npm ? ['start', '--silent'] : ['build/server.js'], {
    cwd: RAIZ,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(PORTA), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    // npm's children (the check, then the server) go with it.
    detached: npm,
  });
  try {
    while ((await pedir('/healthz')) !== 200) {
      if (filho.exitCode !== null) throw new Error(`o servidor saiu (${filho.exitCode})`);
      if (performance.now() - inicio > 180_000) throw new Error('sem resposta em 180 s');
      await new Promise((r) => setTimeout(r, 50));
    }
    const status = await pedir('/', 'h1.localhost');
    if (status !== 200) throw new Error(`h1.localhost/ respondeu ${status}`);
    const ms = performance.now() - inicio;
    for (let i = 0; i < 50; i++) {
      const caminho = ['/', '/leilao', '/v1/lote/busca-elastic'][i % 3];
      const s = await pedir(caminho, 'h1.localhost');
      if (s !== 200) throw new Error(`${caminho} respondeu ${s}`);
    }
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${npm ? servidorDe(filho.pid!) : filho.pid}/status`, 'utf8'))?.[1]);
    return { ms, rssMb: rssKb / 1024 };
  } finally {
    const saiu = new Promise((r) => filho.once('exit', r));
    if (npm) process.kill(-filho.pid!, 'SIGTERM');
    else filho.kill('SIGTERM');
    await saiu;
  }
}

const linha = (banco: string, caso: string, r: { ms: number; rssMb: number }) =>
  console.log(`| ${banco} | ${caso} | ${(r.ms / 1000).toFixed(1)} s | ${r.rssMb.toFixed(0)} MB |`);

console.log('| banco | partida | até o primeiro 200 (/healthz + h1.localhost/) | RSS após 50 pedidos |');
console.log('|---|---|---|---|');
const pasta = mkdtempSync(join(tmpdir(), 'martelo-inicio-'));
try {
  const env = { DATABASE_URL: '', REDIS_URL: '', PGLITE_DIR: join(pasta, 'pglite'), SESSION_SECRET_FILE: join(pasta, 'segredo') };
  linha('PGlite', 'primeira (migra + seed)', await medir(env));
  linha('PGlite', 'reinício', await medir(env));
  // The build is up to date (the bench's caller built it): the fingerprint check, then the server.
  linha('PGlite', 'reinício por `npm start`, build em dia', await medir(env, { npm: true }));
  const url = process.env.DATABASE_URL;
  if (url) {
    const schema = `${PREFIXO_DO_ESQUEMA}_inicio_${randomBytes(4).toString('hex')}`;
    const envPg = {
      DATABASE_URL: url,
      DATABASE_SCHEMA: schema,
      REDIS_URL: process.env.REDIS_URL ?? '',
      SESSION_SECRET_FILE: join(pasta, 'segredo'),
    };
    try {
      linha('PostgreSQL', 'primeira (migra + seed)', await medir(envPg));
      linha('PostgreSQL', 'reinício', await medir(envPg));
    } finally {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    }
  }
} finally {
  rmSync(pasta, { recursive: true, force: true });
}
