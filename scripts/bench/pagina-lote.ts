/**
 * The lot page as visitors get it: many distinct lots, each first seen by the measurement (a first view),
 * then the same lots again (a repeated view: what a lot someone opened before costs, decision 244).
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
 *     node --import tsx scripts/bench/pagina-lote.ts [--lots 100000] [--distintos 2000] [--segundos 10] [--conexoes 8] [--esquema S]
 *     [--aceita 'gzip, deflate, br, zstd' | --identidade]
 *
 * Every request sends a browser's `Accept-Encoding` (`--aceita`, Chromium's by default), so the CPU per page
 * includes compressing the page as a visitor gets it; `--identidade` sends none (the figures before
 * 2026-11-27 22:00 UTC, an uncompressed page).
 *
 * On real PostgreSQL (the catalogue bench's schema of that size, seeded once and reused):
 *  1. SQL statements per view: the server in this process, its pg clients counted, `--distintos` lot pages
 *     in series, then the same series again; the statements the background jobs (index feed, hub beat) run
 *     in a quiet window of the same length are subtracted, and the statements of one view are listed;
 *  2. throughput, latency and server CPU per page: the server as its own process in production mode
 *     (`node build/server.js`), `--conexoes` keep-alive connections asking for the distinct lots in turn,
 *     each once, for at most `--segundos` (first views), then the lots served for `--segundos` again
 *     (repeated views); CPU is the server process's user + system time over the pages served.
 * The warm-up visits other lots of the brand (which also loads its search index, as any list page does).
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
    esquema: { type: 'string' },
    aceita: { type: 'string', default: 'gzip, deflate, br, zstd' },
    identidade: { type: 'boolean', default: false },
  },
});
const LOTES = Number(values.lots);
const DISTINTOS = Number(values.distintos);
const ACEITA = values.identidade ? undefined : values.aceita;
const env = getEnv();
if (!env.DATABASE_URL) throw new Error('defina DATABASE_URL (PostgreSQL real)');
// The catalogue bench's schema of that size (under BENCH_SCHEMA), unless one is named.
const schema = values.esquema ?? esquemaDoCatalogo(LOTES);
const database = await catalogoDoBench({ schema, lotes: LOTES, outras: 200, max: 10 });
const ids = (
  await database.db.execute(
    sql`SELECT id FROM lote WHERE hotsite_id = 1 AND situacao IN ('LIBERADO_LEILAO', 'EM_LEILAO') ORDER BY random() LIMIT ${DISTINTOS}`,
  )
).rows.map((r) => Number((r as { id: number }).id));
if (ids.length < DISTINTOS) console.log(`aviso: só ${ids.length} lotes à venda na marca 1`);

function get(porta: number, caminho: string, agent?: http.Agent) {
  return new Promise<{ status: number; local?: string; ms: number; bytes: number; codificacao?: string }>((resolve, reject) => {
    const t0 = performance.now();
    const headers: http.OutgoingHttpHeaders = { host: `h1.localhost:${porta}` };
    if (ACEITA) headers['accept-encoding'] = ACEITA;
    http
      .get({ host: '127.0.0.1', port: porta, path: caminho, agent, headers }, (res) => {
        let bytes = 0;
        res.on('data', (b: Buffer) => (bytes += b.length));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            local: res.headers.location,
            ms: performance.now() - t0,
            bytes,
            codificacao: res.headers['content-encoding'],
          }),
        );
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

// Warm-up (JIT, prepared statements) on lots kept apart: the measured lots are first seen in the series.
const aquecimento = caminhos.splice(-Math.min(200, Math.floor(caminhos.length / 4)));
for (const c of aquecimento.slice(0, 50)) await get(port, c);
await app.busca.indice.prontaEm(1, 60_000);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
/** Statements per view of a series of views of `lista` (the background's in a quiet window as long subtracted). */
async function sqlPorVista(lista: string[]) {
  textos.length = 0;
  contando = true;
  const t0 = performance.now();
  for (const c of lista) await get(port, c, agent);
  const duracao = performance.now() - t0;
  const daVista = textos.length;
  textos.length = 0;
  await new Promise((r) => setTimeout(r, duracao));
  const doFundo = textos.length;
  contando = false;
  textos.length = 0;
  return { porVista: (daVista - doFundo) / lista.length, daVista, doFundo };
}
/** The statements of one view of `c`. */
async function umaVista(c: string) {
  textos.length = 0;
  contando = true;
  await get(port, c, agent);
  contando = false;
  const lista = [...textos];
  textos.length = 0;
  return lista;
}
const primeiraSerie = await sqlPorVista(caminhos.slice(0, -1));
const repetidaSerie = await sqlPorVista(caminhos.slice(0, -1));
const vistaPrimeira = await umaVista(caminhos.at(-1)!);
const vistaRepetida = await umaVista(caminhos.at(-1)!);
const escritasEm = (l: string[]) => l.filter((t) => /^\s*(insert|update|delete)\b/i.test(t)).length;
await app.close();

// ── 2. Throughput and server CPU, the server as its own process: first views of the distinct lots (each
// served once, never twice), then repeated views of the lots just served.
const [PORTA] = await portasLivres(1);
const banco = { ...database, url: env.DATABASE_URL, schemaNome: schema } as unknown as BancoBench;
const servidor = await iniciarServidor({ porta: PORTA, banco });
for (const c of aquecimento) await get(PORTA, c);
await get(PORTA, '/leilao');
await new Promise((r) => setTimeout(r, 5_000)); // the brand's index loads in the background
const SEGUNDOS = Number(values.segundos);
const CONEXOES = Number(values.conexoes);
async function medir(lista: string[], repetir: boolean) {
  const tempos: number[] = [];
  const codificacoes = new Map<string, number>();
  let bytes = 0;
  let erros = 0;
  let proximo = 0;
  const cpu0 = servidor.cpuMs();
  const inicio = performance.now();
  const fim = inicio + SEGUNDOS * 1000;
  await Promise.all(
    Array.from({ length: CONEXOES }, async () => {
      const ag = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (performance.now() < fim && (repetir || proximo < lista.length)) {
        const r = await get(PORTA, lista[proximo++ % lista.length], ag);
        if (r.status === 200) {
          tempos.push(r.ms);
          bytes += r.bytes;
          const c = r.codificacao ?? 'identity';
          codificacoes.set(c, (codificacoes.get(c) ?? 0) + 1);
        } else erros++;
      }
    }),
  );
  const segundos = (performance.now() - inicio) / 1000;
  const cpuPorPagina = (servidor.cpuMs() - cpu0) / (tempos.length + erros);
  tempos.sort((a, b) => a - b);
  return { tempos, erros, segundos, cpuPorPagina, servidos: Math.min(proximo, lista.length), bytes, codificacoes };
}
const primeiras = await medir(caminhos, false);
const repetidas = await medir(caminhos.slice(0, primeiras.servidos), true);
await servidor.parar();
await database.close();

const f = (n: number, d = 1) => n.toLocaleString('pt-BR', { maximumFractionDigits: d, minimumFractionDigits: d });
console.log(
  `página do lote, ${caminhos.length} lotes distintos de ${LOTES.toLocaleString('pt-BR')} (PostgreSQL, produção), Accept-Encoding: ${ACEITA ?? '(nenhum)'}`,
);
for (const [nome, serie, vista] of [
  ['primeira vista de cada lote', primeiraSerie, vistaPrimeira],
  ['vista repetida (o lote já foi visto)', repetidaSerie, vistaRepetida],
] as const)
  console.log(
    `  SQL por vista, ${nome}: ${f(serie.porVista)} (meta ≤ 5; ${serie.daVista} na série, ${serie.doFundo} do fundo no mesmo tempo), escritas numa vista: ${escritasEm(vista)} (meta 0)`,
  );
for (const [nome, m] of [
  ['primeira vista', primeiras],
  ['vista repetida', repetidas],
] as const) {
  console.log(
    `  ${nome}: CPU do servidor ${f(m.cpuPorPagina, 2)} ms por página (meta ≤ 3 ms), ${m.tempos.length} páginas de ${m.servidos} lotes, ${CONEXOES} conexões, ${f(m.segundos)} s`,
  );
  console.log(
    `    vazão ${f(m.tempos.length / m.segundos)} páginas/s; p50 ${f(percentil(m.tempos, 50))} ms, p99 ${f(percentil(m.tempos, 99))} ms; erros ${m.erros}`,
  );
  const codificacoes = [...m.codificacoes].map(([c, n]) => `${c} ${n}`).join(', ');
  console.log(`    ${f(m.bytes / Math.max(1, m.tempos.length) / 1024)} kB por página como enviada (${codificacoes})`);
}
for (const [nome, vista] of [
  ['primeira vista', vistaPrimeira],
  ['vista repetida', vistaRepetida],
] as const) {
  console.log(`  consultas de uma ${nome}:`);
  for (const t of vista) console.log(`    ${t.replace(/\s+/g, ' ').slice(0, 110)}`);
}
