/**
 * Shared bench plumbing: a fresh schema on the PostgreSQL of DATABASE_URL, real server instances as
 * child processes (so their CPU and memory are theirs, not the load generator's), and fixtures.
 * Loopback only; every run is bounded in time and drops its schema at the end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { WebSocket } from 'ws';
import { openDatabase } from '@db/client.server';
import { habilitacao, leilao, lote, usuario, veiculo, veiculoTipo } from '@db/schema/index';
import { seedDemo } from '../seed/index';
import { criarSessao } from '~/modules/identidade/sessions.server';
import { getEnv } from '~/utils/env.server';

const RAIZ = fileURLToPath(new URL('../../', import.meta.url));
export const env = getEnv();

export function exigir(nome: 'DATABASE_URL' | 'REDIS_URL') {
  const v = env[nome];
  if (!v) {
    console.error(`${nome} é obrigatório para este benchmark (ex.: postgres://postgres@127.0.0.1:5432/test, redis://127.0.0.1:6379)`);
    process.exit(2);
  }
  return v;
}

/**
 * The prefix of every schema a bench creates (BENCH_SCHEMA, default `bench`): two people benching on one
 * PostgreSQL give different prefixes and never drop or reseed each other's schemas. The servers' Redis prefix
 * and the fan-out floor's channel derive from the schema, so they part too.
 */
export const PREFIXO_DO_ESQUEMA = process.env.BENCH_SCHEMA || 'bench';
if (!/^[a-z_][a-z0-9_]*$/.test(PREFIXO_DO_ESQUEMA)) throw new Error(`BENCH_SCHEMA inválido: ${PREFIXO_DO_ESQUEMA}`);

/** The catalogue schema of a size: `<prefix>_catalogo` at 100,000 lots, `<prefix>_catalogo_<lots>` otherwise. */
export const esquemaDoCatalogo = (lotes: number) =>
  lotes === 100_000 ? `${PREFIXO_DO_ESQUEMA}_catalogo` : `${PREFIXO_DO_ESQUEMA}_catalogo_${lotes}`;

export async function abrirBanco() {
  const url = exigir('DATABASE_URL');
  const schema = `${PREFIXO_DO_ESQUEMA}_${randomBytes(4).toString('hex')}`;
  const database = await openDatabase({ url, schema, max: 8 });
  await database.migrate();
  await seedDemo(database);
  return {
    ...database,
    url,
    schemaNome: schema,
    async descartar() {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await c.end();
    },
  };
}
export type BancoBench = Awaited<ReturnType<typeof abrirBanco>>;

export async function criarLote(db: BancoBench['db'], { minimo = 1_000_00, incremento = 1_00 } = {}) {
  await db.insert(veiculoTipo).values({ id: 1, nome: 'Automóvel', categoria: 'Carros' }).onConflictDoNothing();
  const [le] = await db.insert(leilao).values({ hotsiteId: 1, nome: 'Leilão bench', situacao: 'AO_VIVO', data: new Date() }).returning();
  const [v] = await db.insert(veiculo).values({ hotsiteId: 1, nome: 'Gol', modelo: 'Gol', veiculoTipoId: 1 }).returning();
  const [l] = await db
    .insert(lote)
    .values({
      hotsiteId: 1,
      veiculoId: v.id,
      leilaoId: le.id,
      situacao: 'LIBERADO_LEILAO',
      nome: 'Lote bench',
      numero: '1',
      categoria: 'Carros',
      veiculoTipoId: 1,
      minimo,
      incremento,
      recebeIncrementoTempo: false,
      dataInicio: new Date(Date.now() - 60_000),
      dataFim: new Date(Date.now() + 3_600_000),
    })
    .returning();
  return { loteId: l.id, veiUid: v.uid, leilaoId: le.id };
}

export async function criarClientes(db: BancoBench['db'], n: number) {
  const out: { id: number; nome: string; email: string; token: string }[] = [];
  for (let i = 0; i < n; i++) {
    const [u] = await db
      .insert(usuario)
      .values({ hotsiteId: 1, email: `bench-${i}-${randomBytes(3).toString('hex')}@h1.test`, nome: `Bench ${i}` })
      .returning();
    await db.insert(habilitacao).values({ hotsiteId: 1, usuarioId: u.id, leilaoId: null });
    out.push({ id: u.id, nome: u.nome, email: u.email, token: (await criarSessao({ db, usuarioId: u.id, hotsiteId: 1 })).token });
  }
  return out;
}

/**
 * A port the system has just handed out as free (listen on 0, then close): benches take their ports from
 * here, so two benches run at once never meet on a fixed port.
 */
export async function portasLivres(n: number): Promise<number[]> {
  // All held open at once, so the n ports differ from each other.
  const servidores = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<http.Server>((resolve, reject) => {
          const s = http.createServer();
          s.once('error', reject);
          s.listen(0, '127.0.0.1', () => resolve(s));
        }),
    ),
  );
  const portas = servidores.map((s) => (s.address() as { port: number }).port);
  await Promise.all(servidores.map((s) => new Promise((r) => s.close(r))));
  return portas;
}

/** The secret the bench's servers sign sessions with: one per bench run (production refuses the dev secret). */
const SEGREDO_DO_BENCH = process.env.SESSION_SECRET ?? `bench-${randomBytes(24).toString('hex')}`;

const responde = (porta: number) =>
  new Promise<boolean>((r) =>
    http
      .get({ host: '127.0.0.1', port: porta, path: '/healthz' }, (res) => (res.resume(), r(res.statusCode === 200)))
      .on('error', () => r(false)),
  );

/**
 * A real server (`node build/server.js`, the compiled build: run `npm run build` first) on its own port, in
 * production mode as `npm start` runs it, with a Redis prefix of its schema (two benches on one Redis never hear
 * each other); resolves once /healthz answers.
 */
export async function iniciarServidor({
  porta,
  banco,
  redisUrl,
  inspecionar = false,
}: {
  porta: number;
  banco: BancoBench;
  redisUrl?: string;
  inspecionar?: boolean;
}) {
  // Another process on the port would answer /healthz for us (with another database).
  if (await responde(porta)) throw new Error(`a porta ${porta} já está em uso`);
  // BENCH_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=.prof`) reaches the server processes, for profiling.
  const extras = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // inspecionar: an inspector on a free port, so coletarLixo() can ask for a full GC before reading RSS.
  if (inspecionar) extras.push('--inspect=127.0.0.1:0');
  const filho: ChildProcess = spawn(process.execPath, [...extras, 'build/server.js'], {
    cwd: RAIZ,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      SESSION_SECRET: SEGREDO_DO_BENCH,
      PORT: String(porta),
      HOST: '127.0.0.1',
      DATABASE_URL: banco.url,
      DATABASE_SCHEMA: banco.schemaNome,
      REDIS_URL: redisUrl ?? '',
      REDIS_PREFIX: `${banco.schemaNome}:`,
      SEED_ON_START: 'false',
      LOG_LEVEL: 'silent',
      // Every watcher of a bench comes from 127.0.0.1: the per-address socket limit (decision 111, 100 by
      // default) would refuse all but the first hundred with 429.
      WS_MAX_CONEXOES_POR_IP: '1000000',
      // Admission control's limits (decision 114), when the bench is run with them set (enxurrada.ts compares).
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('ADMISSAO_'))),
    },
    stdio: ['ignore', 'ignore', inspecionar ? 'pipe' : 'inherit'],
  });
  let inspetor: string | null = null;
  filho.stderr?.on('data', (b: Buffer) => {
    const texto = b.toString();
    inspetor ??= /Debugger listening on (ws:\/\/\S+)/.exec(texto)?.[1] ?? null;
    for (const linha of texto.split('\n')) if (linha && !/Debugger|For help, see|inspector/.test(linha)) process.stderr.write(`${linha}\n`);
  });
  // Up to 90 s: a start on a machine busy with other work can take far longer than the usual second or two.
  let pronto = false;
  for (let i = 0; i < 900 && !pronto && filho.exitCode === null; i++) {
    pronto = await responde(porta);
    if (!pronto) await new Promise((r) => setTimeout(r, 100));
  }
  if (!pronto) {
    filho.kill('SIGTERM');
    throw new Error(`o servidor na porta ${porta} não respondeu /healthz (código de saída ${filho.exitCode})`);
  }
  return {
    filho,
    porta,
    /** A full garbage collection in the server (through its inspector), so RSS holds only live memory. */
    coletarLixo: () =>
      new Promise<void>((resolve, reject) => {
        if (!inspetor) return reject(new Error('servidor sem inspetor (inspecionar: true)'));
        const ws = new WebSocket(inspetor);
        ws.once('open', () => ws.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' })));
        ws.on('message', (m) => JSON.parse(String(m)).id === 1 && (ws.close(), resolve()));
        ws.once('error', reject);
      }),
    /** CPU time (user + system) the server process has used so far, in ms. */
    cpuMs: () => cpuMsDe(filho.pid!),
    /** Resident memory of the server process (kB). */
    rssKb() {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${filho.pid}/status`, 'utf8'));
      return m ? Number(m[1]) : NaN;
    },
    parar: () => new Promise<void>((r) => (filho.once('exit', () => r()), filho.kill('SIGTERM'))),
  };
}

/**
 * Resident memory of the servers together (kB) after full GCs, so garbage of earlier rounds is not
 * counted (the second GC, a second later, lets V8 hand back the pages the first one freed).
 */
export async function rssAposColetas(servidores: Awaited<ReturnType<typeof iniciarServidor>>[]) {
  const gc = () => Promise.all(servidores.map((s) => s.coletarLixo()));
  await gc();
  await new Promise((r) => setTimeout(r, 1_000));
  await gc();
  return servidores.reduce((t, s) => t + s.rssKb(), 0);
}

/** CPU time (user + system) a process has used so far, in ms (from /proc/<pid>/stat, in clock ticks of 10 ms). */
export function cpuMsDe(pid: number) {
  const campos = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(campos[11]) + Number(campos[12])) * 10;
}

/** The median (the mean of the two middle values for an even count: with two rounds, not the larger). */
export function mediana(valores: number[]) {
  const v = [...valores].sort((a, b) => a - b);
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

export function percentil(ordenados: number[], p: number) {
  if (ordenados.length === 0) return NaN;
  return ordenados[Math.min(ordenados.length - 1, Math.floor((p / 100) * ordenados.length))];
}

export const contar = async (db: BancoBench['db'], loteId: number) =>
  Number(((await db.execute(sql`SELECT count(*)::int AS n FROM lance WHERE lote_id = ${loteId}`)).rows[0] as { n: number }).n);

/**
 * A catalogue schema reused across runs (seeding 100,000 lots takes minutes), holding exactly `lotes` lots in
 * brand 1 (and `outras` in each other demo brand). A schema left with another size is dropped and seeded again:
 * the seed adds nothing to a brand that already has auctions, so "seed on top" would measure the old size.
 * The count is checked before any figure is printed.
 */
export async function catalogoDoBench({ schema, lotes, outras = 0, max }: { schema: string; lotes: number; outras?: number; max: number }) {
  const url = exigir('DATABASE_URL');
  const contarMarca1 = async (db: BancoBench['db']) =>
    Number(((await db.execute(sql`SELECT count(*)::int AS n FROM lote WHERE hotsite_id = 1`)).rows[0] as { n: number }).n);
  let database = await openDatabase({ url, schema, max });
  await database.migrate();
  if ((await contarMarca1(database.db)) !== lotes) {
    await database.close();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await c.end();
    database = await openDatabase({ url, schema, max });
    await database.migrate();
    const t0 = performance.now();
    const { lerPastaDaMarca, pastasDemo } = await import('@tenants/brand-folder.server');
    const { onboardHotsite } = await import('~/modules/hotsites/onboard.server');
    const { seedCatalogo, seedReferencias } = await import('../seed/catalogo/index');
    for (const pasta of pastasDemo()) await onboardHotsite(database.db, lerPastaDaMarca(pasta));
    await seedReferencias(database.db);
    await seedCatalogo({ db: database.db, hotsiteId: 1, lotes });
    if (outras > 0) for (const id of [2, 14, 20, 1002]) await seedCatalogo({ db: database.db, hotsiteId: id, lotes: outras });
    // This schema's tables only: a bare ANALYZE reads every schema of the database (other runs' too).
    const tabelas = (await database.db.execute(sql`SELECT tablename FROM pg_tables WHERE schemaname = ${schema}`)).rows as {
      tablename: string;
    }[];
    for (const { tablename } of tabelas) await database.db.execute(sql.raw(`ANALYZE "${schema}"."${tablename}"`));
    console.log(`semeado: ${lotes} lotes na marca 1 em ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const n = await contarMarca1(database.db);
  if (n !== lotes) throw new Error(`o esquema ${schema} tem ${n} lotes na marca 1, não ${lotes}: nenhum número foi medido`);
  console.log(`lotes na marca 1 (conferido no banco): ${n}`);
  return database;
}

/**
 * One request of `caminho` to a server on loopback as brand 1 (`h1.localhost`), a GET or, with a body,
 * a JSON POST; resolves with the answer's size in bytes, rejects on any status but 200.
 */
export function pedirAoServidor(port: number, caminho: string, { corpo, agent }: { corpo?: string; agent?: http.Agent } = {}) {
  return new Promise<number>((resolve, reject) => {
    const r = http.request(
      {
        host: '127.0.0.1',
        port,
        path: caminho,
        method: corpo ? 'POST' : 'GET',
        agent,
        headers: { host: `h1.localhost:${port}`, ...(corpo ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${caminho} respondeu ${res.statusCode}`))));
      },
    );
    r.on('error', reject);
    r.end(corpo || undefined);
  });
}

/**
 * createMartelo of the compiled server (build/server.js, `npm run build` first), as `npm start` runs it: the
 * server and the routes it serves are then one copy of each module, as in production.
 */
export async function servidorCompilado(): Promise<typeof import('../../server')> {
  return import(new URL('../../build/server.js', import.meta.url).href);
}
