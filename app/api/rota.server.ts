import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import { gzipSync } from 'node:zlib';
import type { Contexto } from '~/context';
import { aceitaGzip } from '~/utils/gzip-emendado.server';
import type { DocRota } from './documentacao.server';

/** One API handler: the request, the response, and the request's context (brand, database, hub...). */
export type ApiHandler = (req: Request, res: Response, ctx: Contexto) => Promise<unknown>;

/**
 * One route of the API, declared once: method, path, access, schemas and summary (what the OpenAPI
 * document is generated from, `DocRota`) beside the handler that answers it. Each capability file
 * returns its list (`rotasX(): RotaApi[]`); `montarRotas` registers them on the Express router, in order,
 * and `documentoOpenApi` documents the same list, so a route cannot be served without its documentation.
 */
export interface RotaApi extends DocRota {
  /** Express middleware run before the handler (e.g. `soNumero`, which passes a non-numeric id on). */
  antes?: RequestHandler[];
  handler: ApiHandler;
}

/** Registers the routes on the router, in the list's order (the first path that matches answers). */
export function montarRotas(router: Router, rotas: readonly RotaApi[]): void {
  for (const r of rotas) router[r.metodo](r.caminho, ...(r.antes ?? []), rota(r.handler));
}

/**
 * Wraps a handler: gives it the request's context, sends its answer as JSON, passes errors to the
 * router's error handler (4xx/5xx in the spec's shape). Its own module, so the capability routers and
 * the router that registers them do not import each other.
 */
export const rota =
  (handler: ApiHandler) =>
  (req: Request, res: Response, next: NextFunction): void => {
    handler(req, res, res.locals.contexto as Contexto).then((corpo) => {
      if (res.headersSent) return;
      if (corpo instanceof JsonPronto) {
        res.type('application/json');
        // Gzip kept with the answer (decision 098): compression() leaves an encoded answer as it is.
        if (aceitaGzip(req.headers['accept-encoding'])) res.setHeader('Content-Encoding', 'gzip').send(corpo.gzip());
        else res.send(corpo.corpo);
      } else res.json(corpo ?? {});
    }, next);
  };

/**
 * An answer already serialised (parts kept serialised between requests): sent as it is, its bytes
 * encoded once and its gzip made by the first client that takes it, so an answer kept between requests
 * (criarRespostasDaBusca) is neither encoded nor compressed again.
 */
export class JsonPronto {
  readonly corpo: Buffer;
  private comprimido?: Buffer;
  constructor(texto: string) {
    this.corpo = Buffer.from(texto);
  }
  gzip(): Buffer {
    return (this.comprimido ??= gzipSync(this.corpo));
  }
  /** Bytes held, for a cache's bound: the body (its gzip, once made, adds about a tenth and is not counted). */
  get bytes() {
    return this.corpo.length;
  }
}
