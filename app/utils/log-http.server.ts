import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from './logger.server';
import { urlSemSegredos } from './url-sem-segredos';

/** A request id sent by the caller is kept (a proxy's id ties its log to ours) when bounded and printable. */
const ID_RECEBIDO = /^[\w.:-]{1,64}$/;

declare module 'node:http' {
  interface IncomingMessage {
    /** The request id (X-Request-Id), set by registroDePedidos. */
    id: string;
    /** A logger whose lines name the request (id, method, URL without secrets). */
    log: Logger;
  }
}

type Pedido = IncomingMessage & { originalUrl?: string };

/**
 * One log line per request: method, URL without secrets, status, duration, request id. No headers:
 * the request's cookie/authorization and the response's set-cookie are live sessions.
 *
 * The line is pino-http's (`req`, `res`, `responseTime`, `msg`), written here without it: pino-http
 * built a child logger per request (serialising the request into its bindings) and hooked two events,
 * even at a level that writes nothing. Here `req.log` is built on first use, and the end of the
 * request is only watched when the line will be written (docs/decisions/097-pedido-da-api-enxuto.md).
 */
export function registroDePedidos(logger: Logger) {
  const url = (req: Pedido) => urlSemSegredos(req.originalUrl ?? req.url);
  const dadosDoPedido = (req: Pedido) => ({ id: req.id, method: req.method, url: url(req) });
  return (req: Pedido, res: ServerResponse, next: () => void) => {
    const recebido = req.headers['x-request-id'];
    const id = typeof recebido === 'string' && ID_RECEBIDO.test(recebido) ? recebido : randomUUID();
    res.setHeader('X-Request-Id', id);
    req.id = id;
    let log: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      enumerable: true,
      get: () => (log ??= logger.child({ req: dadosDoPedido(req) })),
      set: (valor: Logger) => void (log = valor),
    });
    const ignorado = req.url === '/healthz' || req.url?.startsWith('/build/') === true;
    if (!ignorado && logger.isLevelEnabled('info')) {
      const inicio = Date.now();
      // 'close' follows 'finish' on every answer, and comes alone when the client went away first.
      res.once('close', () => {
        const ms = Date.now() - inicio;
        const status = res.statusCode;
        const dados = { req: dadosDoPedido(req), res: { statusCode: status }, responseTime: ms };
        if (status >= 500) {
          const err = (res as { err?: unknown }).err ?? new Error(`failed with status code ${status}`);
          logger.info({ ...dados, err }, `${req.method} ${dados.req.url} ${status} ${id}`);
        } else logger.info(dados, `${req.method} ${dados.req.url} ${status} ${Math.round(ms)}ms ${id}`);
      });
    }
    next();
  };
}
