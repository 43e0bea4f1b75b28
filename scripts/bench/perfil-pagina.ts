/**
 * CPU per request of one page (or API call), served serially, with a V8 CPU profile of the measured
 * requests: where a page's time goes, without the noise of a load test. Uses the catalogue bench's
 * schema (`<BENCH_SCHEMA>_catalogo`, seeded by search.ts).
 *
 *   npm run build && DATABASE_URL=postgres://... node --import tsx scripts/bench/perfil-pagina.ts \
 *     [caminho=/leilao/carros?uf=SP] [pedidos=300] [corpo JSON: POSTs it] [arquivo=/tmp/pagina.cpuprofile]
 *
 * Open the profile in Chrome DevTools (Performance → Load profile) or any .cpuprofile viewer.
 */
import './modo-producao';
import fs from 'node:fs';
import http from 'node:http';
import { Session } from 'node:inspector/promises';
import { openDatabase } from '@db/client.server';
import { getEnv } from '~/utils/env.server';
import { esquemaDoCatalogo, pedirAoServidor, servidorCompilado } from './comum';

const { createMartelo } = await servidorCompilado();

const [caminho = '/leilao/carros?uf=SP', pedidosTexto = '300', corpo, arquivo = '/tmp/pagina.cpuprofile'] = process.argv.slice(2);
const PEDIDOS = Number(pedidosTexto);
const env = getEnv();
if (!env.DATABASE_URL) throw new Error('defina DATABASE_URL (PostgreSQL real)');
const database = await openDatabase({ url: env.DATABASE_URL, schema: esquemaDoCatalogo(100_000), max: 5 });
const app = await createMartelo({ env: { ...env, LOG_LEVEL: 'silent' }, database });
const { port } = await app.listen(0, '127.0.0.1');
const agent = new http.Agent({ keepAlive: true });
const pedir = () => pedirAoServidor(port, caminho, { corpo, agent });

for (let i = 0; i < 100; i++) await pedir(); // JIT and caches warm
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
await app.close();
await database.close();
