import type { ErrorRequestHandler, RequestHandler } from 'express';
import { servidor } from '~/locales/pt-BR/servidor';
import { enderecoSemVazios } from '~/utils/consulta-limpa';
import { nivelDoErro, statusDoErro } from '~/utils/nivel-do-erro';
import { paginaDeErro, recusarPedido } from './respostas.server';

/**
 * A GET form sent without JavaScript carries its empty fields (`?uf=&valor_max=`): the page lives at the
 * address without them (utils/consulta-limpa.ts; with JavaScript they are never sent).
 */
export const semCamposVazios: RequestHandler = (req, res, next) => {
  const limpo = enderecoSemVazios(req.originalUrl);
  if (limpo === null) return next();
  res.redirect(302, limpo);
};

/**
 * Whatever failed, the answer is a pt-BR page and the request id; the error goes to the log only. A client's
 * bad request (a 4xx: a body the parser refused, a path that does not decode) is answered as such and logged
 * at warn: only our own faults are errors.
 */
export const tratarErros: ErrorRequestHandler = (erro: unknown, req, res, _next) => {
  const status = statusDoErro(erro);
  req.log[nivelDoErro(erro)]({ err: erro }, status < 500 ? 'pedido recusado' : 'erro não tratado');
  if (res.headersSent) return;
  if (status < 500) return recusarPedido(req, res, status, servidor.recusa.titulo);
  res
    .status(500)
    .type('html')
    .send(paginaDeErro(String(req.id)));
};
