import type { RequestHandler } from 'express';
import type { Contexto } from '~/context';
import { servidor } from '~/locales/pt-BR/servidor';
import type { HotsiteCache } from '~/modules/hotsites/hotsite-cache.server';
import { cookieDeSessao } from '~/utils/cookie-de-sessao.server';
import { METODOS_SEGUROS, mesmoHost, origemDoPedido } from '~/utils/origem-do-pedido';
import { recusarPedido, ROTA_DA_API } from './respostas.server';

/** The pages' session cookie (utils/cookie-de-sessao.server.ts), the only credential a browser adds on its own. */
const COOKIE_DE_SESSAO = new RegExp(`(?:^|;)\\s*${cookieDeSessao.name}=[^;\\s]`);

/**
 * Cross-site request forgery (docs/decisions/111-origem-das-requisicoes.md): a request that may change
 * something and would carry the visitor's session cookie must come from a page of this brand. Every page
 * action and `?_data` post, and every API call that authenticates by cookie; a bearer token is never sent by
 * a browser on its own, so those calls stay open to any origin. Runs after the brand is resolved.
 */
export function origemDaMarca({ hotsites }: { hotsites: HotsiteCache }): RequestHandler {
  return async (req, res, next) => {
    if (METODOS_SEGUROS.has(req.method)) return next();
    if (
      ROTA_DA_API.test(req.path) &&
      (req.headers.authorization?.startsWith('Bearer ') || !COOKIE_DE_SESSAO.test(req.headers.cookie ?? ''))
    )
      return next();
    const origem = origemDoPedido(req.headers);
    if (origem.tipo === 'sem-outra-origem') return next();
    try {
      if (origem.tipo === 'host') {
        if (mesmoHost(origem.host, req.headers.host)) return next();
        // Another of the brand's own addresses (its domain with or without www, its platform subdomain).
        const { marca } = res.locals.contexto as Contexto;
        if ((await hotsites.resolver(origem.host))?.id === marca.id) {
          // Remix refuses an action whose Origin is not the Host itself (with a 500): the brand rule above
          // already decided, so the header it would trip on is dropped.
          delete req.headers.origin;
          return next();
        }
      }
    } catch (erro) {
      return next(erro);
    }
    req.log.warn({ origem: origem.tipo === 'host' ? origem.host : 'outra' }, 'origem da requisição recusada');
    recusarPedido(req, res, 403, servidor.recusa.origem);
  };
}
