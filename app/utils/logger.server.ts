import { createRequire } from 'node:module';
import type PinoPretty from 'pino-pretty';
import { destination, pino, stdSerializers, stdTimeFunctions, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * The process logger. JSON lines for collectors; one readable line per event when stdout is a
 * terminal (`formato: 'auto'`). Secrets are kept out twice: the request/response serializers of
 * log-http.server.ts log no headers at all, and these paths are censored wherever they appear.
 */
export const CAMINHOS_CENSURADOS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.senha',
  '*.novaSenha',
  '*.senhaAtual',
  '*.password',
  '*.token',
  '*.refreshToken',
  '*.hash',
  '*.codigo',
];

export function createLogger(
  level: string,
  { formato = 'auto', destino }: { formato?: 'auto' | 'json' | 'pretty'; destino?: DestinationStream } = {},
): Logger {
  const opcoes = {
    level,
    base: undefined,
    timestamp: stdTimeFunctions.isoTime,
    redact: { paths: CAMINHOS_CENSURADOS, censor: '***' },
    serializers: { err: erroSemParametros },
  };
  const legivel = formato === 'pretty' || (formato === 'auto' && !destino && process.stdout.isTTY === true);
  if (!legivel) return pino(opcoes, destino ?? destination(1));
  // In-process (not a worker transport): synchronous, and the message needs no function transfer. Loaded only
  // for a terminal: JSON logs (production, tests) never load it (decision 297).
  const pinoPretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
  const bonito = pinoPretty({
    colorize: !destino,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'req,res,responseTime',
    destination: destino ?? 1,
    sync: true,
  });
  return pino(opcoes, bonito);
}

/**
 * Errors keep their message and stack, but not the bound parameters of a failed query: drizzle puts
 * them in `params` and in the message ("params: ..."), and they can be password hashes or tokens.
 */
function erroSemParametros(erro: unknown): Record<string, unknown> {
  const s = stdSerializers.err(erro as Error) as unknown as Record<string, unknown>;
  if (!s || typeof s !== 'object') return s;
  delete s.params;
  const limpar = (t: unknown) => (typeof t === 'string' ? t.replace(/\nparams: .*/g, '\nparams: ***') : t);
  s.message = limpar(s.message) as string;
  s.stack = limpar(s.stack) as string;
  if (s.cause && typeof s.cause === 'object') s.cause = erroSemParametros(s.cause);
  return s;
}
