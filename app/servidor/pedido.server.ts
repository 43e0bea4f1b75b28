import type { RequestHandler } from 'express';
import { servidor } from '~/locales/pt-BR/servidor';
import { criarFonteDeNonces } from '~/utils/cabecalhos-de-seguranca.server';
import { enderecoBemFormado } from '~/utils/endereco-bem-formado';
import { recusarPedido } from './respostas.server';

/**
 * What every request carries from its first middleware: when it came, its CSP nonce, and no forwarded host
 * or protocol unless a trusted proxy sent them. `proxyConfiavel` is express's own `trust proxy fn`.
 */
export function prepararPedido(proxyConfiavel: (endereco: string | undefined, salto: number) => boolean): RequestHandler {
  const proximoNonce = criarFonteDeNonces();
  return (req, res, next) => {
    // When the request came: the searches it makes need no change-feed read older than this (busca.desde).
    res.locals.chegada = performance.now();
    // A fresh nonce per request: the only inline scripts allowed are the ones we render with it.
    res.locals.cspNonce = proximoNonce();
    // Remix builds request.url from X-Forwarded-Host whoever sent it: dropped unless a trusted proxy sent it,
    // so no page can be handed a host of the client's.
    if (!proxyConfiavel(req.socket.remoteAddress, 0)) {
      delete req.headers['x-forwarded-host'];
      delete req.headers['x-forwarded-proto'];
    }
    next();
  };
}

/**
 * A %-escape that does not decode, in the path or the query: the client's mistake, told in pt-BR, before
 * Express or Remix throw a URIError on it (a 500).
 */
export const enderecoValido: RequestHandler = (req, res, next) => {
  if (enderecoBemFormado(req.url)) return next();
  recusarPedido(req, res, 400, servidor.recusa.endereco);
};
