/**
 * The cost of one more instance: N servers (`node build/server.js`, production) on one PostgreSQL (and one
 * Redis when REDIS_URL is set) behind a local round-robin proxy, under the catalogue's mixed load: list pages
 * of many distinct searches and lot pages of many distinct lots, through the proxy (docs/scaling.md).
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/test [REDIS_URL=redis://127.0.0.1:6379] \
 *     node --import tsx scripts/bench/instancias.ts [--lots 10000] [--instancias 1,2,3] [--segundos 10] [--conexoes 16]
 *
 * Prints, per N: total pages/s, p50/p99, and per instance its share, its server CPU per request and its RSS.
 * The proxy and the load generator run in this process, on the same cores as the servers.
 */
import './modo-producao';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { catalogoDoBench, esquemaDoCatalogo, iniciarServidor, percentil, portasLivres, type BancoBench } from './comum';
import { getEnv } from '~/utils/env.server';

const { values } = parseArgs({
  options: {
    lots: { type: 'string', default: '10000' },
    instancias: { type: 'string', default: '1,2,3' },
    segundos: { type: 'string', default: '10' },
    conexoes: { type: 'string', default: '16' },
  },
});
const env = getEnv();
if (!env.DATABASE_URL) throw new Error('defina DATABASE_URL (PostgreSQL real)');
const LOTES = Number(values.lots);
const schema = esquemaDoCatalogo(LOTES);
const database = await catalogoDoBench({ schema, lotes: LOTES, outras: 200, max: 4 });
const ids = (
  await database.db.execute(sql`SELECT id FROM lote WHERE hotsite_id = 1 AND situacao = 'LIBERADO_LEILAO' ORDER BY random() LIMIT 1000`)
).rows.map((r) => Number((r as { id: number }).id));
const banco = { ...database, url: env.DATABASE_URL, schemaNome: schema } as unknown as BancoBench;

/** Many distinct searches: page × state × order. */
const UFS = ['SP', 'RJ', 'MG', 'PR', 'RS', 'SC', 'BA', 'GO'];
const candidatas = UFS.flatMap((uf) =>
  [1, 2, 3, 4, 5].flatMap((p) => [`/leilao?uf=${uf}&pagina=${p}`, `/leilao/carros?uf=${uf}&pagina=${p}`]),
);

function pedir(porta: number, caminho: string, agent: http.Agent) {
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

/** A round-robin HTTP proxy (keep-alive to each backend), counting what each backend served. */
function proxy(portas: number[]) {
  const agentes = portas.map(() => new http.Agent({ keepAlive: true, maxSockets: 64 }));
  const servidos = portas.map(() => 0);
  let vez = 0;
  const servidor = http.createServer((req, res) => {
    const i = vez++ % portas.length;
    const p = http.request(
      { host: '127.0.0.1', port: portas[i], path: req.url, method: req.method, headers: req.headers, agent: agentes[i] },
      (r) => {
        servidos[i]++;
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    p.on('error', () => (res.writeHead(502), res.end()));
    req.pipe(p);
  });
  return { servidor, servidos, agentes };
}

const f = (n: number, d = 1) => n.toLocaleString('pt-BR', { maximumFractionDigits: d, minimumFractionDigits: d });
console.log(`instâncias atrás de um proxy, ${f(LOTES, 0)} lotes, ${values.conexoes} conexões, ${values.segundos} s por rodada`);
for (const n of values.instancias.split(',').map(Number)) {
  const portas = await portasLivres(n + 1);
  const servidores = await Promise.all(
    portas.slice(1).map((porta) => iniciarServidor({ porta, banco, redisUrl: env.REDIS_URL, inspecionar: true })),
  );
  const px = proxy(portas.slice(1));
  await new Promise<void>((r) => px.servidor.listen(portas[0], '127.0.0.1', r));
  const aquecer = new http.Agent({ keepAlive: true });
  // Canonical lot paths, and every instance warmed on the searches and lots (JIT, indexes loaded).
  const lotes: string[] = [];
  for (const id of ids) {
    const r = await pedir(portas[0], `/leilao/x/ano.0/${id}`, aquecer);
    if (r.local) lotes.push(r.local);
  }
  // Searches past their last page redirect to it: only those that answer a page are asked.
  const listas: string[] = [];
  for (const c of candidatas) if ((await pedir(portas[0], c, aquecer)).status === 200) listas.push(c);
  for (const c of [...listas, ...lotes.slice(0, 100)]) for (let k = 0; k < n; k++) await pedir(portas[0], c, aquecer);
  const servidosAntes = [...px.servidos];
  const cpuAntes = servidores.map((s) => s.cpuMs());
  const tempos: number[] = [];
  const erros = new Map<string, number>();
  let i = 0;
  const fim = performance.now() + Number(values.segundos) * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: Number(values.conexoes) }, async () => {
      const ag = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (performance.now() < fim) {
        const k = i++;
        // 60 % list pages, 40 % lot pages.
        const caminho = k % 5 < 3 ? listas[k % listas.length] : lotes[k % lotes.length];
        const r = await pedir(portas[0], caminho, ag);
        if (r.status === 200) tempos.push(r.ms);
        else {
          const chave = `${r.status} ${caminho.split('?')[0].slice(0, 30)}`;
          erros.set(chave, (erros.get(chave) ?? 0) + 1);
        }
      }
    }),
  );
  const segundos = (performance.now() - t0) / 1000;
  tempos.sort((a, b) => a - b);
  const porInstancia = servidores.map((s, j) => {
    const servidos = px.servidos[j] - servidosAntes[j];
    return { servidos, cpu: (s.cpuMs() - cpuAntes[j]) / Math.max(1, servidos), rss: s.rssKb() / 1024 };
  });
  console.log(
    `  N=${n}: ${f(tempos.length / segundos)} páginas/s, p50 ${f(percentil(tempos, 50))} ms, p99 ${f(percentil(tempos, 99))} ms, erros ${[...erros].map(([k, v]) => `${v}× ${k}`).join(', ') || 0}`,
  );
  for (const [j, p] of porInstancia.entries())
    console.log(`    instância ${j + 1}: ${f(p.servidos / segundos)} páginas/s, CPU ${f(p.cpu, 2)} ms por página, RSS ${f(p.rss, 0)} MB`);
  await new Promise((r) => px.servidor.close(r));
  px.agentes.forEach((a) => a.destroy());
  await Promise.all(servidores.map((s) => s.parar()));
}
await database.close();
