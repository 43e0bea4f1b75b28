/**
 * `DATABASE_URL=postgres://... [BENCH_SCHEMA=bench] node --expose-gc --import tsx scripts/bench/search.ts [--lots 100000]
 *    [--buscas 1200] [--semente 35] [--servidas 3000] [--partes 1,2] [--rodadas 3] [--conexoes 32] [--sql-ref 60] [--pool 20]`
 *
 * The catalogue search as visitors get it: `--buscas` distinct searches generated from the catalogue's real
 * facets with a seeded generator (buscas.ts; the same catalogue and seed give the same searches), each
 * reported twice side by side:
 *  - "calculada do zero" (computed afresh): every search asked once, the first time this process sees it
 *    (its page and its facet counts computed on the spot; a sibling search with the same filters and
 *    another order or page may have left its facets counted, as it would for a visitor);
 *  - "como servida" (as served): `--servidas` searches drawn from the same set by Zipf popularity (s = 1),
 *    after the first pass: what the caches give when some searches are asked far more than others.
 *
 * On real PostgreSQL (schema `<BENCH_SCHEMA>_catalogo`, seeded once and reused; another `--lots` gets its
 * own schema, `<BENCH_SCHEMA>_catalogo_<lots>`, so a 1M run never drops the 100k one):
 *  1. in process: the brand's index load timed as the load itself (reading the listable lots and building
 *     the index, before any search), then p50/p95/p99 of the list page's search (page of cards, total,
 *     every facet count) afresh and as served, and the same searches in SQL alone for reference;
 *  2. requests/s of the search API (a fresh server in this process, its load generator in a child
 *     process, `--conexoes` keep-alive connections, a browser's Accept-Encoding) against a plain Node
 *     server answering each search with the bytes our API sent for it: afresh and as served, the plain
 *     server asked right after ours in each of `--rodadas` rounds (interleaved), medians of the rounds.
 * The list page's JavaScript as sent is js-da-lista.ts.
 */
// First: production React for the pages (see modo-producao.ts).
import './modo-producao';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { fork } from 'node:child_process';
import { count } from 'drizzle-orm';
import { lote } from '@db/schema/index';
import { buscarComFacetas, criarServicoDeBusca } from '~/modules/catalogo/busca.server';
import { getEnv } from '~/utils/env.server';
import { corpoDaApi, gerarBuscas, sorteioZipf, type BuscaGerada, type FacetasDoCatalogo } from './buscas';
import type { Lista, ResultadoDaCarga } from './carga';
import { catalogoDoBench, esquemaDoCatalogo, mediana, percentil, servidorCompilado } from './comum';

const { createMartelo } = await servidorCompilado();

const { values } = parseArgs({
  options: {
    lots: { type: 'string', default: '100000' },
    buscas: { type: 'string', default: '1200' },
    semente: { type: 'string', default: '35' },
    servidas: { type: 'string', default: '3000' },
    rodadas: { type: 'string', default: '3' },
    conexoes: { type: 'string', default: '32' },
    // The SQL reference's searches (0 skips it: at 1M lots each takes seconds).
    'sql-ref': { type: 'string', default: '60' },
    partes: { type: 'string', default: '1,2' },
    pool: { type: 'string', default: '20' },
  },
});
const partes = new Set(values.partes.split(',').map(Number));
const env = getEnv();
if (!env.DATABASE_URL) throw new Error('defina DATABASE_URL (PostgreSQL real)');
const LOTES = Number(values.lots);
const N = Number(values.buscas);
const SEMENTE = Number(values.semente);
const SERVIDAS = Number(values.servidas);
const TAMANHO = 30;
const META = 'meta a 1.000.000 lotes: p95 <= 30 ms calculada do zero';
// The app's pool (production's default is 20; on this 2-core machine fewer connections queue
// more fairly: see README).
const database = await catalogoDoBench({ schema: esquemaDoCatalogo(LOTES), lotes: LOTES, outras: 200, max: Number(values.pool) });
const { db } = database;
const [{ total }] = await db.select({ total: count() }).from(lote);
console.log(`lotes no banco (todas as marcas): ${total}`);
const ms = (v: number) => `${v.toFixed(1)} ms`;
const resumo = (tempos: number[]) => {
  const t = [...tempos].sort((a, b) => a - b);
  return `p50 ${ms(percentil(t, 50))}, p95 ${ms(percentil(t, 95))}, p99 ${ms(percentil(t, 99))}`;
};

// ── The searches: the brand's real facets (the empty search's counts) → N distinct searches, seeded.
const busca = criarServicoDeBusca(db);
global.gc?.();
const heap0 = process.memoryUsage().heapUsed;
const tCarga = performance.now();
await busca.indice.marca(1);
const cargaMs = performance.now() - tCarga;
global.gc?.();
console.log(
  `índice em memória da marca 1: a carga (ler os lotes listáveis e montar o índice, antes de qualquer busca) ${cargaMs.toFixed(0)} ms, ~${((process.memoryUsage().heapUsed - heap0) / 1e6).toFixed(1)} MB de heap${global.gc ? '' : ' (sem --expose-gc: aproximado)'}`,
);
const { facetas } = await buscarComFacetas({ db, busca, hotsiteId: 1, filtros: {}, tamanho: 0 });
const buscas = gerarBuscas({ facetas: facetas as FacetasDoCatalogo, n: N, semente: SEMENTE });
const servidas = sorteioZipf({ n: N, total: SERVIDAS, semente: SEMENTE });
/** Warm-up searches whose filters the measured set never has (a km limit it never uses): JIT warm, no answer cached for the set. */
const aquecimento = gerarBuscas({ facetas: facetas as FacetasDoCatalogo, n: 200, semente: SEMENTE + 1_000 }).map((b) => ({
  ...b,
  filtros: { ...b.filtros, kmMax: 49_999 },
}));
console.log(
  `${N} buscas distintas (semente ${SEMENTE}, das facetas reais da marca 1); como servidas: ${SERVIDAS} sorteadas por popularidade Zipf (s = 1), ${new Set(servidas).size} distintas`,
);

// ── 1. Search latency in process (list + facets), afresh and as served.
async function uma(b: BuscaGerada, sqlForcado = false) {
  const t = performance.now();
  // What the list page asks for: the page of cards, the total and every facet count.
  await buscarComFacetas({
    db,
    busca,
    hotsiteId: 1,
    filtros: b.filtros,
    ordenacao: [b.ordenacao],
    de: (b.pagina - 1) * TAMANHO,
    tamanho: TAMANHO,
    usarCache: !sqlForcado,
    sqlForcado,
  });
  return performance.now() - t;
}
if (partes.has(1)) {
  for (const b of aquecimento) await uma(b);
  const doZero: number[] = [];
  for (const b of buscas) doZero.push(await uma(b));
  const comoServidas: number[] = [];
  for (const i of servidas) comoServidas.push(await uma(buscas[i]));
  console.log(`busca da lista (página + total + facetas), índice em memória, cada busca lê as mudanças do banco (${META}):`);
  console.log(`  calculada do zero (${doZero.length} buscas, cada uma vista pela primeira vez): ${resumo(doZero)}`);
  console.log(`  como servida (${comoServidas.length} sorteadas por popularidade, depois da primeira passada): ${resumo(comoServidas)}`);
  const referencia = Number(values['sql-ref']);
  if (referencia > 0) {
    const sqlSo: number[] = [];
    for (const b of buscas.slice(0, referencia)) sqlSo.push(await uma(b, true));
    console.log(`  as mesmas buscas só em SQL, sem cache (referência, as ${referencia} primeiras): ${resumo(sqlSo)}`);
  }
}

// ── 2. Search API vs a plain Node server with the same bytes, afresh and as served, interleaved rounds.
/** The load generator in a child process (carga.ts), so the server has this process's thread to itself. */
function cargaAParte(lista: Lista): Promise<ResultadoDaCarga> {
  return new Promise((resolve, reject) => {
    const filho = fork(new URL('./carga.ts', import.meta.url), {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    filho.once('message', (r) => resolve(r as ResultadoDaCarga));
    filho.once('error', reject);
    filho.once('exit', (codigo) => reject(new Error(`carga.ts saiu (código ${codigo}) sem resultado`)));
    filho.send({ lista });
  });
}
const ACEITA = 'gzip, deflate, br, zstd'; // what Chromium sends on every request
const CONEXOES = Number(values.conexoes);
const corpos = buscas.map((b) => corpoDaApi(b, TAMANHO));
const pedidos = corpos.map((corpo) => ({ metodo: 'POST' as const, caminho: '/v1/lote/busca-elastic', corpo }));
const umaVez = buscas.map((_, i) => i);
const linha = (r: ResultadoDaCarga) =>
  `${r.requests.average.toFixed(0)} req/s (${r.requests.total} respostas, p50 ${ms(r.latency.p50)}, p99 ${ms(r.latency.p99)}, ${r.non2xx + r.errors} erros)`;

function pedirApi(porta: number, corpo: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; corpo: Buffer }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: porta,
        path: '/v1/lote/busca-elastic',
        method: 'POST',
        headers: { host: `h1.localhost:${porta}`, 'content-type': 'application/json', 'accept-encoding': ACEITA },
      },
      (res) => {
        const pedacos: Buffer[] = [];
        res.on('data', (c: Buffer) => pedacos.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, corpo: Buffer.concat(pedacos) }));
      },
    );
    req.on('error', reject);
    req.end(corpo);
  });
}

if (partes.has(2)) {
  const medidas = { apiZero: [] as number[], nodeZero: [] as number[], apiServida: [] as number[], nodeServida: [] as number[] };
  for (let rodada = 1; rodada <= Number(values.rodadas); rodada++) {
    // A fresh server per round: nothing it answers was asked before (its index loaded before the clock).
    const app = await createMartelo({ env: { ...env, LOG_LEVEL: 'silent' }, database });
    const { port } = await app.listen(0, '127.0.0.1');
    await app.busca.indice.marca(1);
    const host = `h1.localhost:${port}`;
    const cabecalhos = { 'accept-encoding': ACEITA };
    const comum = { porta: port, host, cabecalhos, conexoes: CONEXOES };
    await cargaAParte({
      ...comum,
      pedidos: aquecimento.map((b) => ({ metodo: 'POST', caminho: '/v1/lote/busca-elastic', corpo: corpoDaApi(b, TAMANHO) })),
      ordem: aquecimento.map((_, i) => i),
    });
    const apiZero = await cargaAParte({ ...comum, pedidos, ordem: umaVez });
    const apiServida = await cargaAParte({ ...comum, pedidos, ordem: servidas });
    // Our API's answer to each search (now cached: what it sends), served by a plain Node server.
    const respostas = new Map<string, { headers: http.OutgoingHttpHeaders; corpo: Buffer }>();
    let bytes = 0;
    for (const corpo of corpos) {
      const r = await pedirApi(port, corpo);
      if (r.status !== 200) throw new Error(`a API respondeu ${r.status} a ${corpo}`);
      bytes += r.corpo.length;
      respostas.set(corpo, {
        corpo: r.corpo,
        headers: {
          'content-type': String(r.headers['content-type']),
          'content-length': r.corpo.length,
          ...(r.headers.count ? { count: String(r.headers.count) } : {}),
          ...(r.headers['content-encoding'] ? { 'content-encoding': r.headers['content-encoding'] } : {}),
        },
      });
    }
    await app.close();
    const simples = http.createServer((req, res) => {
      let corpo = '';
      req.on('data', (c: Buffer) => (corpo += c));
      req.on('end', () => {
        const r = respostas.get(corpo);
        if (!r) return void res.writeHead(404).end();
        res.writeHead(200, r.headers).end(r.corpo);
      });
    });
    await new Promise<void>((r) => simples.listen(0, '127.0.0.1', r));
    const comumNode = { ...comum, porta: (simples.address() as import('node:net').AddressInfo).port };
    const nodeZero = await cargaAParte({ ...comumNode, pedidos, ordem: umaVez });
    const nodeServida = await cargaAParte({ ...comumNode, pedidos, ordem: servidas });
    await new Promise((r) => simples.close(r));
    console.log(
      `rodada ${rodada} (${CONEXOES} conexões, Accept-Encoding: ${ACEITA}; respostas de ${(bytes / corpos.length / 1000).toFixed(1)} kB em média):`,
    );
    console.log(`  API calculada do zero (${N} buscas, uma vez cada): ${linha(apiZero)}`);
    console.log(`  Node puro, os mesmos bytes, a mesma ordem:         ${linha(nodeZero)}`);
    console.log(`  API como servida (${SERVIDAS} sorteadas):             ${linha(apiServida)}`);
    console.log(`  Node puro, os mesmos bytes, a mesma ordem:         ${linha(nodeServida)}`);
    medidas.apiZero.push(apiZero.requests.average);
    medidas.nodeZero.push(nodeZero.requests.average);
    medidas.apiServida.push(apiServida.requests.average);
    medidas.nodeServida.push(nodeServida.requests.average);
  }
  const razao = (a: number[], b: number[]) => mediana(a.map((v, i) => v / b[i]));
  console.log(
    `API / Node puro, os mesmos bytes (mediana de ${medidas.apiZero.length} rodadas intercaladas; meta >= 0,25 com 1.000+ buscas distintas): calculada do zero ${razao(medidas.apiZero, medidas.nodeZero).toFixed(3)} (${mediana(medidas.apiZero).toFixed(0)} vs ${mediana(medidas.nodeZero).toFixed(0)} req/s), como servida ${razao(medidas.apiServida, medidas.nodeServida).toFixed(3)} (${mediana(medidas.apiServida).toFixed(0)} vs ${mediana(medidas.nodeServida).toFixed(0)} req/s)`,
  );
}

await database.close();
