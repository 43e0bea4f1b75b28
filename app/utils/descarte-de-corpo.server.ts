import type { NextFunction, Request, Response } from 'express';

/**
 * After an answer that did not read the whole request body (a 413 for a file too big, a 415, a refusal
 * before the upload ends), the rest of the body is read and dropped for a while before the connection
 * closes. Closing a socket with unread data makes TCP reset it, and the client (a browser mid-upload)
 * then shows a connection error instead of our pt-BR answer: the "lingering close" every web server does.
 * Bounded in time and bytes, so a client cannot keep us reading.
 */
export function descartarCorpoNaoLido({ ms = 5_000, bytes = 50_000_000 } = {}) {
  return (req: Request, res: Response, next: NextFunction) => {
    res.on('finish', () => {
      if (req.complete || req.destroyed || req.readableEnded) return;
      // Whatever was reading the body (a parser that gave up) is done with it.
      req.removeAllListeners('data');
      let lidos = 0;
      const parar = setTimeout(() => req.destroy(), ms);
      parar.unref();
      req.on('data', (pedaco: Buffer) => {
        lidos += pedaco.length;
        if (lidos > bytes) req.destroy();
      });
      req.once('end', () => clearTimeout(parar));
      req.once('close', () => clearTimeout(parar));
      req.resume();
    });
    next();
  };
}
