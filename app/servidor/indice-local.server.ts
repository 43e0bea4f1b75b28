import type { RequestHandler } from 'express';
import type { Db } from '@db/client.server';
import { servidor } from '~/locales/pt-BR/servidor';
import type { HotsiteCache } from '~/modules/hotsites/hotsite-cache.server';
import { listarMarcasAtivas } from '~/modules/hotsites/hotsites.server';
import { baseDaMarca } from '~/modules/hotsites/links-da-marca';
import { escaparHtml, paginaSimples } from './respostas.server';

/**
 * The bare local host on the demo (http://localhost:3000, LINKS_DAS_MARCAS=local): a newcomer gets every
 * active brand with its local address, not a dead end. Any other request goes on.
 */
export function indiceLocal({
  db,
  hotsites,
  sufixoLocal,
  dominioPlataforma,
  ativo,
  porta,
}: {
  db: Db;
  hotsites: HotsiteCache;
  sufixoLocal: string;
  dominioPlataforma: string;
  /** Only when the brands' links are local ones. */
  ativo: boolean;
  /** The port the server listens on (the links name it). */
  porta: () => number;
}): RequestHandler {
  return async (req, res, next) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    if (!ativo || req.path !== '/' || (host !== sufixoLocal && host !== '127.0.0.1')) return next();
    try {
      // A brand may own the bare host: then its home page answers.
      if (await hotsites.resolver(req.headers.host)) return next();
      const marcas = await listarMarcasAtivas({ db });
      const links = marcas.map((m) => ({
        nome: m.nome,
        url: baseDaMarca({ id: m.id, domain: null, subdomain: null }, { modo: 'local', sufixoLocal, dominioPlataforma, porta: porta() }),
      }));
      res.status(200).type('html').send(paginaIndiceLocal(links));
    } catch (erro) {
      next(erro);
    }
  };
}

const paginaIndiceLocal = (marcas: { nome: string; url: string }[]) =>
  paginaSimples(
    servidor.indice_local.titulo,
    servidor.indice_local.texto,
    '',
    `<ul style="list-style:none;padding:0;line-height:2">${marcas.map((m) => `<li><a href="${escaparHtml(m.url)}">${escaparHtml(m.nome)}</a> <small>${escaparHtml(m.url)}</small></li>`).join('')}</ul>`,
  );
