import type { Request, Response } from 'express';
import { z } from 'zod';
import { ACESSOS } from '~/modules/dominio/acessos';
import { exigirPapelApi } from '~/modules/identidade/guard.server';
import {
  alterarTipoVistoria,
  apagarTipoVistoria,
  criarTipoVistoria,
  filtroTiposSchema,
  listarTiposVistoria,
  obterTipoVistoria,
  tipoVistoriaSchema,
} from '~/modules/vistorias/tipos.server';
import {
  criarVistoria,
  filtroVistoriasSchema,
  listarVistorias,
  mudarSituacaoVistoria,
  novaVistoriaSchema,
  obterVistoria,
  responderVistoria,
  respostasVistoriaSchema,
  situacaoVistoriaSchema,
} from '~/modules/vistorias/vistorias.server';
import type { RotaApi } from './rota.server';
import { instante, uuid } from './esquemas';
import { CATEGORIAS_VEICULO } from '@db/schema/enums-catalogo';
import { SITUACOES_VISTORIA } from '@db/schema/vistorias';

/**
 * Inspections (spec 001 §7: GET /{v}/tipo-vistoria/find/qb, find/{uid}, DELETE del/{uid}; the writes and
 * the inspections themselves, which the spec does not list, as REST in the same style). Staff by bearer
 * token with the roles of /admin/vistorias (decision 064).
 */
const VISTORIA = ACESSOS['/admin/vistorias'] as readonly string[];
const uidDaUrl = z.uuid({ error: 'uid inválido' });

function lista(res: Response, r: { itens: unknown[]; total: number }) {
  res.setHeader('count', String(r.total));
  res.setHeader('Access-Control-Expose-Headers', 'count');
  return r.itens;
}

const TAG_TIPO = 'Tipos de vistoria';
const TAG_VISTORIA = 'Vistorias';
const ACESSO = VISTORIA.join(', ');
const pUid = z.object({ uid: uidDaUrl });
const CONTAGEM = { count: 'Total de itens do filtro (a resposta traz uma página)' };
const criadoSchema = z.object({ id: z.number().int(), uid: z.string() });

/* The documented answers (app/modules/vistorias: tipos.server.ts comoTipo, vistorias.server.ts listarVistorias and buscar). */
const inteiroApi = z.number().int();
const itemDeVistoriaSchema = z.object({
  nome: z.string(),
  tipo: z.enum(['OPCAO', 'TEXTO']),
  obrigatorio: z.boolean(),
  opcoes: z.array(z.string()),
  exemploUrl: z.string().nullable(),
  ordem: inteiroApi,
  resposta: z.string().nullable().optional().meta({ description: 'Só na vistoria: a resposta dada' }),
  marcacoes: z.array(z.string()).optional(),
});
const categoriaDeVistoriaSchema = z
  .object({ nome: z.string(), ordem: inteiroApi, itens: z.array(itemDeVistoriaSchema) })
  .meta({ id: 'CategoriaDeVistoria' });
const tipoVistoriaApiSchema = z
  .object({
    id: inteiroApi,
    uid: uuid,
    nome: z.string(),
    podeEditar: z.boolean(),
    disponibilizarParaTipos: z.array(z.string()),
    ativo: z.boolean(),
    categorias: z.array(categoriaDeVistoriaSchema),
    updatedAt: instante,
    updatedByCliente: z.string().nullable().meta({ description: 'Nome de quem alterou por último' }),
  })
  .meta({ id: 'TipoVistoria' });
const situacaoVistoria = z.enum(SITUACOES_VISTORIA);
const vistoriaDaListaSchema = z
  .object({
    id: inteiroApi,
    uid: uuid,
    situacao: situacaoVistoria,
    tipo: z.string(),
    vistoriador: z.string().nullable(),
    hash: z.string().nullable().meta({ description: 'Abre o laudo (laudo-vistoria/{hash}); só depois de Realizada' }),
    veiculoUid: uuid,
    veiculoNome: z.string(),
    placa: z.string().nullable(),
    chassi: z.string().nullable(),
    createdAt: instante,
    realizadaAt: instante.nullable(),
  })
  .meta({ id: 'VistoriaDaLista' });
const grupoEquipamentos = z.enum(['leve', 'pesado', 'moto']);
const vistoriaApiSchema = z
  .object({
    id: inteiroApi,
    uid: uuid,
    tipo: z.string(),
    tipoVistoriaId: inteiroApi,
    situacao: situacaoVistoria,
    status: situacaoVistoria.meta({ description: 'O mesmo que situacao (nome da spec)' }),
    inspector: z.string().nullable().meta({ description: 'O mesmo que vistoriador (nome da spec)' }),
    vistoriador: z.string().nullable(),
    hash: z.string(),
    categorias: z.array(categoriaDeVistoriaSchema),
    equipamentos: z
      .object({
        tipo: grupoEquipamentos,
        quilometragem: inteiroApi.nullable(),
        bateria: z.string().nullable().optional(),
        chaveReserva: z.string().nullable().optional(),
        manualProprietario: z.string().nullable().optional(),
        eixos: inteiroApi.optional(),
        pneus: z.array(z.object({ posicao: z.string(), condicao: z.enum(['BOM', 'MEIA-VIDA', 'TROCA']) })),
        itens: z.record(z.string(), z.string()),
      })
      .nullable(),
    grupoEquipamentos,
    observacao: z.string().nullable(),
    motivoCancelamento: z.string().nullable(),
    veiculo: z.object({
      id: inteiroApi,
      uid: uuid,
      nome: z.string(),
      modelo: z.string(),
      versao: z.string().nullable(),
      marca: z.string().nullable(),
      tipo: z.string(),
      categoria: z.enum(CATEGORIAS_VEICULO),
      placa: z.string().nullable(),
      chassi: z.string().nullable(),
      renavam: z.string().nullable(),
      anoFabricacao: inteiroApi.nullable(),
      anoModelo: inteiroApi.nullable(),
      cor: z.string().nullable(),
      km: inteiroApi.nullable(),
      combustivel: z.string().nullable(),
      comitente: z.string().nullable(),
      patio: z.string().nullable(),
    }),
    remocao: z.null(),
    estadia: z.null(),
    criadaPor: z.string().nullable(),
    createdAt: instante,
    updatedAt: instante,
    realizadaAt: instante.nullable(),
    canceladaAt: instante.nullable(),
  })
  .meta({ id: 'Vistoria' });

export function rotasVistorias(): RotaApi[] {
  const quem = (req: Request, ctx: Parameters<typeof exigirPapelApi>[1]) => exigirPapelApi(req, ctx, VISTORIA);
  return [
    {
      metodo: 'get',
      caminho: '/tipo-vistoria/find/qb',
      resumo: 'Tipos de vistoria da marca (com categorias, itens e opções), paginados',
      tag: TAG_TIPO,
      acesso: ACESSO,
      query: filtroTiposSchema,
      cabecalhos: CONTAGEM,
      resposta: z.array(tipoVistoriaApiSchema),
      handler: async (req, res, ctx) => {
        await quem(req, ctx);
        return lista(res, await listarTiposVistoria({ db: ctx.db, hotsiteId: ctx.marca.id, filtro: req.query }));
      },
    },
    {
      metodo: 'get',
      caminho: '/tipo-vistoria/find/:uid',
      resumo: 'Um tipo de vistoria',
      tag: TAG_TIPO,
      acesso: ACESSO,
      params: pUid,
      resposta: tipoVistoriaApiSchema,
      handler: async (req, _res, ctx) => {
        await quem(req, ctx);
        return obterTipoVistoria({ db: ctx.db, hotsiteId: ctx.marca.id, uid: req.params.uid });
      },
    },
    {
      metodo: 'delete',
      caminho: '/tipo-vistoria/del/:uid',
      resumo: 'Excluir tipo de vistoria (409 se já usado: desative-o)',
      tag: TAG_TIPO,
      acesso: ACESSO,
      params: pUid,
      handler: async (req, _res, ctx) => {
        const u = await quem(req, ctx);
        return apagarTipoVistoria({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, uid: req.params.uid });
      },
    },
    {
      metodo: 'post',
      caminho: '/tipo-vistoria',
      resumo: 'Criar tipo de vistoria com categorias, itens (OPCAO ou TEXTO) e opções',
      tag: TAG_TIPO,
      acesso: ACESSO,
      corpo: tipoVistoriaSchema,
      resposta: criadoSchema,
      status: 201,
      handler: async (req, res, ctx) => {
        const u = await quem(req, ctx);
        const r = await criarTipoVistoria({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, entrada: req.body });
        res.status(201);
        return r;
      },
    },
    {
      metodo: 'put',
      caminho: '/tipo-vistoria/:uid',
      resumo: 'Alterar tipo de vistoria (vistorias já criadas guardam sua cópia)',
      tag: TAG_TIPO,
      acesso: ACESSO,
      params: pUid,
      corpo: tipoVistoriaSchema,
      handler: async (req, _res, ctx) => {
        const u = await quem(req, ctx);
        return alterarTipoVistoria({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, uid: req.params.uid, entrada: req.body });
      },
    },
    {
      metodo: 'get',
      caminho: '/vistorias/qb',
      resumo: 'Vistorias por situação (Aguardando, Realizada, Cancelada) e placa ou chassi',
      tag: TAG_VISTORIA,
      acesso: ACESSO,
      query: filtroVistoriasSchema,
      cabecalhos: CONTAGEM,
      resposta: z.array(vistoriaDaListaSchema),
      handler: async (req, res, ctx) => {
        await quem(req, ctx);
        return lista(res, await listarVistorias({ db: ctx.db, hotsiteId: ctx.marca.id, filtro: req.query }));
      },
    },
    {
      metodo: 'get',
      caminho: '/vistorias/:uid',
      resumo: 'Uma vistoria com respostas, pneus e equipamentos',
      tag: TAG_VISTORIA,
      acesso: ACESSO,
      params: pUid,
      resposta: vistoriaApiSchema,
      handler: async (req, _res, ctx) => {
        await quem(req, ctx);
        return obterVistoria({ db: ctx.db, hotsiteId: ctx.marca.id, uid: req.params.uid });
      },
    },
    {
      metodo: 'post',
      caminho: '/vistorias',
      resumo: 'Abrir vistoria de um veículo (Aguardando), por veiculoUid ou placa/chassi',
      tag: TAG_VISTORIA,
      acesso: ACESSO,
      corpo: novaVistoriaSchema,
      resposta: criadoSchema,
      status: 201,
      handler: async (req, res, ctx) => {
        const u = await quem(req, ctx);
        const r = await criarVistoria({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, entrada: req.body });
        res.status(201);
        return r;
      },
    },
    {
      metodo: 'put',
      caminho: '/vistorias/:uid',
      resumo: 'Responder a vistoria: respostas ("categoria.item" a partir de 0), pneus, equipamentos, observação',
      tag: TAG_VISTORIA,
      acesso: ACESSO,
      params: pUid,
      corpo: respostasVistoriaSchema,
      handler: async (req, _res, ctx) => {
        const u = await quem(req, ctx);
        return responderVistoria({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, uid: req.params.uid, entrada: req.body });
      },
    },
    {
      metodo: 'put',
      caminho: '/vistorias/:uid/situacao',
      resumo: 'Concluir (Realizada) ou cancelar (Cancelada, com motivo) a vistoria',
      tag: TAG_VISTORIA,
      acesso: ACESSO,
      params: pUid,
      corpo: situacaoVistoriaSchema,
      handler: async (req, _res, ctx) => {
        const u = await quem(req, ctx);
        return mudarSituacaoVistoria({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, uid: req.params.uid, entrada: req.body });
      },
    },
  ];
}
