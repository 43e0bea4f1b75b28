/**
 * The insurers' webhook under load (issue #31, decision 172): N signed S01 removal requests (each a new
 * claim: signature check, envelope, the processId+event claim, a vehicle and a removal, the integration log,
 * one transaction) sent by C concurrent senders to one server process on PostgreSQL, then the same N again
 * (every one a replay: signature check and ESTXX). Prints events/s and latency percentiles of each round, and
 * checks that the database holds exactly N new removals.
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx scripts/bench/receptor-seguradora.ts [N=2000] [C=16]
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '@db/client.server';
import { seedDemo } from '@scripts/seed/index';
import { SEGREDO_DEMO } from '@scripts/seed/remocoes';
import { assinado, solicitacao } from '@scripts/seguradora/eventos';
import { exigir, iniciarServidor, percentil, PREFIXO_DO_ESQUEMA } from './comum';

const N = Number(process.argv[2] ?? 2000);
const C = Number(process.argv[3] ?? 16);
const PORTA = 3917;
const url = exigir('DATABASE_URL');
const schema = `${PREFIXO_DO_ESQUEMA}_seg_${randomBytes(4).toString('hex')}`;
const database = await openDatabase({ url, schema, max: 4 });
await database.migrate();
await seedDemo(database, { lotesPorMarca: 20 });
const banco = {
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
const servidor = await iniciarServidor({ porta: PORTA, banco: banco as never });
const agente = new http.Agent({ keepAlive: true, maxSockets: C });

function enviar(evento: unknown): Promise<{ status: number; ms: number; recibo: string }> {
  const a = assinado(SEGREDO_DEMO('Mapfre'), evento);
  const inicio = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORTA,
        path: '/v1/integracao/mapfre/remocoes',
        method: 'POST',
        agent: agente,
        headers: { ...a.headers, host: `h1.localhost:${PORTA}` },
      },
      (res) => {
        const partes: Buffer[] = [];
        res.on('data', (c: Buffer) => partes.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - inicio,
            recibo: String(JSON.parse(Buffer.concat(partes).toString()).status),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(a.corpo);
  });
}

async function rodada(nome: string, eventos: unknown[]) {
  const tempos: number[] = [];
  const recibos: Record<string, number> = {};
  let i = 0;
  const inicio = performance.now();
  await Promise.all(
    Array.from({ length: C }, async () => {
      while (i < eventos.length) {
        const r = await enviar(eventos[i++]);
        tempos.push(r.ms);
        recibos[`${r.status} ${r.recibo}`] = (recibos[`${r.status} ${r.recibo}`] ?? 0) + 1;
      }
    }),
  );
  const s = (performance.now() - inicio) / 1000;
  tempos.sort((a, b) => a - b);
  console.log(
    `${nome}: ${eventos.length} eventos em ${s.toFixed(1)} s = ${(eventos.length / s).toFixed(0)} eventos/s · p50 ${percentil(tempos, 50).toFixed(0)} ms · p95 ${percentil(tempos, 95).toFixed(0)} ms · p99 ${percentil(tempos, 99).toFixed(0)} ms · ${JSON.stringify(recibos)}`,
  );
}

try {
  const eventos = Array.from({ length: N }, (_, k) => solicitacao('Mapfre', `BENCH-${k}`));
  const [antes] = (await database.db.execute(sql`SELECT count(*)::int AS n FROM remocao`)).rows as { n: number }[];
  // A short warm-up (JIT, pool) on claims of their own.
  await rodada(
    'aquecimento',
    Array.from({ length: 100 }, (_, k) => solicitacao('Mapfre', `AQUECE-${k}`)),
  );
  await rodada(`novos (S01, ${C} em paralelo)`, eventos);
  await rodada(`repetidos (ESTXX, ${C} em paralelo)`, eventos);
  const [depois] = (await database.db.execute(sql`SELECT count(*)::int AS n FROM remocao`)).rows as { n: number }[];
  console.log(`remoções criadas: ${depois.n - antes.n - 100} (esperadas ${N})`);
} finally {
  agente.destroy();
  await servidor.parar();
  await banco.descartar();
}
