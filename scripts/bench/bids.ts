/**
 * Accepted bids per second on ONE hot lot with 32 concurrent bidders through the real API (HTTP,
 * bearer auth, habilitation check, the locked transaction, the outbid e-mail, the realtime publish),
 * next to the raw single-statement SQL rate on the same database in the same run (32 connections
 * each running `UPDATE lote SET ultimo_lance_valor = ... WHERE id = $1`: the ceiling of an engine that
 * commits each bid alone behind the lot's row lock). Goal (issue #16): API ≥ 70 % of raw on every
 * path, each measured alone on a fresh lot, one after the other in the same run:
 *  - manual: POST /v1/lances without a key (the batched fast path, lote-rapido.server.ts);
 *  - chave: the same with a fresh Idempotency-Key per request;
 *  - automatico: POST /v1/lances/automatico, each bidder raising their own maximum (the engine's
 *    proxy bids answer for them; a 201 is an accepted maximum);
 *  - maximos: manual bids on a lot where two other bidders hold active maxima below them;
 *  - compre-ja: POST /v1/lote/{id}/compre-ja, each request on the next of a pool of fresh lots (one
 *    buy per lot: there is no hot-lot form of it), against the same hot-lot raw rate.
 * Each path also prints how many rows each commit carried (distinct xmin of the bid rows).
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx scripts/bench/bids.ts [segundos] [licitantes] [caminhos=manual,chave,automatico,maximos,compre-ja]
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { abrirBanco, criarClientes, criarLote, iniciarServidor, portasLivres, type BancoBench } from './comum';

const SEGUNDOS = Number(process.argv[2] ?? 10);
const CONCORRENCIA = Number(process.argv[3] ?? 32);
const CAMINHOS = (process.argv[4] ?? 'manual,chave,automatico,maximos,compre-ja').split(',');
const [PORTA] = await portasLivres(1);

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

type Caminho = 'manual' | 'chave' | 'automatico' | 'maximos' | 'compre-ja';
let contador = 0;
/** The request of one path: path, body and headers; `lotes` for buy-now (one lot per request). */
function pedidoDe(caminho: Caminho, loteId: number, lotes: number[]) {
  const valor = 1_000_00 + 1_00 * ++contador * 2;
  switch (caminho) {
    case 'manual':
    case 'maximos':
      return { path: '/v1/lances', corpo: { loteId, valor }, chave: null };
    case 'chave':
      return { path: '/v1/lances', corpo: { loteId, valor }, chave: randomUUID() };
    case 'automatico':
      return { path: '/v1/lances/automatico', corpo: { loteId, valorMaximo: valor }, chave: null };
    case 'compre-ja': {
      const id = lotes.pop();
      return id ? { path: `/v1/lote/${id}/compre-ja`, corpo: {}, chave: null } : null;
    }
  }
}

async function api(caminho: Caminho, loteId: number, tokens: string[], lotes: number[] = []) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCORRENCIA });
  // Jump bids from one shared counter: nearly every request carries a value above the current one, so
  // the run measures the engine's accept path; out-of-order arrivals are refused and counted.
  let aceitos = 0;
  let recusados = 0;
  let erros = 0;
  const inicio = Date.now();
  const fim = inicio + SEGUNDOS * 1000;
  const post = (token: string, p: NonNullable<ReturnType<typeof pedidoDe>>) =>
    new Promise<number>((resolve) => {
      const corpo = JSON.stringify(p.corpo);
      const req = http.request(
        {
          host: '127.0.0.1',
          port: PORTA,
          path: p.path,
          method: 'POST',
          agent,
          headers: {
            host: `h1.localhost:${PORTA}`,
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(corpo),
            ...(p.chave ? { 'idempotency-key': p.chave } : {}),
          },
        },
        (res) => (res.resume(), res.on('end', () => resolve(res.statusCode ?? 0))),
      );
      req.on('error', () => resolve(0));
      req.end(corpo);
    });
  let ultimo = inicio;
  await Promise.all(
    tokens.map(async (token) => {
      while (Date.now() < fim) {
        const p = pedidoDe(caminho, loteId, lotes);
        if (!p) break;
        const s = await post(token, p);
        ultimo = Date.now();
        if (s === 201) aceitos++;
        else if (s === 409) recusados++;
        else erros++;
      }
    }),
  );
  agent.destroy();
  // Buy-now may run out of lots before the time is up: its rate is over the time it ran.
  const segundos = caminho === 'compre-ja' ? Math.max(0.001, (ultimo - inicio) / 1000) : SEGUNDOS;
  return { aceitosPorSegundo: aceitos / segundos, aceitos, recusados, erros };
}

/** Fresh lots with a buy-now price, in one statement (one vehicle each), for the buy-now path. */
async function lotesDeCompreJa(db: BancoBench['db'], modelo: number, n: number) {
  const { rows } = (await db.execute(sql`
    WITH v AS (
      INSERT INTO veiculo (hotsite_id, nome, modelo, veiculo_tipo_id)
      SELECT 1, 'Gol', 'Gol', 1 FROM generate_series(1, ${n}) RETURNING id
    )
    INSERT INTO lote (hotsite_id, veiculo_id, leilao_id, situacao, nome, numero, categoria, veiculo_tipo_id, minimo, incremento,
                      compre_ja, recebe_incremento_tempo, data_inicio, data_fim)
    SELECT l.hotsite_id, v.id, l.leilao_id, l.situacao, l.nome, l.numero, l.categoria, l.veiculo_tipo_id, l.minimo, l.incremento,
           2 * l.minimo, false, l.data_inicio, l.data_fim
      FROM v, lote l WHERE l.id = ${modelo}
    RETURNING id`)) as unknown as { rows: { id: number }[] };
  return rows.map((r) => r.id);
}

/** Distinct transactions (xmin) among the bid rows of these lots written after `desde` (a bid id). */
async function commitsDe(db: BancoBench['db'], lotes: number[], desde: number) {
  const { rows } = (await db.execute(
    sql`SELECT count(*)::int AS n, count(DISTINCT xmin::text)::int AS commits FROM lance WHERE lote_id = ANY(${sql.param(lotes)}::int[]) AND id > ${desde}`,
  )) as unknown as { rows: { n: number; commits: number }[] };
  return rows[0];
}

const banco = await abrirBanco();
try {
  const aquecimento = await criarLote(banco.db);
  const loteCru = await criarLote(banco.db);
  const clientes = await criarClientes(banco.db, CONCORRENCIA);
  const tokens = clientes.map((c) => c.token);
  const servidor = await iniciarServidor({ porta: PORTA, banco });
  try {
    // Warm up (JIT, pools), then measure each path alone.
    await api('manual', aquecimento.loteId, tokens.slice(0, 4));
    const taxaCru = await cru(banco.url, banco.schemaNome, loteCru.loteId);
    console.log(`${CONCORRENCIA} licitantes, ${SEGUNDOS} s por caminho`);
    console.log(`SQL cru (UPDATE de uma instrução, um lote): ${taxaCru.toFixed(0)} lances/s`);
    const resumo: string[] = [];
    for (const caminho of CAMINHOS as Caminho[]) {
      const quente = await criarLote(banco.db);
      let lotes: number[] = [];
      if (caminho === 'maximos') {
        // Two bidders outside the run hold maxima just above the minimum: every manual bid tops them
        // and the full engine decides (the proxies answer, are covered and drop out of the lead).
        const [a, b] = await criarClientes(banco.db, 2);
        await banco.db.execute(sql`INSERT INTO lance_automatico (hotsite_id, lote_id, usuario_id, valor_maximo, ordem)
                                    VALUES (1, ${quente.loteId}, ${a.id}, ${1_001_00}, 1), (1, ${quente.loteId}, ${b.id}, ${1_002_00}, 2)`);
      }
      if (caminho === 'compre-ja') lotes = await lotesDeCompreJa(banco.db, quente.loteId, Math.ceil(Math.max(500, taxaCru * 2) * SEGUNDOS));
      const todos = caminho === 'compre-ja' ? [...lotes] : [quente.loteId];
      const [{ max }] = (await banco.db.execute(sql`SELECT coalesce(max(id), 0)::int AS max FROM lance`)).rows as { max: number }[];
      const r = await api(caminho, quente.loteId, tokens, lotes);
      const { n, commits } = await commitsDe(banco.db, todos, max);
      const razao = r.aceitosPorSegundo / taxaCru;
      console.log(
        `${caminho.padEnd(10)} ${r.aceitosPorSegundo.toFixed(0).padStart(5)} aceitos/s (${r.aceitos} aceitos, ${r.recusados} recusados, ${r.erros} erros); ${n} lances gravados em ${commits} commits (${(n / Math.max(1, commits)).toFixed(1)} por commit); API / SQL cru: ${razao.toFixed(2)}`,
      );
      resumo.push(`${caminho} ${razao.toFixed(2)}`);
    }
    console.log(`razões (meta ≥ 0.70 em todos): ${resumo.join(', ')}`);
  } finally {
    await servidor.parar();
  }
} finally {
  await banco.descartar();
}
