import type { NextFunction, Request, Response } from 'express';
import type { Contexto } from '~/context';

/** One API handler: the request, the response, and the request's context (brand, database, hub...). */
export type ApiHandler = (req: Request, res: Response, ctx: Contexto) => Promise<unknown>;

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
      if (corpo instanceof JsonPronto) res.type('application/json').send(corpo.texto);
      else res.json(corpo ?? {});
    }, next);
  };

/** An answer already serialised (parts kept serialised between requests): sent as it is. */
export class JsonPronto {
  constructor(readonly texto: string) {}
}
