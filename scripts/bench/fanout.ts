/**
 * Bid → delivery latency with 1,000 and 5,000 watchers on one lot, split across TWO server instances
 * joined by Redis, at 10 bids/s posted to the first instance; and the resident memory each idle
 * watcher costs the servers. The latency of a delivery is measured from the moment the bid request
 * is sent to the moment a watcher's socket receives the on-elastic-response carrying that bid's
 * sequence number (so it includes HTTP, the transaction, Redis and the fan-out). Goals: p99 ≤ 30 ms
 * (1,000) and ≤ 80 ms (5,000); ≤ 10 KB per idle watcher.
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 \
 *     npx tsx scripts/bench/fanout.ts [segundos-por-rodada]
 */
import http from 'node:http';
import { WebSocket } from 'ws';
import { abrirBanco, criarClientes, criarLote, exigir, iniciarServidor, percentil } from './comum';

const SEGUNDOS = Number(process.argv[2] ?? 5);
const redisUrl = exigir('REDIS_URL');
const PORTAS = [3291, 3292];

function conectar(porta: number, veiUid: string, aoEvento: (seq: number, t: number) => void) {
  return new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${porta}/ws`, { headers: { host: `h1.localhost:${porta}` }, perMessageDeflate: false });
    ws.on('message', (bruto) => {
      const t = performance.now();
      const texto = bruto.toString();
      if (texto.includes('"sala-conectada"')) return resolve(ws);
      if (!texto.includes('"on-elastic-response"')) return;
      const seq = /"seq":(\d+)/.exec(texto);
      if (seq) aoEvento(Number(seq[1]), t);
    });
    ws.once('open', () => ws.send(JSON.stringify({ event: 'conectar-lances-lote', data: { veiUid } })));
    ws.once('error', reject);
  });
}

const agent = new http.Agent({ keepAlive: true });
function postar(porta: number, token: string, corpo: unknown) {
  const texto = JSON.stringify(corpo);
  return new Promise<{ status: number; seq: number | null }>((resolve) => {
    const req = http.request(
      { host: '127.0.0.1', port: porta, path: '/v1/lances', method: 'POST', agent, headers: { host: `h1.localhost:${porta}`, authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(texto) } },
      (res) => {
        let b = '';
        res.on('data', (c) => (b += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, seq: res.statusCode === 201 ? JSON.parse(b).lote.seq : null }));
      },
    );
    req.on('error', () => resolve({ status: 0, seq: null }));
    req.end(texto);
  });
}

const banco = await abrirBanco();
const servidores = await Promise.all(PORTAS.map((porta) => iniciarServidor({ porta, banco, redisUrl })));
try {
  const licitantes = await criarClientes(banco.db, 2);
  for (const n of [1_000, 5_000]) {
    const { loteId, veiUid } = await criarLote(banco.db, { incremento: 1_00 });
    await new Promise((r) => setTimeout(r, 1_000));
    const rssAntes = servidores.map((s) => s.rssKb());
    const envio = new Map<number, number>();
    const latencias: number[] = [];
    const recebidos = new Map<number, number>();
    const chegadas = new Map<number, number[]>();
    const sockets: WebSocket[] = [];
    // Connect in batches so the listen backlog is not the thing measured.
    for (let i = 0; i < n; i += 250) {
      sockets.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(250, n - i) }, (_, k) =>
            conectar(PORTAS[(i + k) % 2], veiUid, (seq, t) => {
              const t0 = envio.get(seq);
              if (t0 !== undefined) latencias.push(t - t0);
              recebidos.set(seq, (recebidos.get(seq) ?? 0) + 1);
              (chegadas.get(seq) ?? chegadas.set(seq, []).get(seq)!).push(t);
            }),
          ),
        )),
      );
    }
    await new Promise((r) => setTimeout(r, 3_000));
    const rssDepois = servidores.map((s) => s.rssKb());
    const kbPorWatcher = (rssDepois[0] + rssDepois[1] - rssAntes[0] - rssAntes[1]) / n;

    // 10 bids/s, alternating two bidders (each bid is the next value, so all are accepted).
    let valor = 1_000_00;
    let aceitos = 0;
    const duracoesPost: number[] = [];
    const total = SEGUNDOS * 10;
    const inicio = performance.now();
    for (let i = 0; i < total; i++) {
      const alvo = inicio + i * 100;
      await new Promise((r) => setTimeout(r, Math.max(0, alvo - performance.now())));
      const seqPrevisto = i + 1;
      envio.set(seqPrevisto, performance.now());
      const t0 = performance.now();
      const r = await postar(PORTAS[0], licitantes[i % 2].token, { loteId, valor });
      duracoesPost.push(performance.now() - t0);
      if (r.status === 201) {
        aceitos++;
        valor += 1_00;
        if (r.seq !== seqPrevisto) envio.set(r.seq!, envio.get(seqPrevisto)!);
      }
    }
    await new Promise((r) => setTimeout(r, 1_500));
    latencias.sort((a, b) => a - b);
    duracoesPost.sort((a, b) => a - b);
    // Fan-out alone: each delivery against the first delivery of the same bid (any watcher, either instance).
    const espalhamento = [...chegadas.values()].flatMap((ts) => {
      const primeiro = Math.min(...ts);
      return ts.map((t) => t - primeiro);
    });
    espalhamento.sort((a, b) => a - b);
    const esperado = aceitos * n;
    console.log(
      `${n} watchers em 2 instâncias (Redis), ${aceitos} lances a 10/s: entrega p50 ${percentil(latencias, 50).toFixed(1)} ms, p99 ${percentil(latencias, 99).toFixed(1)} ms, máx ${latencias.at(-1)?.toFixed(1)} ms (o POST do lance sozinho: p50 ${percentil(duracoesPost, 50).toFixed(1)} ms, p99 ${percentil(duracoesPost, 99).toFixed(1)} ms); só o fan-out (entrega − primeira entrega do mesmo lance): p50 ${percentil(espalhamento, 50).toFixed(1)} ms, p99 ${percentil(espalhamento, 99).toFixed(1)} ms; ${latencias.length}/${esperado} entregas; RSS ${kbPorWatcher.toFixed(1)} KB por watcher ocioso`,
    );
    for (const s of sockets) s.terminate();
    await new Promise((r) => setTimeout(r, 1_000));
  }
} finally {
  agent.destroy();
  await Promise.all(servidores.map((s) => s.parar()));
  await banco.descartar();
}
