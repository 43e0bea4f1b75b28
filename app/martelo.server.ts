/**
 * Martelo's one server: every brand, one route tree, one websocket hub.
 *
 * Compiled into the Remix server bundle (re-exported by entry.server.tsx, started by server.js), so in
 * production the Express app, the JSON API and the routes share one copy of every module. Tests and
 * scripts import it from source and hand it the compiled routes (build/index.js).
 *
 *   request ─► CSP nonce ─► request id + log ─► security headers (worked out once) ─► compression ─► static /build
 *           ─► /healthz ─► resolve hotsite from Host (cached) ─► brand files ─► /v1 /v2 API ─► Remix
 *   upgrade on /ws ─► hub (hotsite + token checked) ─► rooms ◄─ bus (Redis | memory) ◄─ after commit
 *
 * The database, bus and hub are built once here and handed down through the load context, so tests
 * can start a second instance beside the first.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { criarMemoDePaginas } from './utils/memo-de-paginas.server';
import { criarPaginasDeVisitante } from './paginas/paginas-de-visitante.server';
import { createRequestHandler } from '@remix-run/express';
import type { AppLoadContext, ServerBuild } from '@remix-run/node';
import compression from 'compression';
import { and, eq } from 'drizzle-orm';
import express, { type NextFunction, type Request, type Response } from 'express';
import { openDatabase, type Database } from '@db/client.server';
import { hotsiteArquivo } from '@db/schema/index';
import { bancoVazio, seedDemoEmPartes } from '@scripts/seed/index';
import { createHotsiteCache } from './modules/hotsites/hotsite-cache.server';
import { listarMarcasAtivas } from './modules/hotsites/hotsites.server';
import { createApiRouter } from './api/router.server';
import type { Contexto } from './context';
import type { Marca } from './modules/hotsites/hotsite.schema';
import { erros } from './locales/pt-BR/erros';
import { servidor } from './locales/pt-BR/servidor';
import { criarServicoDeBusca } from './modules/catalogo/busca.server';
import { carregarUsuario, cookieDeSessao, tokenDoPedido } from './modules/identidade/guard.server';
import { limparTentativasVencidas } from './modules/identidade/limite.server';
import { limparRecibosVencidos } from '@db/recibo.server';
import { temAlgumPapel } from './modules/identidade/papeis';
import { enviarMensagemDoChat } from './modules/aovivo/chat.server';
import { PAPEIS_DO_PAINEL } from './modules/aovivo/acesso';
import { criarRegistrosAoVivo } from './modules/aovivo/registros.server';
import { publicarTransmissaoPeloSocket } from './modules/aovivo/transmissao.server';
import { protegerRotas } from './paginas/protecao-de-rotas.server';
import { autenticarToken } from './modules/identidade/sessions.server';
import { sequenciasDosLotes } from './modules/lances/consultas.server';
import { iniciarEncerrador } from './modules/lances/encerramento.server';
import { criarServicoDeLances } from './modules/lances/servico.server';
import { iniciarEnvioOutbox } from './modules/outbox/envio-outbox.server';
import { createBus, type Bus } from './realtime/bus.server';
import { createHub } from './realtime/hub.server';
import { getEnv, type Env } from './utils/env.server';
import { enderecoDoCliente } from './utils/endereco-cliente.server';
import { enderecoSemVazios } from './utils/consulta-limpa';
import { createLogger, type Logger } from './utils/logger.server';
import { registroDePedidos } from './utils/log-http.server';
import { cabecalhosDeSeguranca, criarFonteDeNonces, NONCE } from './utils/cabecalhos-de-seguranca.server';
import { descartarCorpoNaoLido } from './utils/descarte-de-corpo.server';
import { RAIZ } from './utils/raiz.server';
import { baseDaMarca } from './modules/hotsites/links-da-marca';
import { enderecoBemFormado } from './utils/endereco-bem-formado';
import { METODOS_SEGUROS, mesmoHost, origemDoPedido } from './utils/origem-do-pedido';
import { nivelDoErro, statusDoErro } from './utils/nivel-do-erro';
import { corpoDeErroDaApi, MENSAGEM_BANCO_INDISPONIVEL, RETRY_AFTER_BANCO_S } from './utils/errors';
import { criarAdmissao } from './utils/admissao.server';

/** /healthz answers within this, whatever the database does (load balancers time out at about 2 s). */
const LIMITE_HEALTHZ_MS = 1_500;
/** Lots per demo brand seeded before a first start answers; the rest follow in the background. */
const LOTES_NA_PRIMEIRA_PARTIDA = 60;

export interface MarteloOptions {
  env: Env;
  /** An open database (tests pass theirs); otherwise opened from env, migrated and seeded when empty. */
  database?: Database;
  bus?: Bus;
  logger?: Logger;
  heartbeatMs?: number;
  /** Connected counts per auditorium: snapshot window and heartbeat (tests shorten them). */
  contagem?: { intervaloMs?: number; renovarMs?: number };
  /** Interval of the lot rooms' beat in the hub (decision 117; tests shorten or lengthen it). */
  estadoMs?: number;
  /** Run the closing job on this instance (default on). Tests close lots explicitly instead. */
  encerrador?: boolean;
  /**
   * The compiled routes. server.js passes the bundle this module is part of; without it (tests and
   * scripts, which import this file from source) build/index.js is imported.
   */
  build?: ServerBuild;
}

export async function createMartelo(opts: MarteloOptions) {
  const { env } = opts;
  const logger = opts.logger ?? createLogger(env.LOG_LEVEL, { formato: env.LOG_FORMAT });
  if (env.SESSION_SECRET_GERADO) {
    logger.warn(
      `SESSION_SECRET não definido: usando o segredo gerado em ${env.SESSION_SECRET_FILE} (defina SESSION_SECRET quando houver mais de uma instância)`,
    );
  }
  /** The demo catalogue still being seeded after a first start, and whether the server is closing. */
  let semeandoAinda: Promise<unknown> | null = null;
  let parandoSeed = false;
  const database = opts.database ?? (await openDatabase({ url: env.DATABASE_URL, schema: env.DATABASE_SCHEMA, pgliteDir: env.PGLITE_DIR }));
  if (!opts.database) {
    await database.migrate();
    const semear = env.SEED_ON_START ?? true;
    if (semear && (await bancoVazio(database))) {
      // A first start answers once every brand, account, sale and the first lots are in; the rest of
      // the demo catalogue follows in the background (docs/benchmarks.md, first start).
      const { ids, restante } = await seedDemoEmPartes(database, { lotesAgora: LOTES_NA_PRIMEIRA_PARTIDA });
      logger.info({ ids }, 'marcas de demonstração criadas; o restante dos lotes entra em segundo plano');
      semeandoAinda = restante(() => parandoSeed).then(
        (n) => logger.info({ lotes: n }, 'catálogo de demonstração completo'),
        (erro: Error) => parandoSeed || logger.error({ err: erro }, 'falha ao completar o catálogo de demonstração'),
      );
    }
  }
  const bus = opts.bus ?? (await createBus({ redisUrl: env.REDIS_URL, prefixo: env.REDIS_PREFIX, registro: logger }));
  const { db } = database;
  const hotsites = createHotsiteCache({
    db,
    bus,
    config: { sufixoLocal: env.LOCAL_HOST_SUFFIX, dominioPlataforma: env.PLATFORM_DOMAIN },
  });
  // Chat read receipts and page views: buffered per instance, written in batches (decision 074).
  const registros = criarRegistrosAoVivo({ db, logger, hub: () => hub });
  const hub = createHub({
    bus,
    logger,
    heartbeatMs: opts.heartbeatMs,
    contagem: opts.contagem,
    resolverHotsite: (req) => hotsites.resolver(req.headers.host),
    // A session that must still enrol in 2FA is no login on the socket either (refused like a bad token).
    autenticar: async (hotsiteId, token) => {
      const s = await autenticarToken({ db, hotsiteId, token });
      return s && !s.cadastro2faPendente ? { usuarioId: s.usuarioId } : null;
    },
    tokenDoCookie: (req) => tokenDoPedido(req),
    // Live auctions: the auctioneer's room is staff's; chat messages go through the live module.
    podeEntrarComoLeiloeiro: async (_hotsiteId, { usuarioId }) =>
      temAlgumPapel((await carregarUsuario(db, usuarioId))?.papeis ?? [], PAPEIS_DO_PAINEL),
    aoChat: (hotsiteId, { usuarioId }, { leilaoUid, texto }) => enviarMensagemDoChat({ db, hub, hotsiteId, usuarioId, leilaoUid, texto }),
    aoPublicarTransmissao: (hotsiteId, { usuarioId }, dados) => publicarTransmissaoPeloSocket({ db, hub, hotsiteId, usuarioId, dados }),
    aoLerChat: (hotsiteId, { usuarioId }, { leilaoUid, mensagemUids }) => registros.lerChat(hotsiteId, usuarioId, leilaoUid, mensagemUids),
    aoVisitar: (hotsiteId, v) => registros.visitar({ hotsiteId, ...v }),
    // A cookie-carrying socket's Origin may be any of the brand's addresses, as for pages.
    hostDaMarca: async (host, hotsiteId) => (await hotsites.resolver(host))?.id === hotsiteId,
    // The client's address as express reads it (TRUST_PROXY), for the per-address cap.
    enderecoDoCliente: (req) =>
      enderecoDoCliente(
        Object.assign(Object.create(app.request) as Request, { app, headers: req.headers, socket: req.socket, connection: req.socket }),
      ),
    maxConexoesPorIp: env.WS_MAX_CONEXOES_POR_IP,
    // The lot rooms' beat reads the watched lots' sequence numbers (decision 117).
    sequenciasDosLotes: (hotsiteId, veiUids) => sequenciasDosLotes({ db, hotsiteId, veiUids }),
    estadoMs: opts.estadoMs,
  });
  // The search index, the count cache and the bid batchers: one each per instance, reaching pages and
  // the API through the context (a module-level cache would exist once per bundle that imports it).
  const busca = criarServicoDeBusca(db);
  const lances = criarServicoDeLances(db);
  const paginas = criarMemoDePaginas();
  const paginasDeVisitante = criarPaginasDeVisitante();
  const admissao = criarAdmissao({
    simultaneos: env.ADMISSAO_SIMULTANEOS,
    filaPorMarca: env.ADMISSAO_FILA_POR_MARCA,
    esperaMaxMs: env.ADMISSAO_ESPERA_MS,
  });
  // Lots close at their end on whichever instance claims them first (FOR UPDATE SKIP LOCKED).
  const encerrador = opts.encerrador === false ? null : iniciarEncerrador({ db, hub, logger });
  // Attempt counters whose window ended a day ago restart at 1 anyway, and commit receipts older than a day
  // answer no question any more: dropped once an hour (decisions 106 and 113).
  const limpezaDeLimites = setInterval(
    () => {
      void limparTentativasVencidas(db).catch((erro) => logger.warn({ err: erro }, 'falha ao limpar limites'));
      void limparRecibosVencidos(db).catch((erro) => logger.warn({ err: erro }, 'falha ao limpar recibos'));
    },
    60 * 60 * 1000,
  );
  limpezaDeLimites.unref();
  // Every loader and action runs behind the rule of the route that matched (regras-de-rota.ts).
  const compilado = opts.build ?? ((await import(pathToFileURL(join(RAIZ, 'build', 'index.js')).href)) as ServerBuild);
  const { build, semRegra } = protegerRotas(compilado);
  if (semRegra.length) logger.error({ rotas: semRegra }, 'rotas sem regra de acesso: respondem 403 até terem uma');
  // Every instance drains the outbox: through SMTP when SMTP_URL is set, otherwise into the local
  // mailbox that only the machine's operator reads (npm run outbox; decision 107).
  const envioOutbox = iniciarEnvioOutbox({ db, smtpUrl: env.SMTP_URL, de: env.MAIL_FROM, caixaLocalDir: env.CAIXA_LOCAL_DIR, logger });

  const app = express();
  app.disable('x-powered-by');
  // No ETag on JSON answers: every search, bid and count is live, no client of ours sends If-None-Match,
  // and hashing each answer cost a search ~1 % of its CPU. Static files keep theirs (serve-static).
  app.set('etag', false);
  // X-Forwarded-* only from the proxies named in TRUST_PROXY: otherwise the client would choose its own
  // address (login limits, "Últimos acessos"), protocol and host.
  app.set('trust proxy', env.TRUST_PROXY ?? false);
  // Remix builds request.url from X-Forwarded-Host whoever sent it: drop the forwarded host and
  // protocol unless they come from a trusted proxy, so no page can be handed a host of the client's.
  const proximoNonce = criarFonteDeNonces();
  const proxyConfiavel = app.get('trust proxy fn') as (endereco: string | undefined, salto: number) => boolean;
  app.use((req, res, next) => {
    // When the request came: the searches it makes need no change-feed read older than this (busca.desde).
    res.locals.chegada = performance.now();
    // A fresh nonce per request: the only inline scripts allowed are the ones we render with it.
    res.locals.cspNonce = proximoNonce();
    if (!proxyConfiavel(req.socket.remoteAddress, 0)) {
      delete req.headers['x-forwarded-host'];
      delete req.headers['x-forwarded-proto'];
    }
    next();
  });

  // Request id and one log line per request, with no headers and no secrets in the URL.
  app.use(registroDePedidos(logger));
  // A body refused before it was read is drained after the answer, so the client sees the answer.
  app.use(descartarCorpoNaoLido());

  // Every answer carries helmet's headers, worked out once; the CSP's nonce is the request's own.
  app.use(
    cabecalhosDeSeguranca(
      {
        contentSecurityPolicy: {
          useDefaults: true,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", `'nonce-${NONCE}'`, 'https://www.googletagmanager.com'],
            // https: for the auditorium's HLS broadcast (hls.js fetches playlist and segments from the brand's
            // video host, which is data, decision 051); media from those and from hls.js's blob: source.
            connectSrc: ["'self'", 'ws:', 'wss:', 'https:'],
            mediaSrc: ["'self'", 'blob:', 'https:'],
            imgSrc: ["'self'", 'data:', 'https:'],
            styleSrc: ["'self'"],
            styleSrcAttr: ["'unsafe-inline'"],
            fontSrc: ["'self'", 'data:'],
            frameSrc: ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
            upgradeInsecureRequests: env.NODE_ENV === 'production' ? [] : null,
          },
        },
        crossOriginEmbedderPolicy: false,
        // Not helmet's `no-referrer`: under it a browser posts a form without JavaScript with `Origin: null`,
        // which the cross-site check must refuse. `same-origin` sends our own address to our own pages only
        // (so Origin is named) and nothing to other sites (decision 111).
        referrerPolicy: { policy: 'same-origin' },
      },
      (res) => (res as Response).locals.cspNonce as string,
    ).middleware,
  );
  // A %-escape that does not decode, in the path or the query: the client's mistake, told in pt-BR, before
  // Express or Remix throw a URIError on it (a 500).
  app.use((req, res, next) => {
    if (enderecoBemFormado(req.url)) return next();
    recusarPedido(req, res, 400, servidor.recusa.endereco);
  });
  app.use(compression());

  // Fingerprinted build assets never change: cache for a year. public/ holds nothing else, so no other
  // request looks at the disk (a static middleware at / cost every page a stat of a missing file).
  app.use('/build', express.static(join(RAIZ, 'public', 'build'), { immutable: true, maxAge: '1y', index: false }));

  // Liveness: the process answers. Touches neither the database nor the bus, so a database outage or a
  // flood never gets a live instance restarted.
  app.get('/livez', (_req, res) => {
    res.status(200).json({ status: 'ok' });
  });
  // One ping at a time, and a success answers the probes of the next second too: under a flood the probe
  // waits on the event loop only, not on a database busy with the flood's queries (decision 114).
  let ultimoPing: { em: number; ping: Promise<void> } | null = null;
  const pingRecente = () => {
    const agora = performance.now();
    if (ultimoPing && agora - ultimoPing.em < 1_000) return ultimoPing.ping;
    const atual = { em: agora, ping: database.ping() };
    ultimoPing = atual;
    // A failed ping is never reused: the next probe asks again.
    atual.ping.catch(() => {
      if (ultimoPing === atual) ultimoPing = null;
    });
    return atual.ping;
  };
  // Readiness (/healthz, /readyz): the database answers on the probe's own connection. A silent database
  // (packets dropped) must not hang the probe: past the limit it is reported down.
  app.get(['/healthz', '/readyz'], async (_req, res) => {
    const inicio = performance.now();
    let limite: NodeJS.Timeout | undefined;
    const banco = await Promise.race([
      pingRecente().then(
        () => ({ ok: true, tipo: database.kind }),
        (erro: Error) => ({ ok: false, tipo: database.kind, erro: erro.message }),
      ),
      new Promise<{ ok: false; tipo: string; erro: string }>((resolve) => {
        limite = setTimeout(
          () => resolve({ ok: false, tipo: database.kind, erro: `sem resposta em ${LIMITE_HEALTHZ_MS} ms` }),
          LIMITE_HEALTHZ_MS,
        );
      }),
    ]).finally(() => clearTimeout(limite));
    const barramento = bus.status();
    // A draining instance is not ready: the load balancer stops sending it new requests.
    const pronto = banco.ok && !fechando;
    res.status(pronto ? 200 : 503).json({
      status: pronto ? 'ok' : fechando ? 'encerrando' : 'erro',
      banco,
      barramento,
      websockets: hub.conexoes,
      pedidos: admissao.estado(),
      ms: Math.round(performance.now() - inicio),
    });
  });

  // Admission control (decision 114), after the probes and the static files and before any work: at most
  // ADMISSAO_SIMULTANEOS requests at once, the rest wait in a queue per brand, served in turn; a full queue
  // or a long wait is answered 503 with Retry-After at once rather than by a slow timeout.
  app.use((req, res, next) => {
    // While the instance drains, every answer asks its client to open its next request elsewhere.
    if (fechando) res.setHeader('Connection', 'close');
    admissao.pedir(
      (req.headers.host ?? '').toLowerCase(),
      (sair) => {
        res.once('finish', sair);
        res.once('close', sair);
        next();
      },
      () => {
        res.setHeader('Retry-After', String(RETRY_AFTER_BANCO_S));
        recusarPedido(req, res, 503, MENSAGEM_BANCO_INDISPONIVEL);
      },
    );
  });

  // The port this server listens on (local links name it): read when it starts listening, not asked of
  // the socket (a getsockname call) on every request.
  let portaOuvida: number | undefined;
  const urlBaseDa = (marca: Marca) =>
    baseDaMarca(marca, {
      modo: env.LINKS_DAS_MARCAS,
      sufixoLocal: env.LOCAL_HOST_SUFFIX,
      dominioPlataforma: env.PLATFORM_DOMAIN,
      porta: portaOuvida ?? env.PORT,
    });

  // Resolve the brand once; everything after this point runs for a known hotsite.
  app.use(async (req, res, next) => {
    try {
      const marca = await hotsites.resolver(req.headers.host);
      if (!marca) {
        // A newcomer opening http://localhost:3000 on the demo gets the brands' own addresses, not a dead end.
        const host = (req.headers.host ?? '').replace(/:\d+$/, '');
        if (env.LINKS_DAS_MARCAS === 'local' && (host === env.LOCAL_HOST_SUFFIX || host === '127.0.0.1') && req.path === '/') {
          const porta = portaOuvida ?? env.PORT;
          const marcas = await listarMarcasAtivas({ db });
          res
            .status(200)
            .type('html')
            .send(
              paginaIndiceLocal(
                marcas.map((m) => ({
                  nome: m.nome,
                  url: baseDaMarca(
                    { id: m.id, domain: null, subdomain: null },
                    { modo: 'local', sufixoLocal: env.LOCAL_HOST_SUFFIX, dominioPlataforma: env.PLATFORM_DOMAIN, porta },
                  ),
                })),
              ),
            );
          return;
        }
        res.status(404).type('html').send(paginaSiteDesconhecido());
        return;
      }
      const contexto: Contexto = {
        db,
        marca,
        hub,
        hotsites,
        busca: { ...busca, desde: res.locals.chegada as number },
        lances,
        paginas,
        // The request's logger is built on first use (most requests log nothing but their line).
        get logger() {
          return req.log;
        },
        cspNonce: res.locals.cspNonce,
        requestId: String(req.id),
        // Worked out when asked (express's req.ip parses X-Forwarded-For on every read): logins and
        // session lists ask, a search does not.
        get ip() {
          const ip = enderecoDoCliente(req);
          Object.defineProperty(this, 'ip', { value: ip, enumerable: true });
          return ip;
        },
        usuariosDoPedido: new Map(),
        urlBase: urlBaseDa(marca),
      };
      res.locals.contexto = contexto;
      next();
    } catch (erro) {
      next(erro);
    }
  });

  // Cross-site request forgery: a request that may change something and would carry the visitor's
  // session cookie must come from a page of this brand (docs/decisions/111-origem-das-requisicoes.md).
  // Every page action and `?_data` post, and every API call that authenticates by cookie; a bearer
  // token is never sent by a browser on its own, so those calls stay open to any origin.
  app.use(async (req, res, next) => {
    if (METODOS_SEGUROS.has(req.method)) return next();
    if (
      ROTA_DA_API.test(req.path) &&
      (req.headers.authorization?.startsWith('Bearer ') || !COOKIE_DE_SESSAO.test(req.headers.cookie ?? ''))
    )
      return next();
    const origem = origemDoPedido(req.headers);
    if (origem.tipo === 'sem-outra-origem') return next();
    try {
      if (origem.tipo === 'host') {
        if (mesmoHost(origem.host, req.headers.host)) return next();
        // Another of the brand's own addresses (its domain with or without www, its platform subdomain).
        const { marca } = res.locals.contexto as Contexto;
        if ((await hotsites.resolver(origem.host))?.id === marca.id) {
          // Remix refuses an action whose Origin is not the Host itself (with a 500): the brand rule above
          // already decided, so the header it would trip on is dropped.
          delete req.headers.origin;
          return next();
        }
      }
    } catch (erro) {
      return next(erro);
    }
    req.log.warn({ origem: origem.tipo === 'host' ? origem.host : 'outra' }, 'origem da requisição recusada');
    recusarPedido(req, res, 403, servidor.recusa.origem);
  });

  // Brand files (logo, favicon, images) by content hash: immutable, and never run as a document.
  app.get('/marca/arquivo/:arquivo', async (req, res, next) => {
    try {
      const { marca } = res.locals.contexto as Contexto;
      const sha = /^([a-f0-9]{64})\.[a-z]{2,4}$/.exec(req.params.arquivo)?.[1];
      // `?marca=<id>`: a file of another brand, named by its content hash (the builder's preview of a brand
      // shows that brand's logo while staff work on another host). Brand files are public and their names
      // unguessable; the hash must still be that brand's.
      const outra = typeof req.query.marca === 'string' && /^[1-9][0-9]{0,9}$/.test(req.query.marca) ? Number(req.query.marca) : null;
      const dona = outra != null && outra <= 2_147_483_647 ? outra : marca.id;
      const [arquivo] = sha
        ? await db
            .select()
            .from(hotsiteArquivo)
            .where(and(eq(hotsiteArquivo.hotsiteId, dona), eq(hotsiteArquivo.sha256, sha)))
        : [];
      if (!arquivo) return next();
      res.set({
        'Content-Type': arquivo.contentType,
        'Cache-Control': 'public, max-age=31536000, immutable',
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        ETag: `"${sha}"`,
      });
      res.send(arquivo.conteudo);
    } catch (erro) {
      next(erro);
    }
  });

  const api = createApiRouter();
  app.use('/v1', api);
  app.use('/v2', api);

  // A GET form sent without JavaScript carries its empty fields (`?uf=&valor_max=`): the page lives at
  // the address without them (utils/consulta-limpa.ts; with JavaScript they are never sent).
  app.get('*', (req, res, next) => {
    const limpo = enderecoSemVazios(req.originalUrl);
    if (limpo === null) return next();
    res.redirect(302, limpo);
  });

  // A visitor's list page kept whole answers here, without Remix, while what it was built from is
  // unchanged (docs/decisions/093-paginas-de-visitante.md).
  app.get('*', paginasDeVisitante.middleware);
  app.all(
    '*',
    createRequestHandler({
      build,
      // Always production: Remix's development mode sends stacks and messages (SQL, bound parameters)
      // of thrown errors to the browser, and no mode of ours may (the log keeps them).
      mode: 'production',
      getLoadContext: (_req, res) => res.locals.contexto as AppLoadContext,
    }),
  );

  // Whatever failed, the answer is a pt-BR page and the request id; the error goes to the log only. A
  // client's bad request (a 4xx: a body the parser refused, a path that does not decode) is answered as
  // such and logged at warn: only our own faults are errors.
  app.use((erro: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = statusDoErro(erro);
    req.log[nivelDoErro(erro)]({ err: erro }, status < 500 ? 'pedido recusado' : 'erro não tratado');
    if (res.headersSent) return;
    if (status < 500) return recusarPedido(req, res, status, servidor.recusa.titulo);
    res
      .status(500)
      .type('html')
      .send(paginaDeErro(String(req.id)));
  });

  const server: Server = createServer(app);
  server.on('listening', () => (portaOuvida = (server.address() as AddressInfo | null)?.port));
  server.on('close', () => (portaOuvida = undefined));
  server.on('upgrade', (req, socket, head) => void hub.handleUpgrade(req, socket, head));
  server.keepAliveTimeout = 65_000;

  let fechando: Promise<void> | undefined;
  return {
    app,
    server,
    hub,
    bus,
    hotsites,
    busca,
    lances,
    paginasDeVisitante,
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
        parandoSeed = true;
        await semeandoAinda;
        clearInterval(limpezaDeLimites);
        await encerrador?.parar();
        await envioOutbox.parar();
        // Websockets hold their connections open: closing them lets the server finish closing.
        await hub.close();
        await registros.parar();
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

const escaparHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `html` is markup this module built from escaped values; everything else is escaped here. */
function paginaSimples(titulo: string, texto: string, rodape = '', html = '') {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escaparHtml(titulo)}</title></head><body style="font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;color:#1d2330"><main style="text-align:center"><h1>${escaparHtml(titulo)}</h1><p>${escaparHtml(texto)}</p>${html}${rodape ? `<p>${escaparHtml(rodape)}</p>` : ''}</main></body></html>`;
}

/** The JSON API's paths. */
const ROTA_DA_API = /^\/v[12](\/|$)/;
/** The pages' session cookie (guard.server.ts), the only credential a browser adds on its own. */
const COOKIE_DE_SESSAO = new RegExp(`(?:^|;)\\s*${cookieDeSessao.name}=[^;\\s]`);

/**
 * A request refused before any route: the API's error body on /v1 /v2, `{ ok, mensagem }` to a page's
 * `?_data` fetch, the plain pt-BR page to a browser.
 */
function recusarPedido(req: Request, res: Response, status: number, mensagem: string) {
  if (ROTA_DA_API.test(req.path)) res.status(status).json(corpoDeErroDaApi(status, mensagem));
  else if (/[?&]_data=/.test(req.url)) res.status(status).json({ ok: false, mensagem });
  else res.status(status).type('html').send(paginaSimples(servidor.recusa.titulo, mensagem));
}

/** The bare local host on the demo: every active brand with its local address. */
const paginaIndiceLocal = (marcas: { nome: string; url: string }[]) =>
  paginaSimples(
    servidor.indice_local.titulo,
    servidor.indice_local.texto,
    '',
    `<ul style="list-style:none;padding:0;line-height:2">${marcas.map((m) => `<li><a href="${escaparHtml(m.url)}">${escaparHtml(m.nome)}</a> <small>${escaparHtml(m.url)}</small></li>`).join('')}</ul>`,
  );

/** Unknown host: a plain pt-BR page that shows no brand. */
export const paginaSiteDesconhecido = () => paginaSimples(servidor.site_desconhecido.titulo, servidor.site_desconhecido.texto);
const paginaDeErro = (requestId: string) => paginaSimples(erros.erro.titulo, erros.erro.texto, `${erros.erro.codigo} ${requestId}`);

/** `npm start`: server.js hands over the bundle it imported (this module is part of it). */
export async function iniciarServidor(build: ServerBuild) {
  const env = getEnv();
  const martelo = await createMartelo({ env, build });
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
