import express, { type NextFunction, type Request, type Response } from 'express';
import type { Contexto } from '~/context';
import { comoRespostaDaApi, naoEncontrado, RETRY_AFTER_BANCO_S, sqlstateDeDados } from '~/utils/errors';
import { rotasDaDocumentacao, type DocRota } from './documentacao.server';
import { entradaSegura } from './entrada.server';
import { rota } from './rota.server';
import { docLances, rotasDeLances } from './lances.server';
import { docIdentidade, rotasIdentidade } from './identidade.server';
import { docHotsite, marcaApiSchema, rotasHotsite } from './hotsites.server';
import { docCatalogo, rotasCatalogo } from './catalogo.server';
import { docComitentes, rotasComitentes } from './comitentes.server';
import { docCarteiras, rotasCarteiras } from './carteiras.server';
import { docAoVivo, rotasAoVivo } from './aovivo.server';
import { docVendas, rotasDeVendas } from './vendas.server';
import { docDocumentosDeVenda, rotasDocumentosDeVenda } from './documentos-venda.server';
import { docBackoffice, rotasBackoffice } from './backoffice.server';
import { docVistorias, rotasVistorias } from './vistorias.server';
import { exigirVitrineApi } from '~/modules/identidade/guard.server';

/**
 * The JSON API (/v1, /v2). Handlers call the same module functions as the pages. Each capability adds
 * its routes in its own file under app/api/ and registers them here.
 */
/** Paths of the public catalogue (lots, auctions, yards, banners, content pages, a lot's bids). */
const CATALOGO_PUBLICO = [
  '/lote',
  '/leiloes/lista-site',
  '/leilao/lotes',
  '/patio',
  '/patios',
  '/banners',
  '/lances/lote',
  '/hotsite/conteudo-pagina',
];

export function createApiRouter(): express.Router {
  const router = express.Router();
  router.use(express.json({ limit: '1mb' }));
  // NUL, undecodable paths, prototype keys and absurd nesting are refused here, once, for every route.
  router.use(entradaSegura);

  router.get(
    '/hotsite/public',
    rota(async (_req, _res, { marca }) => marca),
  );
  // The reference (docs/api.md): /openapi.json, /docs. Lists are read lazily (the sub-routers' files load first).
  rotasDaDocumentacao(router, documentacaoDaApi);

  // The public catalogue keeps the brand's viewing rules (login required to view, viewing window),
  // as the site's pages do.
  router.use(CATALOGO_PUBLICO, (req, res, next) => {
    exigirVitrineApi(req, res.locals.contexto as Contexto).then(() => next(), next);
  });

  rotasDeLances(router);
  router.use(rotasIdentidade());
  rotasHotsite(router);
  rotasCatalogo(router);
  rotasComitentes(router);
  rotasCarteiras(router);
  rotasAoVivo(router);
  rotasDeVendas(router);
  rotasDocumentosDeVenda(router);
  rotasBackoffice(router);
  rotasVistorias(router);

  router.use((_req, _res, next) => next(naoEncontrado()));
  router.use((erro: unknown, req: Request, res: Response, _next: NextFunction) => {
    // Every error, whatever threw it (a handler, the JSON parser, the catalogue guard, the 404 above),
    // answers the spec's { message, statusCode, error } (app/utils/errors.ts).
    const { status, corpo } = comoRespostaDaApi(erro);
    const logger = (res.locals.contexto as Contexto | undefined)?.logger;
    if (status >= 500) {
      // Never the error itself (stack, SQL): a pt-BR message and the id that finds it in the log.
      if (status === 503) {
        // The database went away or did not answer: the client may retry (bancoIndisponivel).
        res.setHeader('Retry-After', String(RETRY_AFTER_BANCO_S));
        logger?.warn({ err: erro }, 'banco indisponível na API');
      } else logger?.error({ err: erro }, 'erro na API');
      res.status(status).json({ ...corpo, requestId: String(req.id) });
      return;
    }
    // A data exception that got past the schemas answers 400, but is a schema to tighten: warn.
    if (sqlstateDeDados(erro)) logger?.warn({ err: erro, sqlstate: sqlstateDeDados(erro), url: req.url }, 'entrada recusada pelo banco');
    res.status(status).json(corpo);
  });
  return router;
}

/** Every documented route of the API, in the router's order. */
export function documentacaoDaApi(): DocRota[] {
  const publico: DocRota = {
    metodo: 'get',
    caminho: '/hotsite/public',
    resumo: 'A marca deste endereço (configuração pública)',
    tag: 'Hotsite',
    resposta: marcaApiSchema,
  };
  return [
    publico,
    ...docLances,
    ...docIdentidade,
    ...docHotsite,
    ...docCatalogo,
    ...docComitentes,
    ...docCarteiras,
    ...docAoVivo,
    ...docVendas,
    ...docDocumentosDeVenda,
    ...docBackoffice,
    ...docVistorias,
  ];
}
