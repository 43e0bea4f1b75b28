/**
 * A flood against one instance on PostgreSQL (issue #27, decision 114): `connections` clients (400 by default)
 * ask for uncached list pages and the brand's public API for `segundos` seconds, while a separate client
 * reads /healthz every 100 ms. Prints the flood's answers (2xx, 503, other), its latency, and /healthz's
 * p50/p99: the readiness probe must stay fast and 200 while the instance sheds what it cannot do.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx scripts/bench/enxurrada.ts [conexoes] [segundos]
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import type autocannon from 'autocannon';
import { abrirBanco, iniciarServidor, percentil, portasLivres } from './comum';

const conexoes = Number(process.argv[2] ?? 400);
const segundos = Number(process.argv[3] ?? 20);
const [PORTA] = await portasLivres(1);
const host = 'h1.localhost';

type Resultado = Pick<autocannon.Result, 'requests' | 'latency' | 'non2xx' | 'errors' | 'timeouts'> & {
  statusCodeStats?: Record<string, { count: number }>;
};
function autocannonAParte(opcoes: autocannon.Options): Promise<Resultado> {
  return new Promise((resolve, reject) => {
    const filho = fork(new URL('./carga.ts', import.meta.url), {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    filho.once('message', (r) => resolve(r as Resultado));
    filho.once('error', reject);
    filho.once('exit', (codigo) => reject(new Error(`carga.ts saiu (código ${codigo}) sem resultado`)));
    filho.send(opcoes as object);
  });
}

const agente = new http.Agent({ keepAlive: true, maxSockets: 1 });
function saude(): Promise<{ status: number; ms: number }> {
  const inicio = performance.now();
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port: PORTA, path: '/healthz', agent: agente, headers: { host } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - inicio }));
    });
    req.on('error', () => resolve({ status: 0, ms: performance.now() - inicio }));
  });
}

const banco = await abrirBanco();
const servidor = await iniciarServidor({ porta: PORTA, banco });
try {
  const leituras: { status: number; ms: number }[] = [];
  let ativo = true;
  const sonda = (async () => {
    while (ativo) {
      leituras.push(await saude());
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  let n = 0;
  const r = await autocannonAParte({
    url: `http://127.0.0.1:${PORTA}`,
    connections: conexoes,
    duration: segundos,
    headers: { host },
    requests: [
      // A different page of the search each time: nothing kept answers for it.
      {
        method: 'POST',
        path: '/v1/lote/busca-elastic',
        headers: { host, 'content-type': 'application/json' },
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ from: (n++ % 40) * 30, size: 30, requisicoesBusca: [] }) }),
      },
      { method: 'GET', path: '/v1/hotsite/public' },
    ],
  });
  ativo = false;
  await sonda;
  const ms = leituras.map((l) => l.ms).sort((a, b) => a - b);
  const naoOk = leituras.filter((l) => l.status !== 200).length;
  console.log(
    `enxurrada: ${conexoes} conexões, ${segundos} s: ${r.requests.total} respostas (${r.requests.average.toFixed(0)}/s), ` +
      `não-2xx ${r.non2xx}, erros ${r.errors}, por tempo esgotado ${r.timeouts}; latência p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`,
  );
  console.log(
    `/healthz durante a enxurrada: ${leituras.length} leituras, p50 ${percentil(ms, 50).toFixed(1)} ms, p99 ${percentil(ms, 99).toFixed(1)} ms, ` +
      `máx ${ms.at(-1)?.toFixed(1)} ms, ${naoOk} não-200`,
  );
} finally {
  await servidor.parar();
  await banco.descartar();
  agente.destroy();
}
