import type { Provedores } from '~/modules/consultas/provedores.server';
import type { RequestHandler } from 'express';
import type { Db } from '@db/client.server';
import type { Contexto } from '~/context';
import type { ServicoDeBusca } from '~/modules/catalogo/busca.server';
import type { Selo } from '~/modules/confianca/selo.server';
import type { HotsiteCache } from '~/modules/hotsites/hotsite-cache.server';
import type { Marca } from '~/modules/hotsites/hotsite.schema';
import type { ServicoDeLances } from '~/modules/lances/servico.server';
import type { Hub } from '~/realtime/hub.server';
import { enderecoDoCliente } from '~/utils/endereco-cliente.server';
import type { MemoDePaginas } from '~/utils/memo-de-paginas.server';
import { paginaSiteDesconhecido } from './respostas.server';

/**
 * Resolves the brand once, from Host (cached per host, dropped on the bus's `hotsite-alterado`), and hands
 * every later middleware, API handler, loader and action the one load context of the request, built from
 * the instance's services. An unknown host gets a plain pt-BR 404 that shows no brand.
 */
export function contextoDaMarca({
  db,
  hub,
  hotsites,
  busca,
  lances,
  paginas,
  provedores,
  urlBase,
  selo,
}: {
  db: Db;
  hub: Hub;
  hotsites: HotsiteCache;
  busca: ServicoDeBusca;
  lances: ServicoDeLances;
  paginas: MemoDePaginas;
  provedores: Provedores;
  urlBase: (marca: Marca) => string;
  selo: Selo;
}): RequestHandler {
  return async (req, res, next) => {
    try {
      const marca = await hotsites.resolver(req.headers.host);
      if (!marca) {
        res.status(404).type('html').send(paginaSiteDesconhecido());
        return;
      }
      const contexto: Contexto = {
        db,
        marca,
        hub,
        hotsites,
        busca: { ...busca, desde: res.locals.chegada as number },
        lances,
        paginas,
        provedores,
        // The request's logger is built on first use (most requests log nothing but their line).
        get logger() {
          return req.log;
        },
        cspNonce: res.locals.cspNonce as string,
        requestId: String(req.id),
        // Worked out when asked (express's req.ip parses X-Forwarded-For on every read): logins and
        // session lists ask, a search does not.
        get ip() {
          const ip = enderecoDoCliente(req);
          Object.defineProperty(this, 'ip', { value: ip, enumerable: true });
          return ip;
        },
        usuariosDoPedido: new Map(),
        urlBase: urlBase(marca),
        selo,
      };
      res.locals.contexto = contexto;
      next();
    } catch (erro) {
      next(erro);
    }
  };
}
