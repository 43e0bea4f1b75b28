import express, { type NextFunction, type Request, type Response } from 'express';
import type { Contexto } from '~/context';
import { comoRespostaDaApi, naoEncontrado, RETRY_AFTER_BANCO_S, sqlstateDeDados } from '~/utils/errors';
import { rotasDaDocumentacao } from './documentacao.server';
import { entradaSegura } from './entrada.server';
import { montarRotas, type RotaApi } from './rota.server';
import { rotasDeLances } from './lances.server';
import { rotasIdentidade } from './identidade.server';
import { rotasOperacoes } from './operacoes.server';
import { marcaApiSchema, rotasHotsite } from './hotsites.server';
import { rotasCatalogo } from './catalogo.server';
import { rotasEventos } from './eventos.server';
import { rotasComitentes } from './comitentes.server';
import { rotasAreaComitente } from './area-comitente.server';
import { rotasCarteiras } from './carteiras.server';
import { rotasAoVivo } from './aovivo.server';
import { rotasDeVendas } from './vendas.server';
import { rotasDocumentosDeVenda } from './documentos-venda.server';
import { rotasBackoffice } from './backoffice.server';
import { rotasConfianca } from './confianca.server';
import { rotasVistorias } from './vistorias.server';
import { rotasIntegracao } from './integracao.server';
import { rotasRemocoes } from './remocoes.server';
import { rotasGruposCliente } from './grupos-cliente.server';
import { rotasConsultas } from './consultas.server';
import { exigirVitrineApi } from '~/modules/identidade/guard.server';

/**
 * The JSON API (/v1, /v2). Handlers call the same module functions as the pages. Each capability
 * declares its routes once, in its own file under app/api/ (`rotasX(): RotaApi[]`: method, path,
 * access, schemas, handler); `rotasDaApi` lists them all, and that one list is both what the router
 * serves and what the OpenAPI document describes.
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
  // The bytes as they came stay beside the parsed body: an insurer's signature is over them (decision 172).
  router.use(
    express.json({
      limit: '1mb',
      verify: (req, _res, buf) => {
        (req as typeof req & { corpoBruto?: Buffer }).corpoBruto = buf;
      },
    }),
  );
  // NUL, undecodable paths, prototype keys and absurd nesting are refused here, once, for every route.
  router.use(entradaSegura);

  const [publico, ...rotas] = rotasDaApi();
  montarRotas(router, [publico]);
  // The reference (docs/api.md): /openapi.json, /docs, from the same list the router serves.
  rotasDaDocumentacao(router, () => [publico, ...rotas]);

  // The public catalogue keeps the brand's viewing rules (login required to view, viewing window),
  // as the site's pages do.
  router.use(CATALOGO_PUBLICO, (req, res, next) => {
    exigirVitrineApi(req, res.locals.contexto as Contexto).then(() => next(), next);
  });
  montarRotas(router, rotas);

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

/**
 * Every route of the API, in the router's order (the first path that matches answers: the wallets'
 * `/veiculos/unidades-negocio` before the back office's `/veiculos/:uid`). The brand's public
 * configuration comes first: the catalogue's viewing rules are mounted after it.
 */
export function rotasDaApi(): RotaApi[] {
  const publico: RotaApi = {
    metodo: 'get',
    caminho: '/hotsite/public',
    resumo: 'A marca deste endereço (configuração pública)',
    tag: 'Hotsite',
    resposta: marcaApiSchema,
    handler: async (_req, _res, { marca }) => marca,
  };
  return [
    publico,
    ...rotasDeLances(),
    ...rotasIdentidade(),
    ...rotasGruposCliente(),
    ...rotasOperacoes(),
    ...rotasHotsite(),
    ...rotasCatalogo(),
    ...rotasComitentes(),
    ...rotasAreaComitente(),
    ...rotasCarteiras(),
    ...rotasAoVivo(),
    ...rotasDeVendas(),
    ...rotasDocumentosDeVenda(),
    ...rotasRemocoes(),
    ...rotasBackoffice(),
    ...rotasVistorias(),
    ...rotasIntegracao(),
    ...rotasConfianca(),
    ...rotasEventos(),
    ...rotasConsultas(),
  ];
}
