import type { Request, Response } from 'express';
import { erros } from '~/locales/pt-BR/erros';
import { servidor } from '~/locales/pt-BR/servidor';
import { corpoDeErroDaApi } from '~/utils/errors';

/**
 * The plain pt-BR answers the server gives outside Remix, before a route runs or after one failed: no brand
 * is shown, no script runs.
 */
export const escaparHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `html` is markup the caller built from escaped values; everything else is escaped here. */
export function paginaSimples(titulo: string, texto: string, rodape = '', html = '') {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escaparHtml(titulo)}</title></head><body style="font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;color:#1d2330"><main style="text-align:center"><h1>${escaparHtml(titulo)}</h1><p>${escaparHtml(texto)}</p>${html}${rodape ? `<p>${escaparHtml(rodape)}</p>` : ''}</main></body></html>`;
}

/** The JSON API's paths. */
export const ROTA_DA_API = /^\/v[12](\/|$)/;

/**
 * A request refused before any route: the API's error body on /v1 /v2, `{ ok, mensagem }` to a page's
 * `?_data` fetch, the plain pt-BR page to a browser.
 */
export function recusarPedido(req: Request, res: Response, status: number, mensagem: string) {
  if (ROTA_DA_API.test(req.path)) res.status(status).json(corpoDeErroDaApi(status, mensagem));
  else if (/[?&]_data=/.test(req.url)) res.status(status).json({ ok: false, mensagem });
  else res.status(status).type('html').send(paginaSimples(servidor.recusa.titulo, mensagem));
}

/** Unknown host: a plain pt-BR page that shows no brand. */
export const paginaSiteDesconhecido = () => paginaSimples(servidor.site_desconhecido.titulo, servidor.site_desconhecido.texto);

export const paginaDeErro = (requestId: string) => paginaSimples(erros.erro.titulo, erros.erro.texto, `${erros.erro.codigo} ${requestId}`);
