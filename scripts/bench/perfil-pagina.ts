/**
 * CPU per request of one page (or API call), served serially, with a V8 CPU profile of the measured
 * requests: where a page's time goes, without the noise of a load test. Uses the catalogue bench's
 * schema (`<BENCH_SCHEMA>_catalogo`, seeded by search.ts).
 * schema (`bench_catalogo`, seeded by search.ts; BENCH_ESQUEMA names another).
 *
 *   npm run build && DATABASE_URL=postgres://... node --import tsx scripts/bench/perfil-pagina.ts \
 *     [caminho=/leilao/carros?uf=SP] [pedidos=300] [corpo JSON: POSTs it] [arquivo=/tmp/pagina.cpuprofile]
 *
 * `caminho` = `lotes` asks for the lot pages of `pedidos` distinct open lots of brand 1 in turn (each at its
 * canonical address), first once each (rendered), then measured: with BENCH_LOTE_VISTAS=2 (default 1) the
 * measured round is their second visit, as a visitor finds a lot someone opened before.
 *
 * Open the profile in Chrome DevTools (Performance → Load profile) or any .cpuprofile viewer.
 */
import './modo-producao';
import fs from 'node:fs';
import http from 'node:http';
import { Session } from 'node:inspector/promises';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@db/client.server';
import { getEnv } from '~/utils/env.server';
import { esquemaDoCatalogo, pedirAoServidor, servidorCompilado } from './comum';

const { createMartelo } = await servidorCompilado();

const [caminho = '/leilao/carros?uf=SP', pedidosTexto = '300', corpo, arquivo = '/tmp/pagina.cpuprofile'] = process.argv.slice(2);
const PEDIDOS = Number(pedidosTexto);
const env = getEnv();
if (!env.DATABASE_URL) throw new Error('defina DATABASE_URL (PostgreSQL real)');
const database = await openDatabase({ url: env.DATABASE_URL, schema: process.env.BENCH_ESQUEMA ?? esquemaDoCatalogo(100_000), max: 5 });
const app = await createMartelo({ env: { ...env, LOG_LEVEL: 'silent', SEED_ON_START: false }, database });
const { port } = await app.listen(0, '127.0.0.1');
const agent = new http.Agent({ keepAlive: true });
// Distinct lots: their canonical paths (a short path redirects there), the first 100 for the warm-up.
const lotes: string[] = [];
if (caminho === 'lotes') {
  const ids = (
    await database.db.execute(
      sql`SELECT id FROM lote WHERE hotsite_id = 1 AND situacao IN ('LIBERADO_LEILAO', 'EM_LEILAO') AND data_fim > now() + interval '1 hour' ORDER BY random() LIMIT ${PEDIDOS + 100}`,
    )
  ).rows.map((r) => Number((r as { id: number }).id));
  for (const id of ids) {
    const local = await new Promise<string | undefined>((resolve, reject) =>
      http
        .get({ host: '127.0.0.1', port, path: `/leilao/x/ano.0/${id}`, headers: { host: `h1.localhost:${port}` } }, (res) => {
          res.resume();
          resolve(res.headers.location);
        })
        .on('error', reject),
    );
    if (local) lotes.push(local);
  }
}
let vez = 0;
const pedir = () => pedirAoServidor(port, lotes.length ? lotes[vez++ % lotes.length] : caminho, { corpo, agent });

for (let i = 0; i < 100; i++) await pedir(); // JIT and caches warm
if (lotes.length) {
  // Each measured lot rendered (VISTAS - 1) times before: 0 = as a first visit.
  const vistas = Number(process.env.BENCH_LOTE_VISTAS ?? 1);
  lotes.splice(0, 100);
  vez = 0;
  for (let v = 1; v < vistas; v++) for (let i = 0; i < lotes.length; i++) await pedir();
  vez = 0;
}
const sessao = new Session();
sessao.connect();
await sessao.post('Profiler.enable');
await sessao.post('Profiler.start');
const t0 = performance.now();
const cpu0 = process.cpuUsage();
let bytes = 0;
for (let i = 0; i < PEDIDOS; i++) bytes += await pedir();
const ms = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const { profile } = await sessao.post('Profiler.stop');
fs.writeFileSync(arquivo, JSON.stringify(profile));
console.log(
  `${caminho}: ${(ms / PEDIDOS).toFixed(2)} ms por pedido em série (com o perfilador ligado), CPU ${((cpu.user + cpu.system) / 1000 / PEDIDOS).toFixed(2)} ms por pedido (servidor e cliente, um processo), ${(bytes / PEDIDOS / 1000).toFixed(1)} kB por resposta; perfil em ${arquivo}`,
);
const guardadas = app.paginasDeVisitante;
console.log(`páginas de visitante: ${guardadas.servidas} respondidas da página guardada, ${guardadas.tamanho.entradas} guardadas`);
if (app.paginasDeLote)
  console.log(
    `páginas de lote: ${app.paginasDeLote.servidas} respondidas da página guardada, ${app.paginasDeLote.tamanho.entradas} guardadas`,
  );
await app.close();
await database.close();
