import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import type { Logger } from './logger.server';
import { urlSemSegredos } from './url-sem-segredos';

/**
 * One log line per request: method, URL without secrets, status, duration, request id. No headers:
 * the request's cookie/authorization and the response's set-cookie are live sessions.
 */
export function registroDePedidos(logger: Logger) {
  const url = (req: IncomingMessage) => urlSemSegredos((req as { originalUrl?: string }).originalUrl ?? req.url);
  return pinoHttp({
    logger,
    // Kept from the caller when sent (a proxy's id ties its log to ours); bounded and printable only.
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const recebido = req.headers['x-request-id'];
      const id = typeof recebido === 'string' && /^[\w.:-]{1,64}$/.test(recebido) ? recebido : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    wrapSerializers: false,
    serializers: {
      req: (req: IncomingMessage & { id?: unknown }) => ({ id: req.id, method: req.method, url: url(req) }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
    customSuccessMessage: (req, res, ms) => `${req.method} ${url(req)} ${res.statusCode} ${Math.round(ms)}ms ${String(req.id)}`,
    customErrorMessage: (req, res) => `${req.method} ${url(req)} ${res.statusCode} ${String(req.id)}`,
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url?.startsWith('/build/') === true },
  });
}
