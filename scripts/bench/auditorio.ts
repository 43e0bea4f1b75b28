/**
 * The live auditorium: N watchers in one auction's room, split across TWO server instances joined by
 * Redis; the auctioneer puts lots on the floor one after another (POST /v1/leiloeiro/{uid}/lote-atual to
 * the first instance, then the hammer). Measured: lot switch → every watcher, from the moment the
 * command is sent to the moment a watcher's socket receives the `lot-selected-updated` with that lot on
 * the floor (HTTP, the transaction, Redis, the fan-out); and the resident memory each idle watcher costs
 * the servers (RSS of both, after full GCs through their inspectors); then chat → every watcher: clients
 * send `chat-mensagem` over their own websockets (to either instance, in turn), from the send to each
 * watcher's receipt (the message's checks and insert, Redis, the fan-out). Goals (issue 15): p99 ≤ 100 ms
 * and ≤ 10 KB per idle watcher at 10,000 watchers. Watchers are light clients (vigias.ts) in child
 * processes. Bid → watcher is the lot room's fan-out: scripts/bench/fanout.ts.
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 \
 *     npx tsx scripts/bench/auditorio.ts [watchers=1000] [lotes=10]
 */
import { fork, type ChildProcess } from 'node:child_process';
import { WebSocket } from 'ws';
import http from 'node:http';
import os from 'node:os';
import { leilao, leilaoLote, lote, usuario, usuarioPapel, veiculo, veiculoTipo } from '@db/schema';
import { criarSessao } from '~/modules/identidade/sessions.server';
import { PAPEIS_INTERNOS } from '~/modules/dominio/papeis';
import { abrirBanco, exigir, iniciarServidor, percentil, portasLivres, rssAposColetas, type BancoBench } from './comum';

const N = Number(process.argv[2] ?? 1_000);
const LOTES = Number(process.argv[3] ?? 10);
const MENSAGENS = Number(process.argv[4] ?? 10);
/** Chat senders: the rate limit allows 3 messages per 10 s per client. */
const REMETENTES = 6;
const redisUrl = exigir('REDIS_URL');
const PORTAS = await portasLivres(2);
const HOST = 'h1.localhost';
const agora = () => performance.timeOrigin + performance.now();
const agent = new http.Agent({ keepAlive: true });

function comandar(token: string, leilaoUid: string, nome: string, corpo: unknown = {}) {
  const texto = JSON.stringify(corpo);
  return new Promise<number>((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORTAS[0],
        path: `/v1/leiloeiro/${leilaoUid}/${nome}`,
        method: 'POST',
        agent,
        headers: { host: `${HOST}:${PORTAS[0]}`, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      },
      (res) => (res.resume(), res.on('end', () => resolve(res.statusCode ?? 0))),
    );
    req.on('error', () => resolve(0));
    req.end(texto);
  });
}

async function criarLeilao(db: BancoBench['db'], lotes: number) {
  await db.insert(veiculoTipo).values({ id: 1, nome: 'Automóvel', categoria: 'Carros' }).onConflictDoNothing();
  const [le] = await db
    .insert(leilao)
    .values({ hotsiteId: 1, nome: 'Leilão bench ao vivo', situacao: 'PRONTO', data: new Date() })
    .returning();
  const ids: number[] = [];
  for (let i = 1; i <= lotes; i++) {
    const [v] = await db
      .insert(veiculo)
      .values({ hotsiteId: 1, nome: `Gol ${i}`, modelo: 'Gol', veiculoTipoId: 1 })
      .returning();
    const [l] = await db
      .insert(lote)
      .values({
        hotsiteId: 1,
        veiculoId: v.id,
        leilaoId: le.id,
        situacao: 'LIBERADO_LEILAO',
        nome: `Lote bench ${i}`,
        numero: String(i),
        categoria: 'Carros',
        veiculoTipoId: 1,
        minimo: 1_000_00,
        incremento: 1_00,
        dataInicio: new Date(Date.now() - 60_000),
        dataFim: new Date(Date.now() + 3_600_000),
      })
      .returning();
    await db.insert(leilaoLote).values({ hotsiteId: 1, leilaoId: le.id, loteId: l.id, situacao: 'LIBERADO_LEILAO', ordemLeilao: i });
    ids.push(l.id);
  }
  return { leilaoUid: le.uid, loteIds: ids };
}

const pedir = <T>(w: ChildProcess, m: unknown) =>
  new Promise<T>((resolve, reject) => {
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
  const [u] = await banco.db.insert(usuario).values({ email: 'leiloeiro-bench@martelo.test', nome: 'Leiloeiro bench' }).returning();
  await banco.db.insert(usuarioPapel).values({ usuarioId: u.id, papel: PAPEIS_INTERNOS.LEILOEIRO });
  const { token } = await criarSessao({ db: banco.db, usuarioId: u.id, hotsiteId: 1 });
  const remetentes: string[] = [];
  for (let i = 0; i < REMETENTES; i++) {
    const [c] = await banco.db
      .insert(usuario)
      .values({ email: `chat-bench-${i}@martelo.test`, nome: `Cliente Bench ${i}` })
      .returning();
    remetentes.push((await criarSessao({ db: banco.db, usuarioId: c.id, hotsiteId: 1 })).token);
  }
  /** A client's websocket on one instance, open. */
  const abrirRemetente = (tokenCliente: string, porta: number) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${porta}/ws?token=${encodeURIComponent(tokenCliente)}`, {
        headers: { host: `${HOST}:${porta}` },
      });
      ws.once('open', () => resolve(ws));
      ws.once('error', reject);
    });

  async function rodada(n: number, lotes: number, mensagens: number) {
    const { leilaoUid, loteIds } = await criarLeilao(banco.db, lotes);
    const rss = () => rssAposColetas(servidores);
    const rssAntes = await rss();
    await Promise.all(
      vigias.map((w, i) => {
        const parte = Math.floor(n / vigias.length) + (i < n % vigias.length ? 1 : 0);
        return pedir(w, { conectar: { portas: PORTAS, n: parte, host: HOST, veiUid: 'x', leilaoUid } });
      }),
    );
    await new Promise((r) => setTimeout(r, 2_000));
    const kbPorWatcher = ((await rss()) - rssAntes) / n;
    if ((await comandar(token, leilaoUid, 'iniciar')) !== 200) throw new Error('iniciar falhou');
    const envio = new Map<number, number>();
    for (const loteId of loteIds) {
      const t0 = agora();
      const status = await comandar(token, leilaoUid, 'lote-atual', { loteId });
      if (status !== 200) throw new Error(`lote-atual respondeu ${status}`);
      envio.set(loteId, t0);
      await new Promise((r) => setTimeout(r, 400));
      await comandar(token, leilaoUid, 'martelo');
      await new Promise((r) => setTimeout(r, 200));
    }
    // Chat: each message from the next client, on the instances in turn.
    const sockets = await Promise.all(remetentes.map((t, i) => abrirRemetente(t, PORTAS[i % PORTAS.length])));
    const envioChat = new Map<number, number>();
    for (let k = 1; k <= mensagens; k++) {
      envioChat.set(k, agora());
      sockets[k % sockets.length].send(JSON.stringify({ event: 'chat-mensagem', data: { leilaoUid, texto: `bench ${k}` } }));
      await new Promise((r) => setTimeout(r, 400));
    }
    await new Promise((r) => setTimeout(r, 1_500));
    for (const ws of sockets) ws.close();
    const latencias: number[] = [];
    const latenciasChat: number[] = [];
    for (const w of vigias) {
      const r = await pedir<{ seqs: Int32Array; tempos: Float64Array; chatSeqs: Int32Array; chatTempos: Float64Array }>(w, {
        resultados: true,
      });
      r.seqs.forEach((loteId, i) => {
        const t0 = envio.get(loteId);
        if (t0 !== undefined) latencias.push(r.tempos[i] - t0);
      });
      r.chatSeqs.forEach((k, i) => {
        const t0 = envioChat.get(k);
        if (t0 !== undefined) latenciasChat.push(r.chatTempos[i] - t0);
      });
    }
    await Promise.all(vigias.map((w) => pedir(w, { fechar: true })));
    await new Promise((r) => setTimeout(r, 1_000));
    latencias.sort((a, b) => a - b);
    latenciasChat.sort((a, b) => a - b);
    return { latencias, latenciasChat, esperado: n * lotes, esperadoChat: n * mensagens, kbPorWatcher };
  }

  servidores = await Promise.all(PORTAS.map((porta) => iniciarServidor({ porta, banco, redisUrl, inspecionar: true })));
  await rodada(Math.min(200, N), 2, 2); // warm-up: JIT, heaps, the Redis subscription path
  // The warm-up's messages count against the senders' rate limit (3 per 10 s).
  await new Promise((r) => setTimeout(r, 10_000));
  const { latencias, latenciasChat, esperado, esperadoChat, kbPorWatcher } = await rodada(N, LOTES, MENSAGENS);
  console.log(
    `${N} watchers no auditório em 2 instâncias (Redis), ${LOTES} trocas de lote: entrega p50 ${percentil(latencias, 50).toFixed(1)} ms, p99 ${percentil(latencias, 99).toFixed(1)} ms, máx ${latencias.at(-1)?.toFixed(1)} ms; ${latencias.length}/${esperado} entregas; RSS ${kbPorWatcher.toFixed(1)} KB por watcher ocioso (${vigias.length} processos de watchers)`,
  );
  console.log(
    `${MENSAGENS} mensagens de chat: entrega p50 ${percentil(latenciasChat, 50).toFixed(1)} ms, p99 ${percentil(latenciasChat, 99).toFixed(1)} ms, máx ${latenciasChat.at(-1)?.toFixed(1)} ms; ${latenciasChat.length}/${esperadoChat} entregas`,
  );
} finally {
  agent.destroy();
  for (const w of vigias) w.kill();
  await Promise.all(servidores.map((s) => s.parar()));
  await banco.descartar();
}
