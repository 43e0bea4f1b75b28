/**
 * A mixed crowd on one server, as an auction site gets it (issue #35): `--usuarios` users, each one request
 * after another with no pause, 55 % list pages (distinct searches from the catalogue's real facets, buscas.ts,
 * asked in turn), 35 % lot pages (distinct lots asked in turn) and 10 % bids (POST /v1/lances on the live lot,
 * jump bids from one shared counter, so a few arrive late and are refused), while `--vigias` websocket
 * watchers sit in the live lot's room.
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/test [REDIS_URL=redis://127.0.0.1:6379] \
 *     [BENCH_SCHEMA=bench] node --import tsx scripts/bench/mista.ts [--lots 100000] [--usuarios 32] [--vigias 250] \
 *     [--segundos 20] [--aquecimento 5] [--semente 35]
 *
 * The catalogue is `<BENCH_SCHEMA>_mista` (seeded once and reused; bids land on one of its open lots, so its
 * size never changes). The server is `node build/server.js` in production mode, a process of its own; the
 * users run in another (this file with `--gerador`), the watchers in a third (vigias.ts). Prints requests/s,
 * p50/p99 overall and per kind, errors, bid → watcher p99, the server's CPU per request beside the throughput
 * and its RSS after the load. Goals (issue #35, this machine): ≥ 600 req/s, p99 ≤ 200 ms, bid → watcher p99
 * ≤ 100 ms, 0 errors; RSS after the mixed load ≤ 400 MB at 100k lots.
 */
import './modo-producao';
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    gerador: { type: 'boolean', default: false },
    lots: { type: 'string', default: '100000' },
    usuarios: { type: 'string', default: '32' },
    vigias: { type: 'string', default: '250' },
    segundos: { type: 'string', default: '20' },
    aquecimento: { type: 'string', default: '5' },
    semente: { type: 'string', default: '35' },
  },
});

/** What the parent hands the load generator. */
interface Plano {
  porta: number;
  host: string;
  tokens: string[];
  listas: string[];
  lotes: string[];
  lance: { loteId: number; valor: number; incremento: number };
  segundos: number;
  semente: number;
}
interface Medida {
  segundos: number;
  porTipo: Record<'lista' | 'lote' | 'lance', { n: number; p50: number; p99: number }>;
  p50: number;
  p99: number;
  respostas: number;
  erros: Record<string, number>;
  recusados: number;
  /** Accepted bids: their sequence numbers and when each request was sent (absolute clock). */
  seqs: Int32Array;
  envios: Float64Array;
  proximoValor: number;
}

const agora = () => performance.timeOrigin + performance.now();
const percentilDe = (t: number[], p: number) => (t.length ? t[Math.min(t.length - 1, Math.floor((p / 100) * t.length))] : NaN);

/** The users, in their own process: one request after another each, the kind drawn per request (seeded). */
async function gerar(p: Plano): Promise<Medida> {
  const { geradorComSemente } = await import('./buscas');
  const rnd = geradorComSemente(p.semente);
  const tempos = { lista: [] as number[], lote: [] as number[], lance: [] as number[] };
  const erros: Record<string, number> = {};
  const seqs: number[] = [];
  const envios: number[] = [];
  let recusados = 0;
  let iLista = 0;
  let iLote = 0;
  let valor = p.lance.valor;
  const inicio = performance.now();
  const fim = inicio + p.segundos * 1000;
  await Promise.all(
    p.tokens.map(async (token) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (performance.now() < fim) {
        const r = rnd();
        const tipo = r < 0.55 ? 'lista' : r < 0.9 ? 'lote' : 'lance';
        const corpo = tipo === 'lance' ? JSON.stringify({ loteId: p.lance.loteId, valor: (valor += 2 * p.lance.incremento) }) : undefined;
        const caminho =
          tipo === 'lista' ? p.listas[iLista++ % p.listas.length] : tipo === 'lote' ? p.lotes[iLote++ % p.lotes.length] : '/v1/lances';
        const t0 = performance.now();
        const enviado = agora();
        const { status, texto } = await new Promise<{ status: number; texto: string }>((resolve) => {
          const req = http.request(
            {
              host: '127.0.0.1',
              port: p.porta,
              path: caminho,
              method: corpo ? 'POST' : 'GET',
              agent,
              headers: {
                host: p.host,
                'accept-encoding': 'gzip, deflate, br, zstd',
                ...(corpo ? { 'content-type': 'application/json', authorization: `Bearer ${token}` } : {}),
              },
            },
            (res) => {
              let b = '';
              if (corpo) res.on('data', (c: Buffer) => (b += c));
              else res.resume();
              res.on('end', () => resolve({ status: res.statusCode ?? 0, texto: b }));
            },
          );
          req.on('error', () => resolve({ status: 0, texto: '' }));
          req.end(corpo);
        });
        const ms = performance.now() - t0;
        if (status === 200 || status === 201) {
          tempos[tipo].push(ms);
          if (status === 201) {
            seqs.push(Number(JSON.parse(texto).lote.seq));
            envios.push(enviado);
          }
        } else if (tipo === 'lance' && status === 409) {
          // Outbid on the way (another user's jump arrived first): an answer, not an error.
          recusados++;
          tempos.lance.push(ms);
        } else erros[`${status} ${tipo}`] = (erros[`${status} ${tipo}`] ?? 0) + 1;
      }
      agent.destroy();
    }),
  );
  const segundos = (performance.now() - inicio) / 1000;
  const todos = [...tempos.lista, ...tempos.lote, ...tempos.lance].sort((a, b) => a - b);
  const resumo = (t: number[]) => {
    t.sort((a, b) => a - b);
    return { n: t.length, p50: percentilDe(t, 50), p99: percentilDe(t, 99) };
  };
  return {
    segundos,
    porTipo: { lista: resumo(tempos.lista), lote: resumo(tempos.lote), lance: resumo(tempos.lance) },
    p50: percentilDe(todos, 50),
    p99: percentilDe(todos, 99),
    respostas: todos.length,
    erros,
    recusados,
    seqs: Int32Array.from(seqs),
    envios: Float64Array.from(envios),
    proximoValor: valor,
  };
}

if (values.gerador) {
  process.once('message', async (p: Plano) => {
    const m = await gerar(p);
    process.send!(m, () => process.exit(0));
  });
} else await principal();

async function principal() {
  const { sql } = await import('drizzle-orm');
  const { getEnv } = await import('~/utils/env.server');
  const { caminhoDaPagina, gerarBuscas } = await import('./buscas');
  const { catalogoDoBench, criarClientes, iniciarServidor, percentil, portasLivres, PREFIXO_DO_ESQUEMA } = await import('./comum');
  const { buscarComFacetas, criarServicoDeBusca } = await import('~/modules/catalogo/busca.server');
  type BancoBench = import('./comum').BancoBench;

  const env = getEnv();
  if (!env.DATABASE_URL) throw new Error('defina DATABASE_URL (PostgreSQL real)');
  const LOTES = Number(values.lots);
  const schema = LOTES === 100_000 ? `${PREFIXO_DO_ESQUEMA}_mista` : `${PREFIXO_DO_ESQUEMA}_mista_${LOTES}`;
  const database = await catalogoDoBench({ schema, lotes: LOTES, outras: 200, max: 4 });
  const { db } = database;
  const SEMENTE = Number(values.semente);

  // The searches: from the brand's real facets (an index of its own here, not the server's).
  const busca = criarServicoDeBusca(db);
  const { facetas } = await buscarComFacetas({ db, busca, hotsiteId: 1, filtros: {}, tamanho: 0 });
  await busca.visualizacoes.parar();
  const listas = [
    ...new Set(
      gerarBuscas({ facetas: facetas as Record<string, { valor: string; quantidade: number }[]>, n: 1_500, semente: SEMENTE }).map((b) =>
        caminhoDaPagina({ ...b, pagina: 1 }),
      ),
    ),
  ];
  const ids = (
    await db.execute(
      sql`SELECT id FROM lote WHERE hotsite_id = 1 AND situacao IN ('LIBERADO_LEILAO', 'EM_LEILAO') ORDER BY md5(id::text || ${String(SEMENTE)}) LIMIT 2000`,
    )
  ).rows.map((r) => Number((r as { id: number }).id));
  const usuarios = await criarClientes(db, Number(values.usuarios));

  const [PORTA] = await portasLivres(1);
  const banco = { ...database, url: env.DATABASE_URL, schemaNome: schema } as unknown as BancoBench;
  const servidor = await iniciarServidor({ porta: PORTA, banco, redisUrl: env.REDIS_URL, inspecionar: true });
  const host = `h1.localhost:${PORTA}`;
  const get = (caminho: string) =>
    new Promise<{ status: number; local?: string }>((resolve, reject) =>
      http
        .get({ host: '127.0.0.1', port: PORTA, path: caminho, headers: { host } }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, local: res.headers.location }));
        })
        .on('error', reject),
    );
  const postar = (token: string, corpo: unknown) =>
    new Promise<{ status: number; corpo: string }>((resolve, reject) => {
      const texto = JSON.stringify(corpo);
      const req = http.request(
        {
          host: '127.0.0.1',
          port: PORTA,
          path: '/v1/lances',
          method: 'POST',
          headers: { host, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        },
        (res) => {
          let b = '';
          res.on('data', (c: Buffer) => (b += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, corpo: b }));
        },
      );
      req.on('error', reject);
      req.end(texto);
    });

  try {
    // The first list page starts the brand's index load (seconds at 100,000 lots, minutes on a busy machine;
    // until then searches go to SQL): started now, it loads while the lot paths below are read.
    await get('/leilao');
    // Canonical lot paths (a short path answers 301 to the lot's own).
    const lotes: string[] = [];
    for (const id of ids) {
      const r = await get(`/leilao/x/ano.0/${id}`);
      if (r.status === 301 && r.local) lotes.push(r.local);
    }
    // The live lot: the first open lot of the catalogue that takes a bid now.
    const candidatos = (
      await db.execute(
        sql`SELECT l.id, v.uid AS "veiUid", coalesce(l.ultimo_lance_valor, l.minimo)::bigint AS valor, l.incremento::bigint AS incremento
              FROM lote l JOIN veiculo v ON v.id = l.veiculo_id
             WHERE l.hotsite_id = 1 AND l.situacao = 'LIBERADO_LEILAO' AND l.data_inicio < now() AND l.data_fim > now() + interval '1 hour'
               AND l.tipo = 'Disputa' AND NOT l.somente_buy_now_proposta
             ORDER BY l.data_fim DESC LIMIT 20`,
      )
    ).rows as { id: number; veiUid: string; valor: string; incremento: string }[];
    let vivo: { loteId: number; veiUid: string; valor: number; incremento: number } | null = null;
    for (const c of candidatos) {
      const incremento = Math.max(1_00, Number(c.incremento));
      const valor = Number(c.valor) + 100 * incremento;
      const r = await postar(usuarios[0].token, { loteId: c.id, valor });
      if (r.status === 201) {
        vivo = { loteId: Number(c.id), veiUid: String(JSON.parse(r.corpo).lote.veiUid ?? c.veiUid), valor, incremento };
        break;
      }
    }
    if (!vivo) throw new Error('nenhum lote aberto do catálogo aceitou um lance');

    // The watchers, in their own process, in the live lot's room.
    const vigias = fork(new URL('./vigias.ts', import.meta.url), {
      execArgv: ['--import', 'tsx'],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const pedirVigias = <T>(m: unknown) =>
      new Promise<T>((resolve, reject) => {
        const saiu = (codigo: number | null) => reject(new Error(`vigias.ts saiu (código ${codigo}) sem responder`));
        vigias.once('exit', saiu);
        vigias.once('message', (r) => (vigias.off('exit', saiu), resolve(r as T)));
        vigias.send(m as object);
      });
    const VIGIAS = Number(values.vigias);
    await pedirVigias({ conectar: { portas: [PORTA], n: VIGIAS, host: 'h1.localhost', veiUid: vivo.veiUid } });

    const rodar = (segundos: number, semente: number, desde: number) =>
      new Promise<Medida>((resolve, reject) => {
        const filho = fork(new URL(import.meta.url), ['--gerador'], {
          execArgv: ['--import', 'tsx'],
          serialization: 'advanced',
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        });
        filho.once('message', (m) => resolve(m as Medida));
        filho.once('error', reject);
        filho.once('exit', (codigo) => reject(new Error(`o gerador saiu (código ${codigo}) sem resultado`)));
        // The warm-up starts halfway through the lists, so the measured run's first pages were not asked by it.
        const girar = <T>(l: T[]) => [...l.slice(desde % l.length), ...l.slice(0, desde % l.length)];
        filho.send({
          porta: PORTA,
          host,
          tokens: usuarios.map((u) => u.token),
          listas: girar(listas),
          lotes: girar(lotes),
          lance: { loteId: vivo!.loteId, valor: vivo!.valor, incremento: vivo!.incremento },
          segundos,
          semente,
        } satisfies Plano);
      });

    // The index loaded (a second list page waits for it no longer than a search does; this one waits for it).
    for (let t0 = performance.now(); performance.now() - t0 < 180_000;) {
      const t = performance.now();
      await get(`/leilao?uf=SP&km_max=49999`);
      if (performance.now() - t < 2_000) break;
      await new Promise((r) => setTimeout(r, 2_000));
    }
    const aquecimento = await rodar(Number(values.aquecimento), SEMENTE + 1, Math.floor(listas.length / 2));
    vivo.valor = aquecimento.proximoValor;
    await pedirVigias({ resultados: true }); // the warm-up's arrivals are dropped with its sends
    const carga = cargaDaMaquina();
    const cpu0 = servidor.cpuMs();
    const m = await rodar(Number(values.segundos), SEMENTE, 0);
    const cpuPorPedido = (servidor.cpuMs() - cpu0) / Math.max(1, m.respostas);
    await new Promise((r) => setTimeout(r, 1_000));
    const { seqs, tempos } = await pedirVigias<{ seqs: Int32Array; tempos: Float64Array }>({ resultados: true });
    const envio = new Map<number, number>();
    m.seqs.forEach((seq, i) => envio.set(seq, m.envios[i]));
    const entregas: number[] = [];
    seqs.forEach((seq, i) => {
      const t0 = envio.get(seq);
      if (t0 !== undefined) entregas.push(tempos[i] - t0);
    });
    entregas.sort((a, b) => a - b);
    await pedirVigias({ fechar: true });
    vigias.kill();
    const rssMb = servidor.rssKb() / 1024;
    await servidor.coletarLixo();
    await new Promise((r) => setTimeout(r, 1_000));
    const rssVivoMb = servidor.rssKb() / 1024;

    const f = (n: number, d = 1) => n.toLocaleString('pt-BR', { maximumFractionDigits: d, minimumFractionDigits: d });
    const reqs = m.respostas / m.segundos;
    const errosTotal = Object.values(m.erros).reduce((a, b) => a + b, 0);
    const tipo = (t: keyof Medida['porTipo']) => `${m.porTipo[t].n} (p50 ${f(m.porTipo[t].p50)} ms, p99 ${f(m.porTipo[t].p99)} ms)`;
    const cargaDepois = cargaDaMaquina();
    console.log(
      `carga mista, ${f(LOTES, 0)} lotes, ${values.usuarios} usuários (55 % lista / 35 % lote / 10 % lance), ${VIGIAS} watchers, ${values.segundos} s, servidor em produção (${env.REDIS_URL ? 'com' : 'sem'} Redis); carga da máquina (load average) antes ${carga}, depois ${cargaDepois}`,
    );
    console.log(
      `  ${f(reqs)} req/s (meta ≥ 600), p50 ${f(m.p50)} ms, p99 ${f(m.p99)} ms (meta ≤ 200 ms); CPU do servidor ${f(cpuPorPedido, 2)} ms por pedido (${f((cpuPorPedido * reqs) / 10, 0)} % de um núcleo)`,
    );
    console.log(
      `  listas ${tipo('lista')}; lotes ${tipo('lote')}; lances ${tipo('lance')}, ${m.seqs.length} aceitos, ${m.recusados} superados no caminho`,
    );
    console.log(
      `  lance → watcher: p50 ${f(percentil(entregas, 50))} ms, p99 ${f(percentil(entregas, 99))} ms (meta ≤ 100 ms), ${entregas.length}/${m.seqs.length * VIGIAS} entregas`,
    );
    console.log(
      `  erros: ${errosTotal}${
        errosTotal
          ? ` (${Object.entries(m.erros)
              .map(([k, v]) => `${v}× ${k}`)
              .join(', ')})`
          : ''
      } (meta 0); RSS do servidor depois da carga ${f(rssMb, 0)} MB, ${f(rssVivoMb, 0)} MB depois de um GC completo (meta ≤ 400 MB)`,
    );
  } finally {
    await servidor.parar();
    await database.close();
  }
}

/** The machine's load averages (1, 5, 15 min): the machine is shared, and every figure carries them. */
function cargaDaMaquina() {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' / ');
}
