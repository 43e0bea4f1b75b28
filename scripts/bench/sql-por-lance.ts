/**
 * SQL statements per accepted bid through the API, grouped by statement: what a manual bid request sends to
 * PostgreSQL beyond the engine's batched transaction (the session and habilitation lookups, the
 * notification queue…), each statement a round trip whose socket write the bids bench's profile shows.
 * Bids are sent `--concorrencia` at a time on one hot lot, after a warm-up, by distinct bidders.
 *
 *   npm run build && DATABASE_URL=postgres://... node --import tsx scripts/bench/sql-por-lance.ts [--lances 200] [--concorrencia 8]
 */
import './modo-producao';
import http from 'node:http';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { getEnv } from '~/utils/env.server';
import { abrirBanco, criarClientes, criarLote, servidorCompilado } from './comum';

/** A bid's POST as a client sends it; answers the status. */
function postar(port: number, token: string, corpo: unknown) {
  return new Promise<number>((resolve, reject) => {
    const r = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/v1/lances',
        method: 'POST',
        headers: { host: `h1.localhost:${port}`, 'content-type': 'application/json', authorization: `Bearer ${token}` },
      },
      (res) => (res.resume(), res.on('end', () => resolve(res.statusCode ?? 0))),
    );
    r.on('error', reject);
    r.end(JSON.stringify(corpo));
  });
}

const { values } = parseArgs({ options: { lances: { type: 'string', default: '200' }, concorrencia: { type: 'string', default: '8' } } });
const LANCES = Number(values.lances);
const CONCORRENCIA = Number(values.concorrencia);

let contando = false;
const consultas: string[] = [];
type Consulta = (q: unknown, ...resto: unknown[]) => unknown;
const original = pg.Client.prototype.query as unknown as Consulta;
(pg.Client.prototype as unknown as { query: Consulta }).query = function (this: pg.Client, q, ...resto) {
  if (contando) {
    const texto = typeof q === 'string' ? q : ((q as { text?: string; name?: string })?.text ?? (q as { name?: string })?.name);
    consultas.push(String(texto).replace(/\s+/g, ' ').trim().slice(0, 110));
  }
  return original.call(this, q, ...resto);
};

const banco = await abrirBanco();
try {
  const { createMartelo } = await servidorCompilado();
  const app = await createMartelo({ env: { ...getEnv(), LOG_LEVEL: 'silent', SEED_ON_START: false }, database: banco, encerrador: false });
  const { port } = await app.listen(0, '127.0.0.1');
  const lote = await criarLote(banco.db);
  const clientes = await criarClientes(banco.db, CONCORRENCIA);
  let valor = 2_000_00;
  let aceitos = 0;
  const lance = async (c: (typeof clientes)[number]) => {
    valor += 1_00;
    if ((await postar(port, c.token, { loteId: lote.loteId, valor })) === 201) aceitos++;
  };
  const rodada = async (n: number) => {
    for (let i = 0; i < n; i += CONCORRENCIA) await Promise.all(clientes.map((c) => lance(c)));
  };
  await rodada(40);
  aceitos = 0;
  contando = true;
  await rodada(LANCES);
  contando = false;
  const grupos = new Map<string, number>();
  for (const c of consultas) grupos.set(c, (grupos.get(c) ?? 0) + 1);
  console.log(
    `${aceitos} lances aceitos; ${consultas.length} instruções, ${(consultas.length / Math.max(1, aceitos)).toFixed(2)} por lance aceito`,
  );
  for (const [texto, n] of [...grupos].sort((a, b) => b[1] - a[1]))
    console.log(`${(n / Math.max(1, aceitos)).toFixed(2).padStart(6)}  ${texto}`);
  await app.close();
} finally {
  await banco.descartar();
}
