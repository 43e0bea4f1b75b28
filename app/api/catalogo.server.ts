import type { Router } from 'express';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { lote } from '@db/schema';
import { buscarLotes, facetasDaBusca } from '~/modules/catalogo/busca.server';
import { buscaApiSchema, filtrosDaApi } from '~/modules/catalogo/filtros';
import { destaquesDoLeilao, destaquesPaginaInicial, listarLeiloesSite } from '~/modules/catalogo/leiloes.server';
import { obterLote, pageviewsDoLote } from '~/modules/catalogo/lote.server';
import { listarPatios, patioPorNome } from '~/modules/catalogo/patios.server';
import { SITUACOES_LISTAVEIS } from '~/modules/catalogo/regras';
import { naoEncontrado } from '~/utils/errors';
import { rota } from './router.server';
import { idSchema } from '~/utils/id';

const uidSchema = z.uuid({ error: 'uid inválido' });

/** Catalogue API (spec 001 section 7, "Lots and search" and "Auctions, banners, yards"). */
export function rotasCatalogo(router: Router) {
  // GET is the default first page (dataFim ascending, no filter); POST takes the spec's body.
  router.all(
    '/lote/busca-elastic',
    rota(async (req, res, { db, busca, marca }) => {
      if (req.method !== 'GET' && req.method !== 'POST') throw naoEncontrado();
      const corpo = buscaApiSchema.parse(req.method === 'POST' ? (req.body ?? {}) : {});
      const { total, lotes } = await buscarLotes({ db, busca, hotsiteId: marca.id, filtros: filtrosDaApi(corpo.requisicoesBusca), ordenacao: corpo.listaOrdenacao, de: corpo.from, tamanho: corpo.size });
      res.setHeader('count', String(total));
      res.setHeader('Access-Control-Expose-Headers', 'count');
      return lotes;
    }),
  );

  router.all(
    '/lote/obter-busca-possiveis',
    rota(async (req, _res, { db, busca, marca }) => {
      const corpo = buscaApiSchema.parse(req.method === 'POST' ? (req.body ?? {}) : {});
      // Spec: the body is the filters except the type (categoria/tipo), so every type keeps its count.
      const filtros = filtrosDaApi(corpo.requisicoesBusca.filter((r) => r.campo !== 'tipo' && r.campo !== 'categoria'));
      const facetas = await facetasDaBusca({ db, busca, hotsiteId: marca.id, filtros });
      return {
        campos: Object.entries(facetas).map(([campo, valores]) => ({ campo, valores })),
        marcas: facetas.marca.map((v) => ({ nome: v.valor, quantidade: v.quantidade })),
      };
    }),
  );

  router.get(
    '/lote/by-id/:id',
    rota(async (req, _res, { db, marca }) => {
      const l = await obterLote({ db, hotsiteId: marca.id, id: idSchema('id precisa ser um número').parse(req.params.id) });
      if (!l) throw naoEncontrado('Lote não encontrado');
      return l;
    }),
  );

  router.get(
    '/lote/buscar-destaques-pagina-inicial',
    rota(async (req, _res, { db, busca, marca }) => destaquesPaginaInicial({ db, busca, hotsiteId: marca.id, somenteAoVivo: req.query.aoVivo === 'true' })),
  );

  router.get(
    '/leiloes/lista-site',
    rota(async (req, res, { db, marca }) => {
      const q = z.object({ porMes: z.string().optional(), patioNome: z.string().max(120).optional() }).parse(req.query);
      const leiloes = await listarLeiloesSite({ db, hotsiteId: marca.id, porMes: q.porMes, patioNome: q.patioNome });
      res.setHeader('count', String(leiloes.length));
      return leiloes;
    }),
  );

  router.get(
    '/leiloes/lista-site/destaques/:leilaoUid',
    rota(async (req, _res, { db, busca, marca }) => {
      const lotes = await destaquesDoLeilao({ db, busca, hotsiteId: marca.id, leilaoUid: uidSchema.parse(req.params.leilaoUid) });
      if (!lotes) throw naoEncontrado('Leilão não encontrado');
      return lotes;
    }),
  );

  // GET /v1/banners/ativo is served by the content API (app/api/hotsites.server.ts).

  router.get('/patios/lista-site', rota(async (_req, _res, { db, marca }) => listarPatios({ db, hotsiteId: marca.id })));
  router.get('/patios/ativos', rota(async (_req, _res, { db, marca }) => listarPatios({ db, hotsiteId: marca.id })));
  router.get(
    '/patio/por-nome/:nome',
    rota(async (req, _res, { db, marca }) => {
      const p = await patioPorNome({ db, hotsiteId: marca.id, nome: z.string().min(1).max(120, 'nome muito longo').parse(req.params.nome) });
      if (!p) throw naoEncontrado('Pátio não encontrado');
      return p;
    }),
  );

  router.get(
    '/leilao/lotes/estatistica-para-busca',
    rota(async (_req, _res, { db, marca }) => {
      const [r] = await db
        .select({ visitados: sql<number>`coalesce(sum(${lote.visualizacoes}), 0)::int`, lances: sql<number>`coalesce(sum(${lote.quantidadeLances}), 0)::int` })
        .from(lote)
        .where(and(eq(lote.hotsiteId, marca.id), inArray(lote.situacao, [...SITUACOES_LISTAVEIS])));
      return r;
    }),
  );

  router.get(
    '/leilao/lotes/pageviews/:uid',
    rota(async (req, _res, { db, marca }) => {
      const r = await pageviewsDoLote({ db, hotsiteId: marca.id, uid: uidSchema.parse(req.params.uid) });
      if (!r) throw naoEncontrado('Lote não encontrado');
      return r;
    }),
  );
}
