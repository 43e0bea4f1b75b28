/**
 * The lot page as visitors get it: many distinct lots, none served twice in a row from a cache.
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
 *     node --import tsx scripts/bench/pagina-lote.ts [--lots 100000] [--distintos 2000] [--segundos 10] [--conexoes 8]
 *
 * On real PostgreSQL (the catalogue bench's schema of that size, seeded once and reused):
 *  1. SQL statements per view: the server in this process, its pg clients counted, `--distintos` lot pages
 *     in series; the statements the background jobs (index feed, hub beat) run in a quiet window of the same
 *     length are subtracted, and the statements of one view are listed;
 *  2. throughput, latency and server CPU per page: the server as its own process in production mode
 *     (`node build/server.js`), `--conexoes` keep-alive connections asking for the distinct lots in turn for
 *     `--segundos`; CPU is the server process's user + system time over the pages served.
 * Goals (issue #35): ≤ 3 ms of server CPU and ≤ 5 SQL statements per view, no write per view.
 */
import './modo-producao';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { catalogoDoBench, esquemaDoCatalogo, iniciarServidor, percentil, portasLivres, servidorCompilado, type BancoBench } from './comum';
import { getEnv } from '~/utils/env.server';

const { values } = parseArgs({
  options: {
    lots: { type: 'string', default: '100000' },
    distintos: { type: 'string', default: '2000' },
    segundos: { type: 'string', default: '10' },
    conexoes: { type: 'string', default: '8' },
  },
});
const LOTES = Number(values.lots);
const DISTINTOS = Number(values.distintos);
const env = getEnv();
if (!env.DATABASE_URL) throw new Error('defina DATABASE_URL (PostgreSQL real)');
const schema = esquemaDoCatalogo(LOTES);
const database = await catalogoDoBench({ schema, lotes: LOTES, outras: 200, max: 10 });
const ids = (
  await database.db.execute(
    sql`SELECT id FROM lote WHERE hotsite_id = 1 AND situacao IN ('LIBERADO_LEILAO', 'EM_LEILAO') ORDER BY random() LIMIT ${DISTINTOS}`,
  )
).rows.map((r) => Number((r as { id: number }).id));
if (ids.length < DISTINTOS) console.log(`aviso: só ${ids.length} lotes à venda na marca 1`);

function get(porta: number, caminho: string, agent?: http.Agent) {
  return new Promise<{ status: number; local?: string; ms: number }>((resolve, reject) => {
    const t0 = performance.now();
    http
      .get({ host: '127.0.0.1', port: porta, path: caminho, agent, headers: { host: `h1.localhost:${porta}` } }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, local: res.headers.location, ms: performance.now() - t0 }));
      })
      .on('error', reject);
  });
}

// ── 1. SQL statements per view, the server in this process.
const { createMartelo } = await servidorCompilado();
const app = await createMartelo({ env: { ...env, LOG_LEVEL: 'silent', SEED_ON_START: false }, database });
const { port } = await app.listen(0, '127.0.0.1');
// Canonical paths: a short path redirects (301) to the lot's canonical one.
const caminhos: string[] = [];
for (const id of ids) {
  const r = await get(port, `/leilao/x/ano.0/${id}`);
  if (r.status === 301 && r.local) caminhos.push(r.local);
}
let contando = false;
const textos: string[] = [];
const consultaOriginal = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (contando) {
    const a = args[0] as string | { text?: string };
    textos.push(typeof a === 'string' ? a : (a?.text ?? '?'));
  }
  return (consultaOriginal as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

for (const c of caminhos.slice(0, 50)) await get(port, c); // warm-up: JIT, prepared statements
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
contando = true;
const t0 = performance.now();
for (const c of caminhos) await get(port, c, agent);
const duracao = performance.now() - t0;
const daVista = textos.length;
textos.length = 0;
await new Promise((r) => setTimeout(r, duracao));
const doFundo = textos.length;
textos.length = 0;
await get(port, caminhos[0], agent);
contando = false;
const umaVista = [...textos];
const porVista = (daVista - doFundo) / caminhos.length;
const escritas = umaVista.filter((t) => /^\s*(insert|update|delete)\b/i.test(t)).length;
await app.close();

// ── 2. Throughput and server CPU, the server as its own process.
const [PORTA] = await portasLivres(1);
const banco = { ...database, url: env.DATABASE_URL, schemaNome: schema } as unknown as BancoBench;
const servidor = await iniciarServidor({ porta: PORTA, banco });
for (const c of caminhos.slice(0, 200)) await get(PORTA, c);
const SEGUNDOS = Number(values.segundos);
const CONEXOES = Number(values.conexoes);
const tempos: number[] = [];
let erros = 0;
let proximo = 0;
const cpu0 = servidor.cpuMs();
const inicio = performance.now();
const fim = inicio + SEGUNDOS * 1000;
await Promise.all(
  Array.from({ length: CONEXOES }, async () => {
    const ag = new http.Agent({ keepAlive: true, maxSockets: 1 });
    while (performance.now() < fim) {
      const r = await get(PORTA, caminhos[proximo++ % caminhos.length], ag);
      if (r.status === 200) tempos.push(r.ms);
      else erros++;
    }
  }),
);
const segundos = (performance.now() - inicio) / 1000;
const cpuPorPagina = (servidor.cpuMs() - cpu0) / (tempos.length + erros);
await servidor.parar();
await database.close();

tempos.sort((a, b) => a - b);
const f = (n: number, d = 1) => n.toLocaleString('pt-BR', { maximumFractionDigits: d, minimumFractionDigits: d });
console.log(`página do lote, ${caminhos.length} lotes distintos de ${LOTES.toLocaleString('pt-BR')} (PostgreSQL, produção)`);
console.log(
  `  SQL por vista:        ${f(porVista)} (meta ≤ 5; ${daVista} na série, ${doFundo} do fundo no mesmo tempo), escritas numa vista: ${escritas} (meta 0)`,
);
console.log(`  CPU do servidor:      ${f(cpuPorPagina, 2)} ms por página (meta ≤ 3 ms), ${CONEXOES} conexões, ${SEGUNDOS} s`);
console.log(
  `  vazão:                ${f(tempos.length / segundos)} páginas/s; p50 ${f(percentil(tempos, 50))} ms, p99 ${f(percentil(tempos, 99))} ms; erros ${erros}`,
);
console.log('  consultas de uma vista:');
for (const t of umaVista) console.log(`    ${t.replace(/\s+/g, ' ').slice(0, 110)}`);
