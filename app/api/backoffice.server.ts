import type { NextFunction, Request, Response } from 'express';
import { z } from 'zod';
import type { Contexto } from '~/context';
import { lotesParaImportacao } from '~/modules/backoffice/copiar-lotes.server';
import { filtroPrivadoSchema, leiloesPrivados, locaisDeRealizacao } from '~/modules/backoffice/listas-leilao.server';
import { importacaoApiSchema, importarLinhas, linhasComCampos, validarLinhas } from '~/modules/backoffice/importacao.server';
import {
  alterarLeilao,
  criarLeilao,
  filtroLeiloesSchema,
  leilaoDoLote,
  leilaoSchema,
  listarLeiloes,
  mudarSituacaoLeilao,
  obterLeilao,
  situacaoLeilaoSchema,
} from '~/modules/backoffice/leiloes.server';
import {
  alterarLote,
  criarLote,
  filtroLotesSchema,
  listarLotes,
  loteValoresSchema,
  mudarSituacaoLote,
  novoLoteSchema,
  obterLote,
  situacaoLoteSchema,
} from '~/modules/backoffice/lotes.server';
import {
  alterarVeiculo,
  comitentesVisiveis,
  criarVeiculo,
  filtroVeiculosSchema,
  listarVeiculos,
  obterVeiculo,
  veiculoSchema,
} from '~/modules/backoffice/veiculos.server';
import { ACESSOS } from '~/modules/dominio/acessos';
import { exigirPapelApi } from '~/modules/identidade/guard.server';
import { idSchema } from '~/utils/id';
import type { RotaApi } from './rota.server';
import { camposDasTaxas, centavos, instante, pontosBase, uuid } from './esquemas';
import { SITUACOES_LEILAO, SITUACOES_LOTE, TIPOS_NEGOCIACAO } from '@db/schema/enums-catalogo';

/**
 * The back office's API (spec 001 §7 reads; the writes, which the spec does not list, as REST in the
 * same style). Staff by bearer token, with the roles of the matching screen in the access table.
 */
const papeis = (tela: keyof typeof ACESSOS) => ACESSOS[tela] as readonly string[];
const LEILAO = papeis('/admin/leiloes');
const VEICULO = papeis('/admin/veiculos');

const idDaUrl = (rotulo: string) => idSchema(`${rotulo} inválido`);
const uidDaUrl = z.uuid({ error: 'uid inválido' });

/** A path segment that must be an id: anything else is another route (or the 404), never a 400. */
const soNumero = (req: Request, _res: Response, next: NextFunction) => (/^\d{1,10}$/.test(req.params.id) ? next() : next('route'));

function lista(res: Response, r: { itens: unknown[]; total: number }) {
  res.setHeader('count', String(r.total));
  res.setHeader('Access-Control-Expose-Headers', 'count');
  return r.itens;
}

const TAG_LEILAO = 'Leilões (back office)';
const TAG_VEICULO = 'Veículos (back office)';
const ACESSO_LEILAO = LEILAO.join(', ');
const ACESSO_VEICULO = VEICULO.join(', ');
const pId = z.object({ id: idDaUrl('id') });
const pUid = z.object({ uid: uidDaUrl });
const CONTAGEM = { count: 'Total de itens do filtro (a resposta traz uma página)' };
const criadoSchema = z.object({ id: z.number().int(), uid: z.string() });

const contadores = (campos: string[]) => z.object(Object.fromEntries(campos.map((c) => [c, z.number().int()])));
const leilaoPrivadoSchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  nome: z.string(),
  situacao: z.string(),
  data: z.string(),
  local: z.string().nullable(),
  cidade: z.string().nullable(),
  documentosLeilao: contadores(['qtdAguardando', 'qtdAcertos', 'qtdDocumentos']),
  videosLeilao: contadores(['qtdLotes', 'qtdLotesComVideo', 'qtdLotesSemVideo']),
  comitenteAcompanhar: contadores(['qtdLotes', 'qtdCondicionaisAguardando', 'qtdVendido']),
});
const localRealizacaoSchema = z.object({
  id: z.number().int().nullable(),
  lcpId: z.number().int().nullable(),
  nome: z.string(),
  endereco: z.string().nullable(),
  cidade: z.string().nullable(),
  telefone: z.string().nullable(),
});
const loteParaImportacaoSchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  situacao: z.string(),
  ordemLeilao: z.number().int(),
  arremateValor: z.number().int().nullable(),
  descricaoVisitacao: z.string().nullable(),
  quantidadeFotos: z.number().int(),
  fotosJsonUrls: z.array(z.string()),
  createdAt: z.string(),
  jaCopiado: z.boolean(),
  leiloes: z.object({ id: z.number().int(), uid: z.string(), nome: z.string() }),
  lote: z.object({
    id: z.number().int(),
    uid: z.string(),
    numero: z.string(),
    nome: z.string(),
    minimo: z.number().int(),
    incremento: z.number().int(),
  }),
  veiculos: z.object({
    id: z.number().int(),
    uid: z.string(),
    nome: z.string(),
    placa: z.string().nullable(),
    chassi: z.string().nullable(),
  }),
});

/* The documented answers of the auctions and lots (app/modules/backoffice/leiloes.server.ts, lotes.server.ts). */
const inteiroApi = z.number().int();
const leilaoDaListaSchema = z
  .object({
    id: inteiroApi,
    uid: uuid,
    nome: z.string(),
    situacao: z.enum(SITUACOES_LEILAO),
    modalidade: z.string(),
    data: instante,
    cidade: z.string().nullable(),
    quantidadeLotes: inteiroApi,
  })
  .meta({ id: 'LeilaoDaLista' });
const leilaoCompletoSchema = z
  .object({
    id: inteiroApi,
    uid: uuid,
    letId: inteiroApi.nullable(),
    texId: inteiroApi.nullable(),
    lrlId: inteiroApi.nullable(),
    regulamentoUid: uuid.nullable(),
    nome: z.string(),
    nomeSemData: z.string(),
    situacao: z.enum(SITUACOES_LEILAO),
    modalidade: z.string(),
    tipoOrigem: z.string().nullable(),
    editalUrl: z.string().nullable(),
    dia: instante,
    porcentagemComissao: pontosBase,
    transmissaoSubdominio: z.string().nullable(),
    intervaloEntreLotesSegundos: inteiroApi,
    pontoCorteParaIncrementoPosLancesSegundos: inteiroApi,
    incrementoAposLancesSegundos: inteiroApi,
    validarSucata: z.boolean(),
    local: z.string().nullable(),
    cidade: z.string().nullable(),
    estadoUf: z.string().nullable(),
    patioId: inteiroApi.nullable(),
    leiloeiroId: inteiroApi.nullable(),
    editalPublicadoEm: instante.nullable().meta({ description: 'Publicação do edital (leilão judicial; CPC 887: 5 dias antes)' }),
    destaque: z.boolean(),
    localRealizacao: z
      .object({
        nome: z.string(),
        endereco: z.string().nullable().optional(),
        cidade: z.string().nullable().optional(),
        telefone: z.string().nullable().optional(),
      })
      .nullable(),
    cupons: z.array(z.object({ codigo: z.string(), descontoPorcentagem: pontosBase })),
    videos: z.array(z.string()),
    leiloesLotes: z.array(
      z.object({
        id: inteiroApi,
        uid: uuid,
        situacao: z.enum(SITUACOES_LOTE),
        ordemLeilao: inteiroApi,
        arremateValor: centavos.nullable(),
        loteId: inteiroApi,
        numero: z.string(),
        nome: z.string(),
        minimo: centavos,
        quantidadeFotos: inteiroApi,
        createdAt: instante,
      }),
    ),
  })
  .meta({ id: 'LeilaoCompleto' });
const loteDaListaSchema = z
  .object({
    id: inteiroApi,
    uid: uuid,
    numero: z.string(),
    nome: z.string(),
    situacao: z.enum(SITUACOES_LOTE),
    tipo: z.enum(TIPOS_NEGOCIACAO),
    minimo: centavos,
    incremento: centavos,
    valorAtual: centavos,
    quantidadeLances: inteiroApi,
    quantidadeFotos: inteiroApi,
    dataFim: instante.nullable(),
    leilaoId: inteiroApi.nullable(),
    leilaoNome: z.string().nullable(),
    veiculoUid: uuid,
    placa: z.string().nullable(),
    chassi: z.string().nullable(),
  })
  .meta({ id: 'LoteDaLista' });
const loteCompletoSchema = z
  .object({
    id: inteiroApi,
    uid: uuid,
    leilaoId: inteiroApi.nullable(),
    leilaoNome: z.string().nullable(),
    leilaoSituacao: z.enum(SITUACOES_LEILAO).nullable(),
    veiculoUid: uuid,
    veiculoNome: z.string(),
    placa: z.string().nullable(),
    chassi: z.string().nullable(),
    numero: z.string(),
    ordem: inteiroApi.nullable(),
    nome: z.string(),
    situacao: z.enum(SITUACOES_LOTE),
    tipo: z.enum(TIPOS_NEGOCIACAO),
    descricao: z.string().nullable(),
    motivoCancelamento: z.string().nullable(),
    carimbos: z.array(
      z.object({
        id: inteiroApi,
        nome: z.string(),
        urlCard: z.string().nullable(),
        urlLote: z.string().nullable(),
        link: z.string().nullable(),
      }),
    ),
    minimo: centavos,
    incremento: centavos,
    valorComitente: centavos.nullable().meta({ description: 'Valor do comitente (privado)' }),
    compreJa: centavos.nullable(),
    avaliacao: centavos.nullable().meta({ description: 'Avaliação judicial (leilão judicial; CPC 891)' }),
    minimoDoJuiz: centavos.nullable().meta({ description: 'Preço mínimo fixado pelo juiz (CPC 891)' }),
    bemDeIncapaz: z.boolean().meta({ description: 'Bem de incapaz: lance mínimo de 80 % da avaliação (CPC 896)' }),
    ...camposDasTaxas,
    quantidadeLances: inteiroApi,
    quantidadeFotos: inteiroApi,
    dataInicio: instante.nullable(),
    dataFim: instante.nullable(),
  })
  .meta({ id: 'LoteDoBackoffice', description: 'O lote com os campos privados (valor do comitente)' });

/** GET /veiculos/qb (veiculos.server.ts listarVeiculos). */
const veiculoDaListaSchema = z
  .object({
    id: inteiroApi,
    uid: uuid,
    nome: z.string(),
    situacao: z.string(),
    placa: z.string().nullable(),
    chassi: z.string().nullable(),
    anoFabricacao: inteiroApi.nullable(),
    anoModelo: inteiroApi.nullable(),
    tipo: z.string().meta({ description: 'Nome do tipo de veículo' }),
    comitente: z.string().nullable().meta({ description: 'Nome do comitente' }),
    patio: z.string().nullable().meta({ description: 'Nome do pátio' }),
    unidadeNegocio: z.string().nullable().meta({ description: 'Nome da unidade de negócio' }),
    quantidadeLotes: inteiroApi,
  })
  .meta({ id: 'VeiculoDaLista' });

export function rotasBackoffice(): RotaApi[] {
  const quem = (req: Request, ctx: Contexto, p: readonly string[]) => exigirPapelApi(req, ctx, p);
  return [
    {
      metodo: 'get',
      caminho: '/leiloes/qb',
      resumo: 'Leilões da marca, paginados e filtrados',
      tag: TAG_LEILAO,
      acesso: ACESSO_LEILAO,
      query: filtroLeiloesSchema,
      cabecalhos: CONTAGEM,
      resposta: z.array(leilaoDaListaSchema),
      handler: async (req, res, ctx) => {
        await quem(req, ctx, LEILAO);
        return lista(res, await listarLeiloes({ db: ctx.db, hotsiteId: ctx.marca.id, filtro: req.query }));
      },
    },
    {
      metodo: 'get',
      caminho: '/leiloes/lotes/qb',
      resumo: 'Lotes por leilão e situação',
      tag: TAG_LEILAO,
      acesso: ACESSO_LEILAO,
      query: filtroLotesSchema,
      cabecalhos: CONTAGEM,
      resposta: z.array(loteDaListaSchema),
      handler: async (req, res, ctx) => {
        await quem(req, ctx, LEILAO);
        return lista(res, await listarLotes({ db: ctx.db, hotsiteId: ctx.marca.id, filtro: req.query }));
      },
    },
    {
      metodo: 'get',
      caminho: '/leiloes/privado',
      resumo: 'Leilões da marca (mais recentes primeiro) com documentosLeilao, videosLeilao e comitenteAcompanhar',
      tag: TAG_LEILAO,
      acesso: ACESSO_LEILAO,
      query: filtroPrivadoSchema,
      resposta: z.array(leilaoPrivadoSchema),
      cabecalhos: { count: 'Quantidade de leilões' },
      handler: async (req, res, ctx) => {
        await quem(req, ctx, LEILAO);
        const itens = await leiloesPrivados({ db: ctx.db, hotsiteId: ctx.marca.id, filtro: req.query });
        return lista(res, { itens, total: itens.length });
      },
    },
    {
      metodo: 'get',
      caminho: '/leiloes/local-realizacao-leiloes/lista',
      resumo: 'Locais de realização dos leilões da marca (um por nome, endereço e cidade)',
      tag: TAG_LEILAO,
      acesso: ACESSO_LEILAO,
      resposta: z.array(localRealizacaoSchema),
      handler: async (req, _res, ctx) => {
        await quem(req, ctx, LEILAO);
        return locaisDeRealizacao({ db: ctx.db, hotsiteId: ctx.marca.id });
      },
    },
    {
      metodo: 'get',
      caminho: '/leiloes/lotes-para-importacao/:id',
      resumo: 'Lotes não arrematados do leilão que podem ser copiados para o próximo (jaCopiado: o veículo já tem lote mais novo)',
      tag: TAG_LEILAO,
      acesso: ACESSO_LEILAO,
      params: pId,
      resposta: z.array(loteParaImportacaoSchema),
      handler: async (req, _res, ctx) => {
        await quem(req, ctx, LEILAO);
        return lotesParaImportacao({ db: ctx.db, hotsiteId: ctx.marca.id, leilaoId: idDaUrl('Leilão').parse(req.params.id) });
      },
    },
    {
      metodo: 'get',
      caminho: '/leiloes/by-lote/:id',
      resumo: 'O leilão completo de um lote',
      tag: TAG_LEILAO,
      acesso: ACESSO_LEILAO,
      params: pId,
      resposta: leilaoCompletoSchema,
      handler: async (req, _res, ctx) => {
        await quem(req, ctx, LEILAO);
        return leilaoDoLote({ db: ctx.db, hotsiteId: ctx.marca.id, loteId: idDaUrl('Lote').parse(req.params.id) });
      },
    },
    {
      metodo: 'get',
      caminho: '/leiloes/lotes/:id',
      resumo: 'Um lote com informações privadas (valor do comitente)',
      tag: TAG_LEILAO,
      acesso: ACESSO_LEILAO,
      params: pId,
      resposta: loteCompletoSchema,
      antes: [soNumero],
      handler: async (req, _res, ctx) => {
        await quem(req, ctx, LEILAO);
        return obterLote({ db: ctx.db, hotsiteId: ctx.marca.id, id: idDaUrl('Lote').parse(req.params.id) });
      },
    },
    {
      metodo: 'put',
      caminho: '/leiloes/lotes/:id',
      resumo: 'Alterar valores do lote (mínimo e incremento de lote liberado exigem Interno - Alteração de Minimos e Incremento)',
      tag: TAG_LEILAO,
      acesso: ACESSO_LEILAO,
      params: pId,
      corpo: loteValoresSchema,
      antes: [soNumero],
      handler: async (req, _res, ctx) => {
        const u = await quem(req, ctx, LEILAO);
        const id = idDaUrl('Lote').parse(req.params.id);
        await alterarLote({ db: ctx.db, hub: ctx.hub, hotsiteId: ctx.marca.id, usuario: u, id, entrada: req.body });
        return obterLote({ db: ctx.db, hotsiteId: ctx.marca.id, id });
      },
    },
    {
      metodo: 'put',
      caminho: '/leiloes/lotes/:id/situacao',
      resumo: 'Mudar a situação do lote (cancelar exige motivo)',
      tag: TAG_LEILAO,
      acesso: ACESSO_LEILAO,
      params: pId,
      corpo: situacaoLoteSchema,
      antes: [soNumero],
      handler: async (req, _res, ctx) => {
        const u = await quem(req, ctx, LEILAO);
        const id = idDaUrl('Lote').parse(req.params.id);
        return mudarSituacaoLote({ db: ctx.db, hub: ctx.hub, hotsiteId: ctx.marca.id, usuarioId: u.id, id, entrada: req.body });
      },
    },
    {
      metodo: 'get',
      caminho: '/leiloes/:id',
      resumo: 'O leilão completo, com seus lotes',
      tag: TAG_LEILAO,
      acesso: ACESSO_LEILAO,
      params: pId,
      resposta: leilaoCompletoSchema,
      antes: [soNumero],
      handler: async (req, _res, ctx) => {
        await quem(req, ctx, LEILAO);
        return obterLeilao({ db: ctx.db, hotsiteId: ctx.marca.id, id: idDaUrl('Leilão').parse(req.params.id) });
      },
    },
    {
      metodo: 'post',
      caminho: '/leiloes',
      resumo: 'Criar leilão (EM_LOTEAMENTO)',
      tag: TAG_LEILAO,
      acesso: ACESSO_LEILAO,
      corpo: leilaoSchema,
      resposta: criadoSchema,
      status: 201,
      handler: async (req, res, ctx) => {
        const u = await quem(req, ctx, LEILAO);
        const r = await criarLeilao({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, entrada: req.body });
        res.status(201);
        return r;
      },
    },
    {
      metodo: 'put',
      caminho: '/leiloes/:id',
      resumo: 'Alterar leilão',
      tag: TAG_LEILAO,
      acesso: ACESSO_LEILAO,
      params: pId,
      corpo: leilaoSchema,
      antes: [soNumero],
      handler: async (req, _res, ctx) => {
        const u = await quem(req, ctx, LEILAO);
        const id = idDaUrl('Leilão').parse(req.params.id);
        await alterarLeilao({ db: ctx.db, hub: ctx.hub, hotsiteId: ctx.marca.id, usuarioId: u.id, id, entrada: req.body });
        return obterLeilao({ db: ctx.db, hotsiteId: ctx.marca.id, id });
      },
    },
    {
      metodo: 'put',
      caminho: '/leiloes/:id/situacao',
      resumo: 'Mudar a situação do leilão (EM_LOTEAMENTO → CRIADO → PRONTO → AO_VIVO → EXECUTADO, ou CANCELADO)',
      tag: TAG_LEILAO,
      acesso: ACESSO_LEILAO,
      params: pId,
      corpo: situacaoLeilaoSchema,
      antes: [soNumero],
      handler: async (req, _res, ctx) => {
        const u = await quem(req, ctx, LEILAO);
        const id = idDaUrl('Leilão').parse(req.params.id);
        return mudarSituacaoLeilao({ db: ctx.db, hub: ctx.hub, hotsiteId: ctx.marca.id, usuarioId: u.id, id, entrada: req.body });
      },
    },
    {
      metodo: 'post',
      caminho: '/leiloes/:id/lotes',
      resumo: 'Criar lote de um veículo no leilão',
      tag: TAG_LEILAO,
      acesso: ACESSO_LEILAO,
      params: pId,
      corpo: novoLoteSchema,
      status: 201,
      antes: [soNumero],
      handler: async (req, res, ctx) => {
        const u = await quem(req, ctx, LEILAO);
        const leilaoId = idDaUrl('Leilão').parse(req.params.id);
        const r = await criarLote({ db: ctx.db, hub: ctx.hub, hotsiteId: ctx.marca.id, usuarioId: u.id, leilaoId, entrada: req.body });
        res.status(201);
        return r;
      },
    },
    {
      metodo: 'post',
      caminho: '/leiloes/:id/importacao',
      resumo: 'Importar veículos e lotes (linhas com as colunas da planilha; valores em reais); idempotente por chassi ou placa',
      tag: TAG_LEILAO,
      acesso: ACESSO_LEILAO,
      params: pId,
      corpo: importacaoApiSchema,
      antes: [soNumero],
      handler: async (req, _res, ctx) => {
        const u = await quem(req, ctx, LEILAO);
        const leilaoId = idDaUrl('Leilão').parse(req.params.id);
        const corpo = importacaoApiSchema.parse(req.body);
        const linhas = await validarLinhas({
          db: ctx.db,
          hotsiteId: ctx.marca.id,
          usuario: u,
          linhas: linhasComCampos(corpo.linhas),
          primeiraLinha: 1,
        });
        const erros = linhas.flatMap((l) => (l.ok ? [] : [{ linha: l.linha, erros: l.erros }]));
        const validas = linhas.filter((l) => l.ok);
        if (corpo.apenasValidar) return { validas: validas.length, erros, criados: 0, atualizados: 0 };
        // Imports the valid rows; the invalid ones are answered so the caller can fix and resend them.
        const r = validas.length
          ? await importarLinhas({ db: ctx.db, hub: ctx.hub, hotsiteId: ctx.marca.id, usuarioId: u.id, leilaoId, linhas: validas })
          : { criados: 0, atualizados: 0 };
        return { validas: validas.length, erros, ...r };
      },
    },
    {
      metodo: 'get',
      caminho: '/veiculos/qb',
      resumo: 'Veículos por nome, placa ou chassi',
      tag: TAG_VEICULO,
      acesso: ACESSO_VEICULO,
      query: filtroVeiculosSchema,
      cabecalhos: CONTAGEM,
      resposta: z.array(veiculoDaListaSchema),
      handler: async (req, res, ctx) => {
        const u = await quem(req, ctx, VEICULO);
        const comitentes = await comitentesVisiveis({ db: ctx.db, hotsiteId: ctx.marca.id, usuario: u });
        return lista(res, await listarVeiculos({ db: ctx.db, hotsiteId: ctx.marca.id, comitentes, filtro: req.query }));
      },
    },
    {
      metodo: 'get',
      caminho: '/veiculos/:uid',
      resumo: 'Um veículo com seus lotes',
      tag: TAG_VEICULO,
      acesso: ACESSO_VEICULO,
      params: pUid,
      handler: async (req, _res, ctx) => {
        const u = await quem(req, ctx, VEICULO);
        const comitentes = await comitentesVisiveis({ db: ctx.db, hotsiteId: ctx.marca.id, usuario: u });
        return obterVeiculo({ db: ctx.db, hotsiteId: ctx.marca.id, comitentes, uid: uidDaUrl.parse(req.params.uid) });
      },
    },
    {
      metodo: 'post',
      caminho: '/veiculos',
      resumo: 'Cadastrar veículo',
      tag: TAG_VEICULO,
      acesso: ACESSO_VEICULO,
      corpo: veiculoSchema,
      resposta: criadoSchema,
      status: 201,
      handler: async (req, res, ctx) => {
        const u = await quem(req, ctx, VEICULO);
        const r = await criarVeiculo({ db: ctx.db, hotsiteId: ctx.marca.id, usuario: u, entrada: req.body });
        res.status(201);
        return r;
      },
    },
    {
      metodo: 'put',
      caminho: '/veiculos/:uid',
      resumo: 'Alterar veículo',
      tag: TAG_VEICULO,
      acesso: ACESSO_VEICULO,
      params: pUid,
      corpo: veiculoSchema,
      handler: async (req, _res, ctx) => {
        const u = await quem(req, ctx, VEICULO);
        const uid = uidDaUrl.parse(req.params.uid);
        return alterarVeiculo({ db: ctx.db, hub: ctx.hub, hotsiteId: ctx.marca.id, usuario: u, uid, entrada: req.body });
      },
    },
  ];
}
