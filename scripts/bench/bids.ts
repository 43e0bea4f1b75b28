/**
 * Accepted bids per second on ONE hot lot with 32 concurrent bidders through the real API (HTTP,
 * bearer auth, habilitation check, the batched transaction, the outbid e-mail, the realtime publish),
 * each path against the engine's own SQL at the same batch size (goal, issue #35: API ≥ 0.70 of it on every
 * path, or the gap explained by a profile). Paths, each measured alone on a fresh lot:
 *  - manual: POST /v1/lances without a key (the batched fast path, lote-rapido.server.ts);
 *  - chave: the same with a fresh Idempotency-Key per request;
 *  - automatico: POST /v1/lances/automatico, each bidder raising their own maximum (the engine's
 *    proxy bids answer for them; a 201 is an accepted maximum);
 *  - maximos: manual bids on a lot where two other bidders hold active maxima below them;
 *  - compre-ja: POST /v1/lote/{id}/compre-ja, each request on the next of a pool of fresh lots (one
 *    buy per lot: there is no hot-lot form of it).
 * The reference of a path ("motor direto"): the engine's own functions (darLance, configurarLanceAutomatico,
 * compreJa) called in this process with its own batchers (criarServicoDeLances), so the same statements run
 * in the same batched transactions, fed so that every batch holds B requests, B being the requests per commit
 * the API run of that path reached (its requests over the distinct xmin of its bid rows). What the API adds beyond it is the
 * HTTP request, the bearer session and habilitation lookups, JSON and the realtime publish. API and
 * reference alternate (`--rodadas` rounds, ABAB) on fresh lots; the ratio printed is the median of the rounds'.
 * For the record, also the raw single-statement rate of the same run (32 connections each running
 * `UPDATE lote SET ultimo_lance_valor = ... WHERE id = $1`: an engine that commits each bid alone).
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/test [BENCH_SCHEMA=bench] npx tsx scripts/bench/bids.ts \
 *     [segundos=10] [licitantes=32] [caminhos=manual,chave,automatico,maximos,compre-ja] [rodadas=2]
 *
 * BENCH_CADEIA=desligada disables the chain trigger `lance_encadear` (decision 196) on the bench's schema, so
 * runs with and without it can be interleaved to measure what the tamper-evident record costs a bid.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { configurarLanceAutomatico } from '~/modules/lances/lance-automatico.server';
import { compreJa } from '~/modules/lances/compre-ja.server';
import { darLance } from '~/modules/lances/lance-manual.server';
import { criarServicoDeLances } from '~/modules/lances/servico.server';
import type { Licitante } from '~/modules/lances/tipos';
import { abrirBanco, criarClientes, criarLote, iniciarServidor, mediana, portasLivres, type BancoBench } from './comum';

const SEGUNDOS = Number(process.argv[2] ?? 10);
const CONCORRENCIA = Number(process.argv[3] ?? 32);
const CAMINHOS = (process.argv[4] ?? 'manual,chave,automatico,maximos,compre-ja').split(',');
const RODADAS = Number(process.argv[5] ?? 2);
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

/**
 * The engine called directly in this process, every batch of exactly `lote` requests: while one batch is in
 * flight the next `lote` requests wait in its batcher (a lone first call goes alone), so each batch the
 * batcher starts holds them all. Counted as the API run counts (an accepted bid, maximum or buy).
 */
async function direto(caminho: Caminho, loteId: number, licitantes: Licitante[], lote: number, lotes: number[] = []) {
  const lances = criarServicoDeLances(banco.db);
  let aceitos = 0;
  let recusados = 0;
  let erros = 0;
  let k = 0;
  const inicio = Date.now();
  const fim = inicio + SEGUNDOS * 1000;
  let ultimo = inicio;
  const um = async () => {
    const p = pedidoDe(caminho, loteId, lotes);
    if (!p) return false;
    const licitante = licitantes[k++ % licitantes.length];
    const comum = { db: banco.db, lances, hotsiteId: 1, licitante, idempotencyKey: p.chave };
    try {
      const r =
        caminho === 'automatico'
          ? await configurarLanceAutomatico({ ...comum, entrada: p.corpo })
          : caminho === 'compre-ja'
            ? await compreJa({ ...comum, loteId: Number(p.path.split('/')[3]) })
            : await darLance({ ...comum, entrada: p.corpo });
      if (r.tipo === 'aceito' || r.tipo === 'automatico-salvo' || r.tipo === 'comprado') aceitos++;
      else recusados++;
    } catch {
      erros++;
    }
    ultimo = Date.now();
    return true;
  };
  // Buy-now batches per brand in two queues side by side (compras-juntas.server.ts): a round fills both.
  const rodada = () => Promise.all(Array.from({ length: caminho === 'compre-ja' ? 2 * lote : lote }, um));
  let emVoo = rodada();
  while (Date.now() < fim) {
    // The next batch queues behind the one in flight; it starts as one batch when that one commits.
    const proxima = rodada();
    const feitos = await emVoo;
    emVoo = proxima;
    if (!feitos.some(Boolean)) break;
  }
  await emVoo;
  const segundos = caminho === 'compre-ja' ? Math.max(0.001, (ultimo - inicio) / 1000) : (ultimo - inicio) / 1000;
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
  const semCadeia = process.env.BENCH_CADEIA === 'desligada';
  if (semCadeia) await banco.db.execute(sql`ALTER TABLE lance DISABLE TRIGGER lance_encadear`);
  console.log(`cadeia de lances (trigger lance_encadear): ${semCadeia ? 'desligada' : 'ligada'}`);
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
    console.log(`SQL cru, um lance por commit (UPDATE de uma instrução, um lote; para registro): ${taxaCru.toFixed(0)} lances/s`);
    const licitantes: Licitante[] = clientes.map(({ id, nome, email }) => ({ id, nome, email }));
    /** A fresh lot for one run of a path (with the maxima or the buy-now lots the path needs). */
    const preparar = async (caminho: Caminho) => {
      const quente = await criarLote(banco.db);
      let lotes: number[] = [];
      if (caminho === 'maximos') {
        // Two bidders outside the run hold maxima just above the minimum: every manual bid tops them
        // and the full engine decides (the proxies answer, are covered and drop out of the lead).
        const [a, b] = await criarClientes(banco.db, 2);
        await banco.db.execute(sql`INSERT INTO lance_automatico (hotsite_id, lote_id, usuario_id, valor_maximo, ordem)
                                    VALUES (1, ${quente.loteId}, ${a.id}, ${1_001_00}, 1), (1, ${quente.loteId}, ${b.id}, ${1_002_00}, 2)`);
      }
      if (caminho === 'compre-ja') lotes = await lotesDeCompreJa(banco.db, quente.loteId, Math.ceil(Math.max(500, taxaCru * 4) * SEGUNDOS));
      const todos = caminho === 'compre-ja' ? [...lotes] : [quente.loteId];
      const [{ max }] = (await banco.db.execute(sql`SELECT coalesce(max(id), 0)::int AS max FROM lance`)).rows as { max: number }[];
      return { loteId: quente.loteId, lotes, todos, desde: max };
    };
    const resumo: string[] = [];
    for (const caminho of CAMINHOS as Caminho[]) {
      const razoes: number[] = [];
      for (let rodada = 1; rodada <= RODADAS; rodada++) {
        const a = await preparar(caminho);
        const r = await api(caminho, a.loteId, tokens, a.lotes);
        const ca = await commitsDe(banco.db, a.todos, a.desde);
        // Requests per commit (a refused bid is decided in its batch too; a maximum may write a proxy bid beside it).
        const lote = Math.max(1, Math.round((r.aceitos + r.recusados) / Math.max(1, ca.commits)));
        const d = await preparar(caminho);
        const ref = await direto(caminho, d.loteId, licitantes, lote, d.lotes);
        const cd = await commitsDe(banco.db, d.todos, d.desde);
        const razao = r.aceitosPorSegundo / ref.aceitosPorSegundo;
        razoes.push(razao);
        console.log(
          `${caminho.padEnd(10)} rodada ${rodada}: API ${r.aceitosPorSegundo.toFixed(0).padStart(5)} aceitos/s (${r.aceitos} aceitos, ${r.recusados} recusados, ${r.erros} erros; ${(ca.n / Math.max(1, ca.commits)).toFixed(1)} lances por commit); motor direto, lotes de ${lote}: ${ref.aceitosPorSegundo.toFixed(0).padStart(5)} aceitos/s (${ref.aceitos} aceitos, ${ref.recusados} recusados, ${ref.erros} erros; ${cd.commits} commits, ${((ref.aceitos + ref.recusados) / Math.max(1, cd.commits)).toFixed(1)} pedidos e ${(cd.n / Math.max(1, cd.commits)).toFixed(1)} lances gravados por commit); API / motor direto ${razao.toFixed(2)}; API / SQL cru de um lance por commit ${(r.aceitosPorSegundo / taxaCru).toFixed(2)}`,
        );
      }
      resumo.push(`${caminho} ${mediana(razoes).toFixed(2)}`);
    }
    console.log(
      `API / o SQL do próprio motor no mesmo tamanho de lote, mediana de ${RODADAS} rodadas (meta ≥ 0.70 em todos): ${resumo.join(', ')}`,
    );
  } finally {
    await servidor.parar();
  }
} finally {
  await banco.descartar();
}
