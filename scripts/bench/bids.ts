/**
 * Accepted bids per second on ONE hot lot with 32 concurrent bidders through the real API (HTTP,
 * bearer auth, habilitation check, the locked transaction, the outbid e-mail, the realtime publish),
 * next to the raw single-statement SQL rate on the same database in the same run (32 connections
 * each running `UPDATE lote SET ultimo_lance_valor = ... WHERE id = $1`: the ceiling of an engine that
 * commits each bid alone behind the lot's row lock). Goal: API ≥ 70 % of raw. The server batches the
 * bids that arrive on a lot while its previous call runs (lote-rapido.server.ts), so the run also
 * prints how many bids each commit carried (distinct xmin of the bid rows).
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx scripts/bench/bids.ts [segundos]
 */
import http from 'node:http';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { abrirBanco, contar, criarClientes, criarLote, iniciarServidor } from './comum';

const SEGUNDOS = Number(process.argv[2] ?? 10);
const CONCORRENCIA = Number(process.argv[3] ?? 32);
const PORTA = 3290;

async function cru(url: string, schema: string, loteId: number) {
  const pool = new pg.Pool({ connectionString: url, max: CONCORRENCIA, options: `-c search_path="${schema}"` });
  let n = 0;
  const fim = Date.now() + SEGUNDOS * 1000;
  await Promise.all(
    Array.from({ length: CONCORRENCIA }, async () => {
      while (Date.now() < fim) {
        await pool.query(
          'UPDATE lote SET ultimo_lance_valor = coalesce(ultimo_lance_valor, minimo) + incremento, sequencia = sequencia + 1, quantidade_lances = quantidade_lances + 1 WHERE id = $1',
          [loteId],
        );
        n++;
      }
    }),
  );
  await pool.end();
  return n / SEGUNDOS;
}

let contador = 0;
async function api(loteId: number, tokens: string[]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCORRENCIA });
  // Jump bids from one shared counter: nearly every request carries a value above the current one, so
  // the run measures the engine's accept path; out-of-order arrivals are refused and counted.
  let aceitos = 0;
  let recusados = 0;
  let erros = 0;
  const fim = Date.now() + SEGUNDOS * 1000;
  const post = (token: string, corpo: string) =>
    new Promise<number>((resolve) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: PORTA,
          path: '/v1/lances',
          method: 'POST',
          agent,
          headers: {
            host: `h1.localhost:${PORTA}`,
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(corpo),
          },
        },
        (res) => (res.resume(), res.on('end', () => resolve(res.statusCode ?? 0))),
      );
      req.on('error', () => resolve(0));
      req.end(corpo);
    });
  await Promise.all(
    tokens.map(async (token) => {
      while (Date.now() < fim) {
        const valor = 1_000_00 + 1_00 * ++contador * 2;
        const s = await post(token, JSON.stringify({ loteId, valor }));
        if (s === 201) aceitos++;
        else if (s === 409) recusados++;
        else erros++;
      }
    }),
  );
  agent.destroy();
  return { aceitosPorSegundo: aceitos / SEGUNDOS, recusados, erros };
}

const banco = await abrirBanco();
try {
  const quente = await criarLote(banco.db);
  const loteCru = await criarLote(banco.db);
  const clientes = await criarClientes(banco.db, CONCORRENCIA);
  const servidor = await iniciarServidor({ porta: PORTA, banco });
  try {
    // Warm up both paths (JIT, pools), then measure each alone.
    await api(quente.loteId, clientes.map((c) => c.token).slice(0, 4));
    const taxaCru = await cru(banco.url, banco.schemaNome, loteCru.loteId);
    const antes = await contar(banco.db, quente.loteId);
    const r = await api(
      quente.loteId,
      clientes.map((c) => c.token),
    );
    const gravados = (await contar(banco.db, quente.loteId)) - antes;
    // Transactions that wrote the measured bids (xmin): how many bids each commit carried.
    const [{ commits }] = (
      await banco.db.execute(
        sql`SELECT count(DISTINCT xmin::text)::int AS commits FROM (SELECT xmin FROM lance WHERE lote_id = ${quente.loteId} ORDER BY id OFFSET ${antes}) x`,
      )
    ).rows as { commits: number }[];
    console.log(`lote quente, ${CONCORRENCIA} licitantes, ${SEGUNDOS} s cada`);
    console.log(`SQL cru (UPDATE de uma instrução): ${taxaCru.toFixed(0)} lances/s`);
    console.log(
      `API POST /v1/lances:              ${r.aceitosPorSegundo.toFixed(0)} lances aceitos/s (${r.recusados} recusados por chegar fora de ordem, ${r.erros} erros)`,
    );
    console.log(
      `lances gravados na tabela: ${gravados} (= aceitos: ${gravados === Math.round(r.aceitosPorSegundo * SEGUNDOS)}), em ${commits} commits (${(gravados / Math.max(1, commits)).toFixed(1)} lances por commit)`,
    );
    console.log(`API / SQL cru: ${((100 * r.aceitosPorSegundo) / taxaCru).toFixed(1)} % (meta ≥ 70 %)`);
  } finally {
    await servidor.parar();
  }
} finally {
  await banco.descartar();
}
