import type { Request } from 'express';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { lote } from '@db/schema';
import { buscarLotes, facetasDaBusca } from '~/modules/catalogo/busca.server';
import { buscaApiSchema, filtrosDaApi, type Filtros } from '~/modules/catalogo/filtros';
import { destaquesDoLeilao, destaquesPaginaInicial, listarLeiloesCaixa } from '~/modules/catalogo/leiloes.server';
import { obterLote, pageviewsDoLote } from '~/modules/catalogo/lote.server';
import { itensDetalhadosDoVeiculo } from '~/modules/catalogo/itens-detalhados.server';
import { CATEGORIAS_VEICULO } from '@db/schema/enums-catalogo';
import { usuarioDoPedido } from '~/modules/identidade/guard.server';
import { leiloesDoConvidado } from '~/modules/eventos/convidados.server';
import { listarPatios, patioPorNome } from '~/modules/catalogo/patios.server';
import { SITUACOES_LISTAVEIS } from '~/modules/dominio/situacoes';
import { ErroHttp, naoEncontrado } from '~/utils/errors';
import { agendaDeLeiloes, lerFiltrosAgenda, MENSAGEM_AGENDA_SEM_LOGIN, precisaEntrar } from '~/modules/conveniencias/agenda.server';
import type { ApiHandler, RotaApi } from './rota.server';
import { idSchema } from '~/utils/id';
import { criarRespostasDaBusca, loteApiSchema, loteDaBusca, loteDoDetalhe } from './lote.server';
import { uuid } from './esquemas';
import { historicoParaApi } from './historico-verificado';
import { historicoDoLote } from '~/modules/consultas/historico.server';
import { gruposDoLote } from '~/modules/identidade/grupos-cliente.server';

const uidSchema = z.uuid({ error: 'uid inválido' });
const paramsById = z.object({ id: idSchema('id precisa ser um número') });
const paramsLeilao = z.object({ leilaoUid: uidSchema });
const paramsPageviews = z.object({ uid: uidSchema });
const paramsPatio = z.object({ nome: z.string().min(1).max(120, 'nome muito longo') });
const consultaListaSite = z.object({ porMes: z.string().optional(), patioNome: z.string().max(120).optional() });
/** The agenda's filters (decision 260), read by the agenda module's schema (its pt-BR messages). */
const consultaAgenda = consultaListaSite.extend({
  data: z.string().optional().meta({ description: 'Um dia (AAAA-MM-DD, horário de Brasília): todos os leilões do dia' }),
  favoritos: z.string().optional().meta({ description: 'true: só leilões com lotes dos meus favoritos (exige login)' }),
  ultimosClicados: z.string().optional().meta({ description: 'true: só leilões dos lotes que abri por último (exige login)' }),
  quadro: z.string().optional().meta({ description: 'true: o quadro da agenda (lotesDestaque vem sempre nesta lista)' }),
});
const consultaItens = z.object({ veiUid: z.uuid({ error: 'veiUid inválido' }) });
const consultaDestaques = z.object({ aoVivo: z.enum(['true', 'false']).optional() });

/** Search bodies read (as JSON text) and what their schemas made of them, per route; emptied when full. */
const CORPOS_GUARDADOS = 500;
/**
 * Only bodies up to this size are kept (a real search is a few hundred characters): the body parser
 * takes up to 1 MB, and 500 kept bodies of that size would hold half a gigabyte per route.
 */
const MAX_CORPO_GUARDADO = 4_096;

/**
 * A search body through its schemas (the body's, then the filters'), kept by the body's JSON: clients
 * repeat the same few searches (a page of a list, its filters), and the two schemas cost a search more
 * than its index lookup. What is kept is frozen, so no handler can change what the next request gets.
 * A body the schemas refuse throws, as before, and is not kept; nor is a large one (MAX_CORPO_GUARDADO).
 */
function lerBusca<T>(req: Request, guardados: Map<string, T>, ler: (bruto: unknown) => T): T {
  const bruto: unknown = req.method === 'POST' ? (req.body ?? {}) : {};
  const texto = JSON.stringify(bruto);
  if (texto.length > MAX_CORPO_GUARDADO) return ler(bruto);
  let lido = guardados.get(texto);
  if (lido === undefined) {
    lido = congelar(ler(bruto));
    if (guardados.size >= CORPOS_GUARDADOS) guardados.clear();
    guardados.set(texto, lido);
  }
  return lido;
}
function congelar<T>(valor: T): T {
  if (valor && typeof valor === 'object') {
    for (const v of Object.values(valor)) congelar(v);
    Object.freeze(valor);
  }
  return valor;
}

const leilaoSiteSchema = z
  .looseObject({
    id: z.number().int(),
    uid: uuid,
    nome: z.string(),
    nomeSemData: z.string(),
    situacao: z.string(),
    data: z.string(),
    quantidadeLotes: z.number().int(),
  })
  .meta({ id: 'LeilaoSite' });
const loteNoPregaoSchema = z.object({
  loteId: z.number().int(),
  veiUid: uuid,
  numero: z.string(),
  nome: z.string(),
  situacao: z.string(),
  valorAtual: z.number().int().meta({ description: 'Centavos: o último lance, senão o mínimo' }),
  dataFim: z.string().nullable(),
  chamado: z.boolean().meta({ description: 'É o lote que o leiloeiro chamou ao pregão' }),
});
const leilaoDaAgendaSchema = leilaoSiteSchema
  .extend({
    loteAoVivoMap: z
      .record(z.string(), loteNoPregaoSchema)
      .meta({ description: 'Leilão ao vivo: os lotes no pregão agora (AO_VIVO, DOULHE_UMA, DOULHE_DUAS ou o chamado), pelo veiUid' }),
    lotesDestaque: z.array(loteApiSchema).meta({ description: 'Até 4 lotes à venda do leilão, por prioridade e encerramento' }),
  })
  .meta({ id: 'LeilaoDaAgenda' });
const facetaSchema = z.object({ valor: z.string(), rotulo: z.string(), quantidade: z.number().int() });
const filtrosPossiveisSchema = z
  .object({
    campos: z.array(z.object({ campo: z.string(), valores: z.array(facetaSchema) })),
    marcas: z.array(z.object({ nome: z.string(), quantidade: z.number().int() })),
  })
  .meta({ id: 'FiltrosPossiveis' });
const patioSchema = z
  .object({
    id: z.number().int(),
    uid: uuid,
    nome: z.string(),
    slug: z.string().meta({ description: 'O trecho do pátio no endereço da página (/patios/:cidade/:estadoUf/:slug)' }),
    cidade: z.string(),
    estado: z.string(),
    estadoUf: z.string(),
    endereco: z.unknown().meta({ description: 'Endereço livre, normalmente { logradouro, numero, bairro, cep, complemento }' }),
    telefone: z.string().nullable(),
    responsavel: z.string().nullable(),
    explicacaoVisitacao: z.string().nullable(),
    googleMaps: z.string().nullable(),
    fotos: z.array(z.string()),
    mapa: z.string().nullable(),
  })
  .meta({ id: 'Patio' });
const patioSiteSchema = patioSchema
  .extend({ quantidadeLotes: z.number().int().meta({ description: 'Lotes à venda no pátio (a contagem da busca)' }) })
  .meta({ id: 'PatioSite' });
const TAG = 'Catálogo';
const CONTAGEM = { count: 'Total de lotes da busca (todas as páginas)' };

/** The logged-in user of this brand asking (a bad or foreign token reads as a visitor), or null. */
async function usuarioDaMarca(req: Request, ctx: Parameters<ApiHandler>[2]) {
  // A session that cannot be used here (expired, 2FA to enrol) reads the public catalogue as a visitor
  // would, rather than an error: it sees no private auction either way.
  const u = await usuarioDoPedido(req, ctx).catch(() => null);
  return u?.hotsiteId === ctx.marca.id ? u.id : null;
}

/** Catalogue API (spec 001 section 7, "Lots and search" and "Auctions, banners, yards"). */
export function rotasCatalogo(): RotaApi[] {
  const buscasLidas = new Map<string, { corpo: z.infer<typeof buscaApiSchema>; filtros: Filtros }>();
  const possiveisLidos = new Map<string, Filtros>();
  const respostaDaBusca = criarRespostasDaBusca();
  // GET is the default first page (dataFim ascending, no filter); POST takes the spec's body.
  const buscaElastic: ApiHandler = async (req, res, ctx) => {
    const { db, busca, marca } = ctx;
    const { corpo, filtros } = lerBusca(req, buscasLidas, (bruto) => {
      const corpo = buscaApiSchema.parse(bruto);
      return { corpo, filtros: filtrosDaApi(corpo.requisicoesBusca) };
    });
    // One auction's lots: a guest of that private auction gets them (decision 186); anyone else, public lots only.
    const convidadoEm = filtros.leilao?.length
      ? await leiloesDoConvidado({ db, hotsiteId: marca.id, usuarioId: await usuarioDaMarca(req, ctx) })
      : [];
    const { total, lotes } = await buscarLotes({
      db,
      busca,
      hotsiteId: marca.id,
      filtros,
      convidadoEm,
      ordenacao: corpo.listaOrdenacao,
      de: corpo.from,
      tamanho: corpo.size,
    });
    res.setHeader('count', String(total));
    res.setHeader('Access-Control-Expose-Headers', 'count');
    return respostaDaBusca(marca.id, lotes);
  };
  const buscaPossiveis: ApiHandler = async (req, _res, { db, busca, marca }) => {
    // Spec: the body is the filters except the type (categoria/tipo), so every type keeps its count.
    const filtros = lerBusca(req, possiveisLidos, (bruto) =>
      filtrosDaApi(buscaApiSchema.parse(bruto).requisicoesBusca.filter((r) => r.campo !== 'tipo' && r.campo !== 'categoria')),
    );
    const facetas = await facetasDaBusca({ db, busca, hotsiteId: marca.id, filtros });
    return {
      campos: Object.entries(facetas).map(([campo, valores]) => ({ campo, valores })),
      marcas: facetas.marca.map((v) => ({ nome: v.valor, quantidade: v.quantidade })),
    };
  };
  return [
    {
      metodo: 'get',
      caminho: '/lote/busca-elastic',
      resumo: 'Busca de lotes: primeira página padrão (dataFim crescente, sem filtro)',
      tag: TAG,
      resposta: z.array(loteApiSchema),
      cabecalhos: CONTAGEM,
      handler: buscaElastic,
    },
    {
      metodo: 'post',
      caminho: '/lote/busca-elastic',
      resumo: 'Busca de lotes com filtros, ordenação e página (from = (página - 1) × size)',
      tag: TAG,
      corpo: buscaApiSchema,
      resposta: z.array(loteApiSchema),
      cabecalhos: CONTAGEM,
      handler: buscaElastic,
    },
    {
      metodo: 'get',
      caminho: '/lote/obter-busca-possiveis',
      resumo: 'Filtros possíveis com contagens (sem filtro)',
      tag: TAG,
      resposta: filtrosPossiveisSchema,
      handler: buscaPossiveis,
    },
    {
      metodo: 'post',
      caminho: '/lote/obter-busca-possiveis',
      resumo: 'Filtros possíveis com contagens, sob os filtros do corpo (menos o tipo)',
      tag: TAG,
      corpo: buscaApiSchema,
      resposta: filtrosPossiveisSchema,
      handler: buscaPossiveis,
    },
    {
      metodo: 'get',
      caminho: '/lote/by-id/:id',
      resumo: 'Um lote, completo (com descrição e arquivos)',
      tag: TAG,
      params: paramsById,
      resposta: loteApiSchema,
      handler: async (req, _res, ctx) => {
        const { db, marca } = ctx;
        const { id } = paramsById.parse(req.params);
        const [l, historico, grupos] = await Promise.all([
          obterLote({ db, hotsiteId: marca.id, id, usuarioId: await usuarioDaMarca(req, ctx) }),
          historicoDoLote({ db, hotsiteId: marca.id, loteId: id }),
          gruposDoLote({ db, hotsiteId: marca.id, loteId: id, usuarioId: null }),
        ]);
        if (!l) throw naoEncontrado('Lote não encontrado');
        return {
          ...loteDoDetalhe(l, grupos.grupos),
          ...(historico ? { historicoVerificado: historicoParaApi(historico) } : {}),
        };
      },
    },
    {
      metodo: 'get',
      caminho: '/lote/lotes-retirados-por-leilao/:id',
      resumo: 'Lotes retirados (situação RETIRADO) de um leilão, na ordem do leilão (até 1000)',
      tag: TAG,
      params: paramsById,
      resposta: z.array(loteApiSchema),
      cabecalhos: { count: 'Quantidade de lotes retirados do leilão' },
      handler: async (req, res, ctx) => {
        const { db, busca, marca } = ctx;
        const { id } = paramsById.parse(req.params);
        // A private auction's lots only for its guests (decision 186): anyone else gets an empty list.
        const convidadoEm = await leiloesDoConvidado({ db, hotsiteId: marca.id, usuarioId: await usuarioDaMarca(req, ctx) });
        const { total, lotes } = await buscarLotes({
          db,
          busca,
          hotsiteId: marca.id,
          filtros: { leilao: [id], situacao: ['RETIRADO'], categoria: [...CATEGORIAS_VEICULO] },
          convidadoEm,
          ordenacao: [{ campo: 'posicaoLeilao', tipoOrdenacao: 'asc' }],
          tamanho: 1000,
          usarCache: false,
        });
        res.setHeader('count', String(total));
        return lotes.map(loteDaBusca);
      },
    },
    {
      metodo: 'get',
      caminho: '/veiculo-itens-detalhados/find/qb',
      resumo: 'Itens detalhados (equipamentos, pneus, chave reserva, manual) do veículo de um lote visível',
      tag: TAG,
      query: consultaItens,
      resposta: z.object({ veiUid: uuid, loteId: z.number().int(), itensDetalhados: z.unknown().nullable() }),
      handler: async (req, _res, ctx) => {
        const { db, marca } = ctx;
        const { veiUid } = consultaItens.parse(req.query);
        const r = await itensDetalhadosDoVeiculo({ db, hotsiteId: marca.id, veiUid, usuarioId: await usuarioDaMarca(req, ctx) });
        if (!r) throw naoEncontrado('Veículo não encontrado');
        return r;
      },
    },
    {
      metodo: 'get',
      caminho: '/lote/buscar-destaques-pagina-inicial',
      resumo: 'Leilões ativos com seus lotes em destaque (página inicial)',
      tag: TAG,
      query: consultaDestaques,
      resposta: z.object({ leiloes: z.array(leilaoSiteSchema.extend({ destaques: z.array(loteApiSchema) })) }),
      handler: async (req, _res, { db, busca, marca }) => {
        const { leiloes } = await destaquesPaginaInicial({
          db,
          busca,
          hotsiteId: marca.id,
          somenteAoVivo: consultaDestaques.parse(req.query).aoVivo === 'true',
        });
        return { leiloes: leiloes.map((l) => ({ ...l, destaques: l.destaques.map(loteDaBusca) })) };
      },
    },
    {
      metodo: 'get',
      caminho: '/leiloes/lista-site',
      resumo:
        'Leilões do site (ativos, ou de um mês, ou de um dia, ou de um pátio), com os filtros da agenda (favoritos, ultimosClicados) ' +
        'e, em cada um, loteAoVivoMap e lotesDestaque',
      tag: TAG,
      query: consultaAgenda,
      resposta: z.array(leilaoDaAgendaSchema),
      cabecalhos: { count: 'Quantidade de leilões' },
      handler: async (req, res, ctx) => {
        const { db, busca, marca } = ctx;
        const q = consultaAgenda.parse(req.query);
        const lidos = lerFiltrosAgenda((k) => (k === 'mes' ? q.porMes : (q as Record<string, string | undefined>)[k]));
        if (!lidos.success) throw lidos.error;
        const usuarioId = await usuarioDaMarca(req, ctx);
        if (precisaEntrar(lidos.data, usuarioId)) throw new ErroHttp(401, MENSAGEM_AGENDA_SEM_LOGIN);
        const leiloes = await agendaDeLeiloes({
          db,
          busca,
          hotsiteId: marca.id,
          usuarioId,
          filtros: lidos.data,
          patioNome: q.patioNome,
          comDestaques: true,
        });
        res.setHeader('count', String(leiloes.length));
        return leiloes.map((l) => ({ ...l, lotesDestaque: l.lotesDestaque.map(loteDaBusca) }));
      },
    },
    {
      metodo: 'get',
      caminho: '/leiloes/lista-site/caixa-economica',
      resumo: 'Leilões do site com bens da Caixa Econômica Federal (parceiro bancário): os mesmos filtros de lista-site',
      tag: TAG,
      query: consultaListaSite,
      resposta: z.array(leilaoSiteSchema),
      cabecalhos: { count: 'Quantidade de leilões' },
      handler: async (req, res, { db, marca }) => {
        const q = consultaListaSite.parse(req.query);
        const leiloes = await listarLeiloesCaixa({ db, hotsiteId: marca.id, porMes: q.porMes, patioNome: q.patioNome });
        res.setHeader('count', String(leiloes.length));
        return leiloes;
      },
    },
    {
      metodo: 'get',
      caminho: '/leiloes/lista-site/destaques/:leilaoUid',
      resumo: 'Lotes em destaque de um leilão',
      tag: TAG,
      params: paramsLeilao,
      resposta: z.array(loteApiSchema),
      handler: async (req, _res, { db, busca, marca }) => {
        const lotes = await destaquesDoLeilao({ db, busca, hotsiteId: marca.id, leilaoUid: paramsLeilao.parse(req.params).leilaoUid });
        if (!lotes) throw naoEncontrado('Leilão não encontrado');
        return lotes.map(loteDaBusca);
      },
    },
    // GET /v1/banners/ativo is served by the content API (app/api/hotsites.server.ts).
    {
      metodo: 'get',
      caminho: '/patios/lista-site',
      resumo: 'Pátios da marca',
      tag: TAG,
      resposta: z.array(patioSiteSchema),
      handler: async (_req, _res, { db, marca }) => listarPatios({ db, hotsiteId: marca.id }),
    },
    {
      metodo: 'get',
      caminho: '/patios/ativos',
      resumo: 'Pátios ativos da marca',
      tag: TAG,
      resposta: z.array(patioSiteSchema),
      handler: async (_req, _res, { db, marca }) => listarPatios({ db, hotsiteId: marca.id }),
    },
    {
      metodo: 'get',
      caminho: '/patio/por-nome/:nome',
      resumo: 'Um pátio pelo nome ou slug',
      tag: TAG,
      params: paramsPatio,
      resposta: patioSchema,
      handler: async (req, _res, { db, marca }) => {
        const p = await patioPorNome({ db, hotsiteId: marca.id, nome: paramsPatio.parse(req.params).nome });
        if (!p) throw naoEncontrado('Pátio não encontrado');
        return p;
      },
    },
    {
      metodo: 'get',
      caminho: '/leilao/lotes/estatistica-para-busca',
      resumo: 'Visitas e lances somados dos lotes listáveis',
      tag: TAG,
      resposta: z.object({ visitados: z.number().int(), lances: z.number().int() }),
      handler: async (_req, _res, { db, marca }) => {
        const [r] = await db
          .select({
            visitados: sql<number>`coalesce(sum(${lote.visualizacoes}), 0)::int`,
            lances: sql<number>`coalesce(sum(${lote.quantidadeLances}), 0)::int`,
          })
          .from(lote)
          .where(and(eq(lote.hotsiteId, marca.id), inArray(lote.situacao, [...SITUACOES_LISTAVEIS])));
        return r;
      },
    },
    {
      metodo: 'get',
      caminho: '/leilao/lotes/pageviews/:uid',
      resumo: 'Visualizações de um lote',
      tag: TAG,
      params: paramsPageviews,
      resposta: z.object({ lelUid: uuid, veiUid: uuid, quantidade: z.number().int(), googleMaps: z.string().nullable() }),
      handler: async (req, _res, { db, marca }) => {
        const r = await pageviewsDoLote({ db, hotsiteId: marca.id, uid: paramsPageviews.parse(req.params).uid });
        if (!r) throw naoEncontrado('Lote não encontrado');
        return r;
      },
    },
  ];
}
