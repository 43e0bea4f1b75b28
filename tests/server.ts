import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '@db/client.server';
import type { Bus } from '~/realtime/bus.server';
import type { Env } from '~/utils/env.server';
import { createLogger, type Logger } from '~/utils/logger.server';
import type { Martelo } from '../server';
import { criarBancoDeTeste, envDeTeste } from './db';

export interface Resposta {
  status: number;
  headers: http.IncomingHttpHeaders;
  texto: string;
  /** The body as it came (compressed, when the server compressed it). */
  bytes: Buffer;
  json<T = unknown>(): T;
}

/**
 * The server as `npm start` runs it: build/server.js, compiled by the global setup beside the Remix build
 * (`npx remix build` first), which it imports. Loaded once per test process, so the server, the API and the
 * routes of every instance are one copy of each module, as in production.
 */
let servidorCompilado: Promise<typeof import('../server')> | undefined;
const servidor = () => (servidorCompilado ??= import(pathToFileURL(join(process.cwd(), 'build', 'server.js')).href));

/**
 * A real Martelo instance on a random port, on the given database and bus.
 * `pedir` sends a request with any Host (fetch cannot override it), as a browser on h14.localhost would.
 */
export async function iniciarInstancia({
  database,
  bus,
  heartbeatMs = 30_000,
  encerrador = false,
  env = {},
  logger,
  contagem,
  estadoMs,
  acompanhamentoMs,
}: {
  database: Database;
  bus?: Bus;
  heartbeatMs?: number;
  /** The background closing job; off so seeded lots do not change under a test (tests close explicitly). */
  encerrador?: boolean;
  /** Settings over the test defaults (which trust X-Forwarded-For from loopback: tests act as many clients). */
  env?: Partial<Env>;
  /** A logger writing where the test reads (default: silent). */
  logger?: Logger;
  /** Connected counts: snapshot window and heartbeat (shortened by the tests that count). */
  contagem?: { intervaloMs?: number; renovarMs?: number };
  /** The hub's lot-room beat (decision 117): shortened or lengthened by the tests of resyncs. */
  estadoMs?: number;
  acompanhamentoMs?: number;
}) {
  // Each instance delivers its e-mails and SMS into a mailbox of its own, removed on close.
  const caixa = env.CAIXA_LOCAL_DIR ?? mkdtempSync(join(tmpdir(), 'martelo-caixa-'));
  const { createMartelo } = await servidor();
  // On a shared Redis, each test database gets its own channels: two test files (or two engineers) have
  // users and lots with the same ids in their schemas, and one's `usuario:260` must not reach the other's socket.
  const redisDoBanco = database.schema ? { REDIS_PREFIX: `martelo-test:${database.schema}:` } : {};
  const martelo: Martelo = await createMartelo({
    env: {
      ...envDeTeste,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      TRUST_PROXY: ['loopback'],
      CAIXA_LOCAL_DIR: caixa,
      ...redisDoBanco,
      ...env,
    },
    database,
    bus,
    logger,
    heartbeatMs,
    encerrador,
    contagem,
    estadoMs,
    acompanhamentoMs,
  });
  const { port } = await martelo.listen(0, '127.0.0.1');

  function pedir(
    host: string,
    caminho: string,
    opcoes: { method?: string; headers?: Record<string, string>; corpo?: unknown } = {},
  ): Promise<Resposta> {
    const corpo =
      opcoes.corpo === undefined
        ? undefined
        : typeof opcoes.corpo === 'string' || Buffer.isBuffer(opcoes.corpo)
          ? opcoes.corpo
          : JSON.stringify(opcoes.corpo);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: caminho,
          method: opcoes.method ?? (corpo ? 'POST' : 'GET'),
          headers: {
            host: `${host}:${port}`,
            ...(corpo ? { 'content-type': 'application/json' } : {}),
            ...opcoes.headers,
          },
        },
        (res) => {
          const partes: Buffer[] = [];
          res.on('data', (c) => partes.push(c));
          res.on('end', () => {
            const bytes = Buffer.concat(partes);
            const texto = bytes.toString('utf8');
            resolve({ status: res.statusCode ?? 0, headers: res.headers, texto, bytes, json: () => JSON.parse(texto) });
          });
        },
      );
      req.on('error', reject);
      if (corpo) req.write(corpo);
      req.end();
    });
  }

  async function close() {
    await martelo.close();
    if (!env.CAIXA_LOCAL_DIR) rmSync(caixa, { recursive: true, force: true });
  }

  /** `caixa`: the folder of the local mailbox this instance delivers to (read it as `npm run outbox` does). */
  return { martelo, port, pedir, caixa, close };
}

export type Instancia = Awaited<ReturnType<typeof iniciarInstancia>>;

/**
 * The usual test file: a fresh database and one server on it for the whole file (beforeAll/afterAll
 * registered here). Read `t.banco` and `t.app` inside the tests. With `comLog`, the server logs at debug
 * as JSON lines into `t.log`, for the tests that read what the log holds.
 */
export function instanciaDeTeste({ comLog = false } = {}) {
  const t = { log: '' } as { banco: Awaited<ReturnType<typeof criarBancoDeTeste>>; app: Instancia; log: string };
  beforeAll(async () => {
    t.banco = await criarBancoDeTeste();
    const logger = comLog
      ? createLogger('debug', { formato: 'json', destino: { write: (linha: string) => void (t.log += linha) } })
      : undefined;
    t.app = await iniciarInstancia({ database: t.banco, logger });
  });
  afterAll(async () => {
    await t.app?.close();
    await t.banco?.descartar();
  });
  return t;
}
