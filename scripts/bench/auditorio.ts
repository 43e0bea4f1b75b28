/**
 * The live auditorium: N watchers in one auction's room, split across TWO server instances joined by
 * Redis; the auctioneer puts lots on the floor one after another (POST /v1/leiloeiro/{uid}/lote-atual to
 * the first instance, then the hammer). Measured: lot switch → every watcher, from the moment the
 * command is sent to the moment a watcher's socket receives the `lot-selected-updated` with that lot on
 * the floor (HTTP, the transaction, Redis, the fan-out); and the resident memory each idle watcher costs
 * the servers (RSS of both, after full GCs through their inspectors). Goals (issue 15): p99 ≤ 100 ms and
 * ≤ 10 KB per idle watcher at 10,000 watchers. Watchers are light clients (vigias.ts) in child processes.
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 \
 *     npx tsx scripts/bench/auditorio.ts [watchers=1000] [lotes=10]
 */
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import { leilao, leilaoLote, lote, usuario, usuarioPapel, veiculo, veiculoTipo } from '@db/schema';
import { criarSessao } from '~/modules/identidade/sessions.server';
import { PAPEIS_INTERNOS } from '~/modules/identidade/papeis';
import { abrirBanco, exigir, iniciarServidor, percentil, type BancoBench } from './comum';

const N = Number(process.argv[2] ?? 1_000);
const LOTES = Number(process.argv[3] ?? 10);
const redisUrl = exigir('REDIS_URL');
const PORTAS = [3293, 3294];
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

  async function rodada(n: number, lotes: number) {
    const { leilaoUid, loteIds } = await criarLeilao(banco.db, lotes);
    const gc = () => Promise.all(servidores.map((s) => s.coletarLixo()));
    const rss = async () => (
      await gc(),
      await new Promise((r) => setTimeout(r, 1_000)),
      await gc(),
      servidores.reduce((t, s) => t + s.rssKb(), 0)
    );
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
    await new Promise((r) => setTimeout(r, 1_500));
    const latencias: number[] = [];
    for (const w of vigias) {
      const { seqs, tempos } = await pedir<{ seqs: Int32Array; tempos: Float64Array }>(w, { resultados: true });
      seqs.forEach((loteId, i) => {
        const t0 = envio.get(loteId);
        if (t0 !== undefined) latencias.push(tempos[i] - t0);
      });
    }
    await Promise.all(vigias.map((w) => pedir(w, { fechar: true })));
    await new Promise((r) => setTimeout(r, 1_000));
    latencias.sort((a, b) => a - b);
    return { latencias, esperado: n * lotes, kbPorWatcher };
  }

  servidores = await Promise.all(PORTAS.map((porta) => iniciarServidor({ porta, banco, redisUrl, inspecionar: true })));
  await rodada(Math.min(200, N), 2); // warm-up: JIT, heaps, the Redis subscription path
  const { latencias, esperado, kbPorWatcher } = await rodada(N, LOTES);
  console.log(
    `${N} watchers no auditório em 2 instâncias (Redis), ${LOTES} trocas de lote: entrega p50 ${percentil(latencias, 50).toFixed(1)} ms, p99 ${percentil(latencias, 99).toFixed(1)} ms, máx ${latencias.at(-1)?.toFixed(1)} ms; ${latencias.length}/${esperado} entregas; RSS ${kbPorWatcher.toFixed(1)} KB por watcher ocioso (${vigias.length} processos de watchers)`,
  );
} finally {
  agent.destroy();
  for (const w of vigias) w.kill();
  await Promise.all(servidores.map((s) => s.parar()));
  await banco.descartar();
}
