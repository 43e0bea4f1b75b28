/**
 * Bid → delivery latency with 1,000 and 5,000 watchers on one lot, split across TWO server instances
 * joined by Redis, at 10 bids/s posted to the first instance; and the resident memory each idle
 * watcher costs the servers. The latency of a delivery is measured from the moment the bid request
 * is sent to the moment a watcher's socket receives the on-elastic-response carrying that bid's
 * sequence number (so it includes HTTP, the transaction, Redis and the fan-out). Goals (issue #35): our p99
 * minus the floor's measured in the same round ≤ 3 ms (1,000) and ≤ 8 ms (5,000); ≤ 10 KB per idle watcher
 * (RSS of both servers, each read after a full GC through the server's inspector, before and after the
 * watchers connect). The bids are posted from this process; servers and watchers are processes of their own. After each size, two
 * floors with the same watchers and payload and none of our code (piso-fanout.ts, decision 104): the
 * delivery alone, and a bid's hops (HTTP, PostgreSQL read and commit, Redis) before it. The watchers are light
 * clients (vigias.ts) in child processes, so the load generator's own JSON parsing is not part of the
 * figure; all clocks are absolute (timeOrigin + now) so processes compare. A warm-up round first.
 * It also prints the CPU time each bid cost the two servers and the watcher processes (the machine's
 * cores are shared by both: what the watchers take is not the servers'). VIGIAS=<n> sets the number of
 * watcher processes (default: the cores, at most 4). Ours and the floors alternate, RODADAS rounds (default 2,
 * ABAB), fresh servers each round; the summary line per size gives the medians of the rounds and our p99 minus
 * the floor's of the same round (goals, issue #35: ≤ 3 ms at 1,000 watchers, ≤ 8 ms at 5,000).
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 \
 *     [BENCH_SCHEMA=bench] [WATCHERS=1000,5000,10000] [RODADAS=2] npx tsx scripts/bench/fanout.ts [segundos-por-rodada]
 */
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import { WebSocket } from 'ws';
import { sql } from 'drizzle-orm';
import {
  abrirBanco,
  cpuMsDe,
  criarClientes,
  criarLote,
  exigir,
  iniciarServidor,
  mediana,
  pedirAoServidor,
  percentil,
  portasLivres,
  rssAposColetas,
} from './comum';

const SEGUNDOS = Number(process.argv[2] ?? 5);
const redisUrl = exigir('REDIS_URL');
const PORTAS = await portasLivres(2);
const HOST = 'h1.localhost';
const agora = () => performance.timeOrigin + performance.now();

const agent = new http.Agent({ keepAlive: true });
function postar(porta: number, token: string, corpo: unknown) {
  const texto = JSON.stringify(corpo);
  return new Promise<{ status: number; seq: number | null }>((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: porta,
        path: '/v1/lances',
        method: 'POST',
        agent,
        headers: {
          host: `${HOST}:${porta}`,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(texto),
        },
      },
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

const pedir = <T>(w: ChildProcess, m: unknown) =>
  new Promise<T>((resolve, reject) => {
    // A watcher process that dies (a failed handshake) fails the run instead of leaving it waiting.
    const saiu = (codigo: number | null) => reject(new Error(`vigias.ts saiu (código ${codigo}) sem responder`));
    w.once('exit', saiu);
    w.once('message', (r) => {
      w.off('exit', saiu);
      resolve(r as T);
    });
    w.send(m as object);
  });

const NUCLEOS = Number(process.env.VIGIAS ?? Math.max(1, Math.min(4, os.availableParallelism())));
const banco = await abrirBanco();
type Servidor = Awaited<ReturnType<typeof iniciarServidor>>;
let servidores: Servidor[] = [];
const vigias = Array.from({ length: NUCLEOS }, () =>
  fork(new URL('./vigias.ts', import.meta.url), {
    execArgv: ['--import', 'tsx'],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  }),
);
try {
  const licitantes = await criarClientes(banco.db, 2);

  /**
   * The watchers' side of a round: n watchers join `veiUid`'s room on both ports; `aposConectar` runs
   * (RSS); then `disparar(i)` at 10/s for `segundos` (it sends one message and says when it started and
   * which sequence number the watchers will see); then every arrival is matched to its send.
   */
  async function medirEntregas(
    n: number,
    segundos: number,
    {
      veiUid,
      aposConectar,
      disparar,
      cpuServidores,
    }: {
      veiUid: string;
      aposConectar?: () => Promise<void>;
      disparar: (i: number) => Promise<{ t0: number; seq: number | null }>;
      cpuServidores: () => number;
    },
  ) {
    await Promise.all(
      vigias.map((w, i) => {
        const parte = Math.floor(n / vigias.length) + (i < n % vigias.length ? 1 : 0);
        return pedir(w, { conectar: { portas: PORTAS, n: parte, host: HOST, veiUid } });
      }),
    );
    await new Promise((r) => setTimeout(r, 3_000));
    await aposConectar?.();
    let aceitos = 0;
    const envio = new Map<number, number>();
    const total = segundos * 10;
    const cpu = () => [cpuServidores(), vigias.reduce((t, w) => t + cpuMsDe(w.pid!), 0)];
    const cpuAntes = cpu();
    const inicio = performance.now();
    for (let i = 0; i < total; i++) {
      const alvo = inicio + i * 100;
      await new Promise((r) => setTimeout(r, Math.max(0, alvo - performance.now())));
      const { t0, seq } = await disparar(i);
      if (seq !== null) {
        aceitos++;
        envio.set(seq, t0);
      }
    }
    await new Promise((r) => setTimeout(r, 1_500));
    const [cpuDosServidores, cpuVigias] = cpu().map((v, i) => (v - cpuAntes[i]) / Math.max(1, aceitos));
    const latencias: number[] = [];
    const chegadas = new Map<number, number[]>();
    for (const w of vigias) {
      const { seqs, tempos } = await pedir<{ seqs: Int32Array; tempos: Float64Array }>(w, { resultados: true });
      seqs.forEach((seq, i) => {
        const t0 = envio.get(seq);
        if (t0 === undefined) return;
        latencias.push(tempos[i] - t0);
        (chegadas.get(seq) ?? chegadas.set(seq, []).get(seq)!).push(tempos[i]);
      });
    }
    await Promise.all(vigias.map((w) => pedir(w, { fechar: true })));
    await new Promise((r) => setTimeout(r, 1_000));
    latencias.sort((a, b) => a - b);
    // Fan-out alone: each delivery against the first delivery of the same message (any watcher, either instance).
    const espalhamento = [...chegadas.values()].flatMap((ts) => {
      const primeiro = Math.min(...ts);
      return ts.map((t) => t - primeiro);
    });
    espalhamento.sort((a, b) => a - b);
    return { aceitos, latencias, espalhamento, esperado: aceitos * n, cpuServidores: cpuDosServidores, cpuVigias };
  }

  /** One round on our servers: n watchers on a fresh lot, bids at 10/s, and the payload they received. */
  async function rodadaNossa(n: number, segundos: number) {
    const { loteId, veiUid } = await criarLote(banco.db, { incremento: 1_00 });
    await new Promise((r) => setTimeout(r, 1_000));
    // RSS after full GCs on both sides of the connect.
    const rss = () => rssAposColetas(servidores);
    const rssAntes = await rss();
    let kbPorWatcher = 0;
    // One more watcher (ws, on the second instance) keeps a delivered payload: the floor sends the same bytes.
    const modelo = await observarUmPayload(veiUid);
    // Each bid is the next value, so all are accepted; two bidders alternate.
    let valor = 1_000_00;
    const duracoesPost: number[] = [];
    const r = await medirEntregas(n, segundos, {
      veiUid,
      aposConectar: async () => void (kbPorWatcher = ((await rss()) - rssAntes) / n),
      cpuServidores: () => servidores.reduce((t, s) => t + s.cpuMs(), 0),
      async disparar(i) {
        const t0 = agora();
        const { status, seq } = await postar(PORTAS[0], licitantes[i % 2].token, { loteId, valor });
        duracoesPost.push(agora() - t0);
        if (status !== 201) return { t0, seq: null };
        valor += 1_00;
        return { t0, seq };
      },
    });
    duracoesPost.sort((a, b) => a - b);
    return { ...r, duracoesPost, kbPorWatcher, modelo: modelo.ultimo() };
  }

  /** A ws client on the second instance that keeps the last on-elastic-response it received. */
  async function observarUmPayload(veiUid: string) {
    const ws = new WebSocket(`ws://127.0.0.1:${PORTAS[1]}/ws`, { headers: { host: `${HOST}:${PORTAS[1]}` } });
    let ultimo: string | null = null;
    ws.on('message', (m) => {
      const texto = String(m);
      if (texto.includes('"on-elastic-response"')) ultimo = texto;
    });
    await new Promise((r, f) => (ws.once('open', r), ws.once('error', f)));
    ws.send(JSON.stringify({ event: 'conectar-lances-lote', data: { veiUid } }));
    return {
      ultimo() {
        ws.close();
        if (!ultimo) throw new Error('o observador não recebeu nenhum on-elastic-response');
        return ultimo;
      },
    };
  }

  /**
   * The floors: two plain Node servers (piso-fanout.ts) on the same ports, the same watchers and the same
   * payload. 'entrega': told at 10/s over IPC to deliver it (both at once, as Redis tells both of ours).
   * 'saltos': a POST at 10/s to the first, which makes a bid's hops without our code (a read and a
   * committed insert on PostgreSQL, a Redis publish) before both fan out what Redis brings.
   */
  async function rodadaDoPiso(n: number, segundos: number, modelo: string, modo: 'entrega' | 'saltos') {
    const tabela = `"${banco.schemaNome}".piso_lance`;
    if (modo === 'saltos') await banco.db.execute(sql.raw(`CREATE TABLE IF NOT EXISTS ${tabela} (seq int)`));
    const pisos = PORTAS.map((porta) =>
      fork(new URL('./piso-fanout.ts', import.meta.url), {
        execArgv: ['--import', 'tsx'],
        env: {
          ...process.env,
          PORTA: String(porta),
          PISO_MODELO: modelo,
          PISO_CANAL: banco.schemaNome,
          ...(modo === 'saltos' ? { PISO_REDIS: redisUrl, PISO_DATABASE: banco.url, PISO_TABELA: tabela } : {}),
        },
        serialization: 'advanced',
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      }),
    );
    try {
      await Promise.all(pisos.map((p) => new Promise((r) => p.once('message', r))));
      let proximo = 1;
      const duracoesPost: number[] = [];
      const medir = (k: number, s: number) =>
        medirEntregas(k, s, {
          veiUid: 'piso',
          cpuServidores: () => pisos.reduce((t, p) => t + cpuMsDe(p.pid!), 0),
          async disparar() {
            const seq = proximo++;
            const t0 = agora();
            if (modo === 'entrega') for (const p of pisos) p.send({ enviar: { seq } });
            else {
              await pedirAoServidor(PORTAS[0], '/lance', { corpo: JSON.stringify({ seq }), agent });
              duracoesPost.push(agora() - t0);
            }
            return { t0, seq };
          },
        });
      await medir(300, 1);
      duracoesPost.length = 0;
      const r = await medir(n, segundos);
      return { ...r, duracoesPost: duracoesPost.sort((x, y) => x - y) };
    } finally {
      await Promise.all(pisos.map((p) => new Promise((r) => (p.once('exit', r), p.kill('SIGTERM')))));
    }
  }

  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const RODADAS = Number(process.env.RODADAS ?? 2);
  for (const n of (process.env.WATCHERS ?? '1000,5000').split(',').map(Number)) {
    const diferencas: { saltos: number; entrega: number; nosso: number; piso: number; pisoEntrega: number; cpuVigias: number }[] = [];
    // ABAB: ours, then the two floors, round after round, so a change in the machine's load between
    // them shows in every round instead of in one side's figure.
    for (let rodada = 1; rodada <= RODADAS; rodada++) {
      // Fresh servers per round (memory freed by an earlier round would hide this one's growth), and a
      // warm-up round (JIT, heaps, the Redis subscription path) so no one-time cost is measured.
      servidores = await Promise.all(PORTAS.map((porta) => iniciarServidor({ porta, banco, redisUrl, inspecionar: true })));
      await rodadaNossa(300, 1);
      const nosso = await rodadaNossa(n, SEGUNDOS);
      await Promise.all(servidores.map((s) => s.parar()));
      servidores = [];
      const saltos = await rodadaDoPiso(n, SEGUNDOS, nosso.modelo, 'saltos');
      const piso = await rodadaDoPiso(n, SEGUNDOS, nosso.modelo, 'entrega');
      const { aceitos, latencias, duracoesPost, espalhamento, kbPorWatcher, esperado, cpuServidores, cpuVigias } = nosso;
      const p99 = percentil(latencias, 99);
      diferencas.push({
        saltos: p99 - percentil(saltos.latencias, 99),
        entrega: p99 - percentil(piso.latencias, 99),
        nosso: p99,
        piso: percentil(saltos.latencias, 99),
        pisoEntrega: percentil(piso.latencias, 99),
        cpuVigias,
      });
      console.log(
        `${n} watchers, rodada ${rodada}: nosso (2 instâncias, Redis), ${aceitos} lances a 10/s: entrega p50 ${ms(percentil(latencias, 50))}, p99 ${ms(p99)}, máx ${latencias.at(-1)?.toFixed(1)} ms (o POST do lance sozinho: p50 ${ms(percentil(duracoesPost, 50))}, p99 ${ms(percentil(duracoesPost, 99))}); só o fan-out (entrega − primeira entrega do mesmo lance): p50 ${ms(percentil(espalhamento, 50))}, p99 ${ms(percentil(espalhamento, 99))}; ${latencias.length}/${esperado} entregas; RSS ${kbPorWatcher.toFixed(1)} KB por watcher ocioso; CPU por lance: servidores ${cpuServidores.toFixed(1)} ms, processos dos watchers ${cpuVigias.toFixed(1)} ms (${vigias.length} processos)`,
      );
      console.log(
        `  piso com os saltos do lance (2 servidores Node + ws sem nada nosso: POST HTTP ao primeiro, uma leitura e um insert com commit no PostgreSQL, publish no Redis; a mesma mensagem de ${Buffer.byteLength(nosso.modelo)} bytes aos mesmos ${n} watchers): entrega p50 ${ms(percentil(saltos.latencias, 50))}, p99 ${ms(percentil(saltos.latencias, 99))}, máx ${saltos.latencias.at(-1)?.toFixed(1)} ms (o POST sozinho: p50 ${ms(percentil(saltos.duracoesPost, 50))}, p99 ${ms(percentil(saltos.duracoesPost, 99))}); ${saltos.latencias.length}/${saltos.esperado} entregas; CPU por mensagem: servidores ${saltos.cpuServidores.toFixed(1)} ms, processos dos watchers ${saltos.cpuVigias.toFixed(1)} ms` +
          ` → nosso p99 − este piso p99 = ${ms(p99 - percentil(saltos.latencias, 99))}`,
      );
      console.log(
        `  piso só da entrega (os mesmos servidores, avisados por IPC): entrega p50 ${ms(percentil(piso.latencias, 50))}, p99 ${ms(percentil(piso.latencias, 99))}, máx ${piso.latencias.at(-1)?.toFixed(1)} ms; só o fan-out p99 ${ms(percentil(piso.espalhamento, 99))}; ${piso.latencias.length}/${piso.esperado} entregas; CPU por mensagem: servidores ${piso.cpuServidores.toFixed(1)} ms, processos dos watchers ${piso.cpuVigias.toFixed(1)} ms` +
          ` → nosso p99 − piso p99 = ${ms(p99 - percentil(piso.latencias, 99))}`,
      );
    }
    const meta = n <= 1_000 ? 3 : n <= 5_000 ? 8 : null;
    const dif = mediana(diferencas.map((d) => d.saltos));
    console.log(
      `${n} watchers, mediana de ${RODADAS} rodadas intercaladas: nosso p99 ${ms(mediana(diferencas.map((d) => d.nosso)))}, piso com os saltos ${ms(mediana(diferencas.map((d) => d.piso)))}, piso só da entrega ${ms(mediana(diferencas.map((d) => d.pisoEntrega)))}; nosso − piso com os saltos ${ms(dif)}${meta === null ? '' : ` (meta ≤ ${meta} ms: ${dif <= meta ? '✔' : '✘'})`}; nosso − piso só da entrega ${ms(mediana(diferencas.map((d) => d.entrega)))}; CPU dos processos dos watchers por lance ${ms(mediana(diferencas.map((d) => d.cpuVigias)))}`,
    );
  }
} finally {
  agent.destroy();
  for (const w of vigias) w.kill();
  await Promise.all(servidores.map((s) => s.parar()));
  await banco.descartar();
}
