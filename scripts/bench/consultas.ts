/**
 * SQL statements per request of one page or API call, after the caches are warm: what each request
 * sends to PostgreSQL, grouped by statement. A statement that shows up once per request where the
 * data is kept in memory is a cache that does not hold (decision 090). Uses the catalogue bench's
 * schema (`<BENCH_SCHEMA>_catalogo`, seeded by search.ts).
 *
 *   npm run build && DATABASE_URL=postgres://... node --import tsx scripts/bench/consultas.ts \
 *     [caminho=/leilao/carros?uf=SP] [corpo JSON: POSTs it] [pedidos=10]
 */
import './modo-producao';
import pg from 'pg';
import { openDatabase } from '@db/client.server';
import { getEnv } from '~/utils/env.server';
import { esquemaDoCatalogo, pedirAoServidor, servidorCompilado } from './comum';

const { createMartelo } = await servidorCompilado();

const [caminho = '/leilao/carros?uf=SP', corpo = '', pedidosTexto = '10'] = process.argv.slice(2);
const PEDIDOS = Number(pedidosTexto);
const consultas: string[] = [];
type Consulta = (q: unknown, ...resto: unknown[]) => unknown;
const original = pg.Client.prototype.query as unknown as Consulta;
(pg.Client.prototype as unknown as { query: Consulta }).query = function (this: pg.Client, q, ...resto) {
  const texto = typeof q === 'string' ? q : (q as { text?: string })?.text;
  consultas.push(String(texto).replace(/\s+/g, ' ').trim().slice(0, 140));
  return original.call(this, q, ...resto);
};

const env = getEnv();
if (!env.DATABASE_URL) throw new Error('defina DATABASE_URL (PostgreSQL real)');
const database = await openDatabase({ url: env.DATABASE_URL, schema: esquemaDoCatalogo(100_000), max: 5 });
const app = await createMartelo({ env: { ...env, LOG_LEVEL: 'silent' }, database });
const { port } = await app.listen(0, '127.0.0.1');
const pedir = () => pedirAoServidor(port, caminho, { corpo });

for (let i = 0; i < 20; i++) await pedir(); // caches and the search index warm
await new Promise((r) => setTimeout(r, 500)); // background work of the warm-up settles
consultas.length = 0;
for (let i = 0; i < PEDIDOS; i++) await pedir();
console.log(`${caminho}: ${(consultas.length / PEDIDOS).toFixed(1)} comandos SQL por pedido (${PEDIDOS} pedidos)`);
const porComando = new Map<string, number>();
for (const c of consultas) porComando.set(c, (porComando.get(c) ?? 0) + 1);
for (const [c, n] of [...porComando].sort((a, b) => b[1] - a[1])) console.log(`${String(n).padStart(5)}  ${c}`);
await app.close();
await database.close();
