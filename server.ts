/**
 * Martelo's one server: every brand, one route tree, one websocket hub.
 *
 * Compiled on its own by esbuild into build/server.js (`npm run build`; scripts/build-server.js), beside
 * the Remix build, build/index.js, which it imports at run time. Every app module it uses comes from that
 * build (`build.entry.module.servidor`, app/servidor/index.server.ts): this file imports app/ for types
 * only, so the routes, the JSON API and this chain share one copy of every module, in production and in
 * tests alike (docs/decisions/135-servidor-no-topo.md). `npm start` runs it; tests start it through
 * tests/server.ts.
 *
 *   request ─► CSP nonce ─► request id + log ─► security headers ─► compression ─► static /build
 *           ─► /livez /healthz ─► admission ─► resolve hotsite from Host (cached) ─► brand files ─► /v1 /v2 API ─► Remix
 *   upgrade on /ws ─► hub (hotsite + token checked) ─► rooms ◄─ bus (Redis | memory) ◄─ after commit
 *
 * The database, bus, hub, caches and jobs are built once here and handed down through the load context,
 * so tests can start a second instance beside the first.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { createRequestHandler } from '@remix-run/express';
import type { AppLoadContext, ServerBuild } from '@remix-run/node';
import compression from 'compression';
import express from 'express';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '@db/client.server';
import type * as Pglite from '@db/pglite.server';
import type { Marca } from '~/modules/hotsites/hotsite.schema';
import type { Bus } from '~/realtime/bus.server';
import type * as Servidor from '~/servidor/index.server';
import type { Env } from '~/utils/env.server';
import type { Logger } from '~/utils/logger.server';
import type * as Seed from './scripts/seed/index';

/** Lots per demo brand seeded before a first start answers; the rest follow in the background. */
const LOTES_NA_PRIMEIRA_PARTIDA = 60;

/** The Remix build beside this file once compiled (build/index.js next to build/server.js). */
const BUILD = new URL('./index.js', import.meta.url).href;

export interface MarteloOptions {
  env: Env;
  /** An open database (tests pass theirs); otherwise opened from env, migrated and seeded when empty. */
  database?: Database;
  /** The embedded PostgreSQL of env.PGLITE_DIR, already starting (`npm start`, decision 297). */
  pglite?: Promise<PGlite>;
  bus?: Bus;
  logger?: Logger;
  heartbeatMs?: number;
  /** Connected counts per auditorium: snapshot window and heartbeat (tests shorten them). */
  contagem?: { intervaloMs?: number; renovarMs?: number };
  /** Interval of the lot rooms' beat in the hub (decision 117; tests shorten or lengthen it). */
  estadoMs?: number;
  /** Re-read interval of the follow-up rooms' lots (decision 285; tests shorten it). */
  acompanhamentoMs?: number;
  /** Run the closing job on this instance (default on). Tests close lots explicitly instead. */
  encerrador?: boolean;
}

/** The app modules this server composes, from the Remix build (the one copy of each in the process). */
export async function carregarBuild() {
  const build = (await import(BUILD)) as ServerBuild;
  return { build, s: (build.entry.module as unknown as { servidor: typeof Servidor }).servidor };
}

export async function createMartelo(opts: MarteloOptions) {
  const { build: compilado, s } = await carregarBuild();
  const { env } = opts;
  const logger = opts.logger ?? s.createLogger(env.LOG_LEVEL, { formato: env.LOG_FORMAT });
  if (env.SESSION_SECRET_GERADO) {
    logger.warn(
      `SESSION_SECRET não definido: usando o segredo gerado em ${env.SESSION_SECRET_FILE} (defina SESSION_SECRET quando houver mais de uma instância)`,
    );
  }

  // ── Services, built once per instance and handed down through the load context ──────────────────────
  const database =
    opts.database ??
    (await s.openDatabase({ url: env.DATABASE_URL, schema: env.DATABASE_SCHEMA, pgliteDir: env.PGLITE_DIR, pglite: opts.pglite }));
  let seed: Awaited<ReturnType<typeof semearDemo>> | null = null;
  if (!opts.database) {
    await database.migrate();
    if ((env.SEED_ON_START ?? true) && (await s.semMarcas({ db: database.db }))) seed = await semearDemo(database, logger);
  }
  const bus = opts.bus ?? (await s.createBus({ redisUrl: env.REDIS_URL, prefixo: env.REDIS_PREFIX, registro: logger }));
  const { db } = database;
  // Host → brand, cached per host and dropped on every instance when a `hotsite-alterado` crosses the bus.
  const hotsites = s.createHotsiteCache({
    db,
    bus,
    config: { sufixoLocal: env.LOCAL_HOST_SUFFIX, dominioPlataforma: env.PLATFORM_DOMAIN },
  });
  // Chat read receipts and page views: buffered per instance, written in batches (decision 074).
  const registros = s.criarRegistrosAoVivo({ db, logger, hub: () => hub });
  const hub = s.criarHubDoMartelo({
    db,
    bus,
    logger,
    hotsites,
    registros,
    app: () => app,
    heartbeatMs: opts.heartbeatMs,
    contagem: opts.contagem,
    estadoMs: opts.estadoMs,
    acompanhamentoMs: opts.acompanhamentoMs,
    maxConexoesPorIp: env.WS_MAX_CONEXOES_POR_IP,
  });
  // The search index, the count cache and the bid batchers: one each per instance, reaching pages and
  // the API through the context (a module-level cache would be state of the module, not of the instance).
  const busca = s.criarServicoDeBusca(db, {
    aoFalharVisualizacoes: (err, lotes) => logger.warn({ err, lotes }, 'falha ao gravar visualizações de lotes'),
  });
  const lances = s.criarServicoDeLances(db);
  // The check providers (vehicle history, Procob, detran): real over HTTP when configured, else the simulator.
  const provedores = s.criarProvedores(env);
  // Rendered documents and whole list pages for visitors (decisions 085 and 093).
  const paginas = s.criarMemoDePaginas();
  const paginasDeVisitante = s.criarPaginasDeVisitante();
  const paginasDeLote = s.criarPaginasDeLote();
  const admissao = s.criarAdmissao({
    simultaneos: env.ADMISSAO_SIMULTANEOS,
    filaPorMarca: env.ADMISSAO_FILA_POR_MARCA,
    esperaMaxMs: env.ADMISSAO_ESPERA_MS,
  });

  // ── Jobs ────────────────────────────────────────────────────────────────────────────────────────────
  // Lots close at their end on whichever instance claims them first (FOR UPDATE SKIP LOCKED).
  const encerrador = opts.encerrador === false ? null : s.iniciarEncerrador({ db, hub, logger });
  // Expired attempt counters and commit receipts, dropped once an hour (decisions 106 and 113).
  const limpeza = s.iniciarLimpeza({ db, logger });
  // Failed or stale vehicle checks are tried again in the background ("tentaremos de novo", decision 178).
  const reconsulta = opts.encerrador === false ? null : s.iniciarReconsulta({ db, provedores, logger });
  // The sellers of each lot that closed conditional hear of it by e-mail, with one-tap answer links from
  // the brand's own address (decision 162); beside the closing job, off with it in tests.
  const avisoAosComitentes =
    opts.encerrador === false
      ? null
      : s.iniciarAvisoAosComitentes({
          db,
          logger,
          urlBase: (marca) =>
            s.baseDaMarca(marca, {
              modo: env.LINKS_DAS_MARCAS,
              sufixoLocal: env.LOCAL_HOST_SUFFIX,
              dominioPlataforma: env.PLATFORM_DOMAIN,
              porta: porta(),
            }),
        });
  // Every instance drains the outbox: through SMTP when SMTP_URL is set, otherwise into the local
  // mailbox that only the machine's operator reads (npm run outbox; decision 107).
  const envioOutbox = s.iniciarEnvioOutbox({ db, smtpUrl: env.SMTP_URL, de: env.MAIL_FROM, caixaLocalDir: env.CAIXA_LOCAL_DIR, logger });
  // Status updates to the insurers, written with the removal's moves, sent after them with retries (decision 172).
  const envioSeguradoras = s.iniciarEnvioSeguradoras({ db, logger, intervaloMs: env.SEGURADORAS_ENVIO_MS });
  // Notifications (decision 181): every instance spreads the queued notices into their channels and sends
  // what is due, after the commits that queued them; links use the brand's own address.
  const notificacoes = s.canaisDoAmbiente({
    db,
    vapid: { publica: env.VAPID_PUBLIC_KEY, privada: env.VAPID_PRIVATE_KEY, assunto: env.VAPID_SUBJECT },
    mensagens: { url: env.MENSAGENS_API_URL, token: env.MENSAGENS_API_TOKEN },
    segredo: env.SESSION_SECRET,
    urlBase: (marca) =>
      s.baseDaMarca(marca, {
        modo: env.LINKS_DAS_MARCAS,
        sufixoLocal: env.LOCAL_HOST_SUFFIX,
        dominioPlataforma: env.PLATFORM_DOMAIN,
        porta: porta(),
      }),
  });
  const envioNotificacoes = s.iniciarNotificacoes({ db, hub, logger, canais: notificacoes, intervaloMs: env.NOTIFICACOES_INTERVALO_MS });
  // The buyer's deadlines: a reminder through the queue when one ends within a day (decision 231).
  const lembretesDePrazo = s.iniciarLembretesDePrazo({ db, logger });

  // Every loader and action runs behind the rule of the route that matched (regras-de-rota.ts).
  const { build, semRegra } = s.protegerRotas(compilado);
  if (semRegra.length) logger.error({ rotas: semRegra }, 'rotas sem regra de acesso: respondem 403 até terem uma');

  // The port this server listens on (local links name it): read when it starts listening, not asked of
  // the socket (a getsockname call) on every request.
  let portaOuvida: number | undefined;
  const porta = () => portaOuvida ?? env.PORT;
  let fechando: Promise<void> | undefined;
  const encerrando = () => fechando !== undefined;

  // ── The middleware chain, in the order a request meets it ───────────────────────────────────────────
  const app = express();
  app.disable('x-powered-by');
  // No ETag on JSON answers: every search, bid and count is live, no client of ours sends If-None-Match,
  // and hashing each answer cost a search ~1 % of its CPU. Static files keep theirs (serve-static).
  app.set('etag', false);
  // X-Forwarded-* only from the proxies named in TRUST_PROXY: otherwise the client would choose its own
  // address (login limits, "Últimos acessos"), protocol and host.
  app.set('trust proxy', env.TRUST_PROXY ?? false);

  // Arrival time, CSP nonce, and no forwarded host or protocol unless a trusted proxy sent them.
  app.use(s.prepararPedido(app.get('trust proxy fn') as (endereco: string | undefined, salto: number) => boolean));
  // Request id and one log line per request, with no headers and no secrets in the URL.
  app.use(s.registroDePedidos(logger));
  // A body refused before it was read is drained after the answer, so the client sees the answer.
  app.use(s.descartarCorpoNaoLido());
  // Every answer carries helmet's headers, worked out once; the CSP's nonce is the request's own.
  app.use(s.cabecalhosDoMartelo({ producao: env.NODE_ENV === 'production' }));
  // A %-escape that does not decode is the client's mistake (400 in pt-BR), not a URIError later (500).
  app.use(s.enderecoValido);
  app.use(compression());
  // Fingerprinted build assets never change: cache for a year. public/ holds nothing else, so no other
  // request looks at the disk (a static middleware at / cost every page a stat of a missing file).
  // Scripts and stylesheets compressed once at build time (brotli 11, gzip 9), when the browser accepts them.
  app.use('/build', s.buildComprimido(join(s.RAIZ, 'public', 'build')));
  app.use('/build', express.static(join(s.RAIZ, 'public', 'build'), { immutable: true, maxAge: '1y', index: false }));
  // Probes before admission and the brand, never queued: liveness touches nothing, readiness pings the database.
  app.get('/livez', s.vivo);
  app.get(['/healthz', '/readyz'], s.prontidao({ database, bus, hub, admissao, encerrando }));
  // At most ADMISSAO_SIMULTANEOS requests at once, a queue per brand, 503 + Retry-After past it (decision 114).
  app.use(s.admitir({ admissao, encerrando }));
  // The bare local host on the demo lists every brand's address instead of a dead end.
  app.get(
    '/',
    s.indiceLocal({
      db,
      hotsites,
      sufixoLocal: env.LOCAL_HOST_SUFFIX,
      dominioPlataforma: env.PLATFORM_DOMAIN,
      ativo: env.LINKS_DAS_MARCAS === 'local',
      porta,
    }),
  );
  // The platform's signer of the brands' seals, and its verification page on the platform's own host
  // (never a brand's), answered before the brand is resolved (decision 197).
  const urlDaMarca = (marca: Marca) =>
    s.baseDaMarca(marca, {
      modo: env.LINKS_DAS_MARCAS,
      sufixoLocal: env.LOCAL_HOST_SUFFIX,
      dominioPlataforma: env.PLATFORM_DOMAIN,
      porta: porta(),
    });
  const selo = s.criarSelo({
    semente: env.SELO_SEMENTE,
    dominioPlataforma: env.PLATFORM_DOMAIN,
    urlPlataforma: () =>
      env.LINKS_DAS_MARCAS === 'local' ? `http://${env.LOCAL_HOST_SUFFIX}:${porta()}` : `https://${env.PLATFORM_DOMAIN}`,
  });
  app.get(
    '/verificar/*',
    s.verificacaoDaPlataforma({
      db,
      hotsites,
      selo,
      urlBase: urlDaMarca,
      hostsDaPlataforma:
        env.LINKS_DAS_MARCAS === 'local'
          ? [env.LOCAL_HOST_SUFFIX, '127.0.0.1', env.PLATFORM_DOMAIN, `verifica.${env.PLATFORM_DOMAIN}`]
          : [env.PLATFORM_DOMAIN, `verifica.${env.PLATFORM_DOMAIN}`],
    }),
  );
  // The brand, once, from Host; everything after this point runs for a known hotsite with its load context.
  app.use(
    s.contextoDaMarca({
      db,
      hub,
      hotsites,
      busca,
      lances,
      paginas,
      urlBase: urlDaMarca,
      selo,
      provedores,
    }),
  );
  // A request that may change something and carries the session cookie must come from the brand's own pages.
  app.use(s.origemDaMarca({ hotsites }));
  // A brand inside its maintenance window answers 503 to all but staff (decision 193).
  app.use(s.modoManutencao());
  // Brand files (logo, favicon, images) by content hash: immutable, and never run as a document.
  app.get('/marca/arquivo/:arquivo', s.arquivosDaMarca);
  // The JSON API, the same use cases as the pages.
  const api = s.createApiRouter();
  app.use('/v1', api);
  app.use('/v2', api);
  // A GET form sent without JavaScript carries its empty fields: the page lives at the address without them.
  app.get('*', s.semCamposVazios);
  // A visitor's list page kept whole answers here, without Remix, while what it was built from is unchanged (093).
  app.get('*', paginasDeVisitante.middleware);
  // A visitor's lot page, the same way, while the change feed has not named its lot since (decision 244).
  app.get('*', paginasDeLote.middleware);
  // The pages. Always production mode: Remix's development mode sends stacks and messages (SQL, bound
  // parameters) of thrown errors to the browser, and no mode of ours may (the log keeps them).
  app.all(
    '*',
    createRequestHandler({
      build,
      mode: 'production',
      getLoadContext: (_req, res) => res.locals.contexto as AppLoadContext,
    }),
  );
  // Whatever failed: a pt-BR page with the request id; the error goes to the log only.
  app.use(s.tratarErros);

  const server: Server = createServer(app);
  server.on('listening', () => (portaOuvida = (server.address() as AddressInfo | null)?.port));
  server.on('close', () => (portaOuvida = undefined));
  // Websockets: the brand and the session are checked on upgrade, then the socket joins its rooms.
  server.on('upgrade', (req, socket, head) => void hub.handleUpgrade(req, socket, head));
  // Longer than the load balancers' idle timeout (60 s), so they, not we, close idle keep-alive connections.
  server.keepAliveTimeout = 65_000;

  return {
    app,
    server,
    /** The Remix build this instance serves and composed itself from (tests check it is the process's one copy). */
    build: compilado,
    hub,
    bus,
    hotsites,
    busca,
    lances,
    paginasDeVisitante,
    paginasDeLote,
    registros,
    database,
    logger,
    listen(port = env.PORT, host = env.HOST): Promise<AddressInfo> {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve(server.address() as AddressInfo));
      });
    },
    /**
     * Graceful: stop accepting connections and report not ready, let the requests in flight (bids among them)
     * finish and be answered, close the sockets, then the bus and (when we opened it) the database.
     */
    close(): Promise<void> {
      fechando ??= (async () => {
        // New connections are refused from here; keep-alive clients are told to go (Connection: close).
        const drenado = new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
          // A request still running after 8 s is cut (the process gives up at 10 s).
          setTimeout(() => server.closeAllConnections(), 8_000).unref();
        });
        // The background seed stops after its current chunk; the database closes after it.
        await seed?.parar();
        limpeza.parar();
        await reconsulta?.parar();
        await encerrador?.parar();
        await envioNotificacoes.parar();
        await lembretesDePrazo.parar();
        await avisoAosComitentes?.parar();
        await envioOutbox.parar();
        await envioSeguradoras.parar();
        // Websockets hold their connections open: closing them lets the server finish closing.
        await hub.close();
        await registros.parar();
        await busca.visualizacoes.parar();
        await drenado;
        await hotsites.close();
        if (!opts.bus) await bus.close();
        if (!opts.database) await database.close();
      })();
      return fechando;
    },
  };
}

export type Martelo = Awaited<ReturnType<typeof createMartelo>>;

/**
 * A first start on a database without brands seeds the demo (SEED_ON_START, default on), so `npm install &&
 * npm start` serves every demo brand. The seed is tooling, compiled apart into build/seed.js and imported only
 * here, only then: the Remix build and this file carry none of it, and a restart never loads it. The server
 * answers once every brand, account, sale and the first lots are in; the rest of the catalogue follows in
 * the background (docs/benchmarks.md, first start).
 */
async function semearDemo(database: Database, logger: Logger) {
  const seed = (await import(new URL('./seed.js', import.meta.url).href)) as typeof Seed;
  const { ids, restante } = await seed.seedDemoEmPartes(database, { lotesAgora: LOTES_NA_PRIMEIRA_PARTIDA });
  logger.info({ ids }, 'marcas de demonstração criadas; o restante dos lotes entra em segundo plano');
  let parando = false;
  const semeando = restante(() => parando).then(
    (n) => logger.info({ lotes: n }, 'catálogo de demonstração completo'),
    (erro: Error) => parando || logger.error({ err: erro }, 'falha ao completar o catálogo de demonstração'),
  );
  return {
    parar: async () => {
      parando = true;
      await semeando;
    },
  };
}

/** `npm start` (`node build/server.js`): settings from the environment, then listen until SIGTERM/SIGINT. */
async function iniciarServidor() {
  // Without DATABASE_URL, the embedded PostgreSQL starts while the build loads (its WebAssembly compiles off
  // the main thread): build/pglite.js is that one function, compiled apart like the seed (decision 297).
  // Read before the settings are validated, only to start early: checked against the validated ones below.
  // eslint-disable-next-line no-restricted-properties
  const pastaCedo = process.env.DATABASE_URL ? null : process.env.PGLITE_DIR || '.data/pglite';
  const pglite = pastaCedo
    ? ((await import(new URL('./pglite.js', import.meta.url).href)) as typeof Pglite).iniciarPglite(pastaCedo)
    : undefined;
  pglite?.catch(() => {}); // its failure is thrown where it is awaited, below
  const { s } = await carregarBuild();
  const env = s.getEnv();
  // The settings as validated must name the same folder; otherwise the early start is dropped.
  const usar = pglite && !env.DATABASE_URL && env.PGLITE_DIR === pastaCedo ? pglite : undefined;
  // A start that is not used: closed if it opened; had it failed, the folder of the settings is opened below.
  if (pglite && !usar) await pglite.then((p) => p.close()).catch(() => {});
  const martelo = await createMartelo({ env, pglite: usar });
  const { port } = await martelo.listen();
  martelo.logger.info(
    { port, banco: martelo.database.kind, barramento: martelo.bus.tipo },
    `Martelo no ar: http://h1.${env.LOCAL_HOST_SUFFIX}:${port} (h2, h14, h20, h1002)`,
  );
  const encerrar = (sinal: string) => {
    martelo.logger.info({ sinal }, 'encerrando');
    martelo.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.once('SIGTERM', () => encerrar('SIGTERM'));
  process.once('SIGINT', () => encerrar('SIGINT'));
}

// Started as the program (`node build/server.js`), not when tests or benchmarks import createMartelo.
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  iniciarServidor().catch((erro: unknown) => {
    // A failed start says what to fix (invalid setting, DATABASE_URL, REDIS_URL), not a stack.
    console.error(`Martelo não iniciou / Martelo did not start:\n${erro instanceof Error ? erro.message : String(erro)}`);
    process.exit(1);
  });
}
