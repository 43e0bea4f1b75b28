import type { Request, Response } from 'express';
import { z } from 'zod';
import type { Contexto } from '~/context';
import { SITUACOES_REMOCAO } from '@db/schema/enums-catalogo';
import { ACESSOS } from '~/modules/dominio/acessos';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { patiosAtivos } from '~/modules/backoffice/leiloes.server';
import { exigirPapelApi } from '~/modules/identidade/guard.server';
import {
  buscaCadastroSchema,
  criarLocalRemocao,
  criarMotorista,
  criarTransportadora,
  editarLocalRemocao,
  editarMotorista,
  editarTransportadora,
  listarLocaisRemocao,
  listarMotoristas,
  listarTransportadoras,
  localRemocaoSchema,
  MENSAGENS_CADASTROS,
  motoristaSchema,
  transportadoraSchema,
  veiculosComRemocoes,
} from '~/modules/remocoes/cadastros.server';
import {
  confirmarRemocao,
  etapaSchema,
  filtroRemocoesSchema,
  informarEtapa,
  listarRemocoes,
  mudarSituacaoRemocao,
  obterRemocao,
  remocaoSchema,
  salvarRemocao,
  situacaoRemocaoSchema,
} from '~/modules/remocoes/remocoes.server';
import { CABECALHO_ASSINATURA, CABECALHO_TIMESTAMP } from '~/modules/seguradoras/assinatura.server';
import { comunicacoesDaRemocao, respostaComunicacaoSchema, responderComunicacao } from '~/modules/seguradoras/comunicacao.server';
import { envelopeSchema } from '~/modules/seguradoras/envelope';
import { INTEGRADORAS_SEGURADORAS, MENSAGENS_RECEPTOR, receberEvento } from '~/modules/seguradoras/receptor.server';
import { ErroHttp, naoEncontrado } from '~/utils/errors';
import type { RotaApi } from './rota.server';
import { instante, uuid } from './esquemas';

/**
 * Removals and the insurers (spec 001 §7 `/remocoes/consulta/qb`, `/consulta/transportadoras`, `/motoristas`,
 * `/locais-remocoes`, `/patios/remocoes`, `/veiculos/qb/remocoes`; §9 the insurer payloads; decisions 081,
 * 171-175). Staff by bearer token with the roles of `/admin/remocao`; the insurer's webhook by its signature.
 */
const REMOCAO = ACESSOS['/admin/remocao'] as readonly string[];
const REMOCAO_E_PATIO = [...REMOCAO, P.PATIO] as const;
const TAG = 'Remoções';
const TAG_SEGURADORAS = 'Seguradoras';
const pUid = z.object({ uid: z.uuid({ error: 'uid inválido' }) });
const pComunicacao = pUid.extend({ comunicacao: z.uuid({ error: 'comunicação inválida' }) });

function lista(res: Response, r: { itens: unknown[]; total: number }) {
  res.setHeader('count', String(r.total));
  res.setHeader('Access-Control-Expose-Headers', 'count');
  return r.itens;
}

const remocaoDaListaSchema = z
  .object({
    uid: uuid,
    situacao: z.enum(SITUACOES_REMOCAO),
    dataSolicitacao: instante,
    diaInicioPrevisto: z.string().nullable(),
    diaFimPrevisto: z.string().nullable(),
    diaInicioReal: z.string().nullable(),
    diaFimReal: z.string().nullable(),
    localRemocao: z.string(),
    transportadora: z.string().nullable(),
    motorista: z.string().nullable(),
    valorSugerido: z.number().int().nullable().meta({ description: 'centavos' }),
    integradora: z.string().nullable(),
    protocolo: z.string().nullable(),
    etapa: z.string().nullable().meta({ description: 'Última etapa da seguradora (S01-S17)' }),
    processId: z.string().nullable(),
    sinistro: z.string().nullable(),
    veiculoUid: uuid,
    placa: z.string().nullable(),
    chassi: z.string().nullable(),
    patioNome: z.string().nullable(),
  })
  .meta({ id: 'Remocao' });

const reciboSchema = z
  .object({
    status: z.enum(['EST01', 'EST02', 'EST03', 'ESTXX']),
    statusName: z.string(),
    message: z.string(),
    processId: z.string().optional(),
    eventCode: z.string().optional(),
    remocaoUid: uuid.optional(),
    errors: z.array(z.string()).optional(),
  })
  .meta({ id: 'ReciboSeguradora' });

/** The bytes the JSON parser kept (router.server.ts): the signature is over them. */
const corpoBruto = (req: Request): Buffer => (req as Request & { corpoBruto?: Buffer }).corpoBruto ?? Buffer.alloc(0);

/** A register's three calls (list with a search, create, edit): the same access, shapes and answers for each register. */
function cadastro(
  caminho: string,
  resumoLista: string,
  resumoCriar: string,
  corpo: z.ZodType,
  listar: (a: { db: Contexto['db']; hotsiteId: number; filtro: unknown }) => Promise<unknown>,
  criar: (a: { db: Contexto['db']; hotsiteId: number; entrada: unknown }) => Promise<unknown>,
  editar: (a: { db: Contexto['db']; hotsiteId: number; uid: string; entrada: unknown }) => Promise<boolean>,
  naoAchado: string,
): RotaApi[] {
  const base = { caminho: `/remocoes/consulta/${caminho}`, tag: TAG, acesso: REMOCAO.join(', ') };
  return [
    {
      ...base,
      metodo: 'get',
      resumo: resumoLista,
      query: buscaCadastroSchema,
      handler: async (req, _res, ctx) => {
        await exigirPapelApi(req, ctx, REMOCAO);
        return listar({ db: ctx.db, hotsiteId: ctx.marca.id, filtro: req.query });
      },
    },
    {
      ...base,
      metodo: 'post',
      resumo: resumoCriar,
      corpo,
      status: 201,
      handler: async (req, res, ctx) => {
        await exigirPapelApi(req, ctx, REMOCAO);
        res.status(201);
        return criar({ db: ctx.db, hotsiteId: ctx.marca.id, entrada: req.body });
      },
    },
    {
      ...base,
      caminho: `${base.caminho}/:uid`,
      metodo: 'put',
      resumo: `${resumoCriar.replace('Cadastrar', 'Alterar')} (todos os campos)`,
      params: pUid,
      corpo,
      status: 204,
      handler: async (req, res, ctx) => {
        await exigirPapelApi(req, ctx, REMOCAO);
        const { uid } = pUid.parse(req.params);
        if (!(await editar({ db: ctx.db, hotsiteId: ctx.marca.id, uid, entrada: req.body }))) throw naoEncontrado(naoAchado);
        res.status(204).end();
      },
    },
  ];
}

export function rotasRemocoes(): RotaApi[] {
  const quem = (req: Request, ctx: Parameters<typeof exigirPapelApi>[1], papeis: readonly string[] = REMOCAO) =>
    exigirPapelApi(req, ctx, papeis);
  return [
    {
      metodo: 'post',
      caminho: '/integracao/:integradora/remocoes',
      resumo: 'Evento da seguradora (S01-S17): solicitação, autorização, cancelamento, comunicação, arquivos',
      tag: TAG_SEGURADORAS,
      acesso: `Seguradora: HMAC-SHA256 de "<timestamp>.<corpo>" em ${CABECALHO_ASSINATURA} (sha256=<hex>) e ${CABECALHO_TIMESTAMP} (segundos Unix, janela de 5 min)`,
      params: z.object({ integradora: z.enum(['mapfre', 'bradesco', 'pan']) }),
      corpo: envelopeSchema,
      resposta: reciboSchema,
      handler: async (req, res, ctx) => {
        const integradora = INTEGRADORAS_SEGURADORAS[String(req.params.integradora).toLowerCase() as keyof typeof INTEGRADORAS_SEGURADORAS];
        if (!integradora) throw naoEncontrado('Seguradora desconhecida');
        const r = await receberEvento({
          db: ctx.db,
          hotsiteId: ctx.marca.id,
          integradora,
          url: req.originalUrl.split('?')[0],
          corpo: corpoBruto(req),
          timestamp: req.get(CABECALHO_TIMESTAMP),
          assinatura: req.get(CABECALHO_ASSINATURA),
        });
        if (r.tipo === 'sem-integracao') throw naoEncontrado(MENSAGENS_RECEPTOR.semIntegracao);
        if (r.tipo === 'assinatura-invalida') throw new ErroHttp(401, MENSAGENS_RECEPTOR.assinatura);
        res.status(r.recibo.status === 'EST03' ? 422 : r.recibo.status === 'EST01' ? 202 : 200);
        return r.recibo;
      },
    },
    {
      metodo: 'get',
      caminho: '/remocoes/consulta/qb',
      resumo: 'Remoções por situação e placa, chassi, protocolo ou transportadora',
      tag: TAG,
      acesso: REMOCAO.join(', '),
      query: filtroRemocoesSchema,
      cabecalhos: { count: 'Total de itens do filtro' },
      resposta: z.array(remocaoDaListaSchema),
      handler: async (req, res, ctx) => {
        await quem(req, ctx);
        return lista(res, await listarRemocoes({ db: ctx.db, hotsiteId: ctx.marca.id, filtro: req.query }));
      },
    },
    ...cadastro(
      'transportadoras',
      'Transportadoras da marca',
      'Cadastrar transportadora',
      transportadoraSchema,
      listarTransportadoras,
      criarTransportadora,
      editarTransportadora,
      MENSAGENS_CADASTROS.transportadora,
    ),
    ...cadastro(
      'motoristas',
      'Motoristas da marca',
      'Cadastrar motorista',
      motoristaSchema,
      listarMotoristas,
      criarMotorista,
      editarMotorista,
      MENSAGENS_CADASTROS.motorista,
    ),
    ...cadastro(
      'locais-remocoes',
      'Locais de remoção da marca',
      'Cadastrar local de remoção',
      localRemocaoSchema,
      listarLocaisRemocao,
      criarLocalRemocao,
      editarLocalRemocao,
      MENSAGENS_CADASTROS.local,
    ),
    {
      metodo: 'get',
      caminho: '/remocoes/:uid',
      resumo: 'Uma remoção com seu log de integração e as atualizações à seguradora',
      tag: TAG,
      acesso: REMOCAO.join(', '),
      params: pUid,
      handler: async (req, _res, ctx) => {
        await quem(req, ctx);
        return obterRemocao({ db: ctx.db, hotsiteId: ctx.marca.id, uid: pUid.parse(req.params).uid });
      },
    },
    {
      metodo: 'put',
      caminho: '/remocoes/:uid',
      resumo: 'Alterar os dados de uma remoção aberta (local, pátio, previsão, transportadora, motorista, valor)',
      tag: TAG,
      acesso: REMOCAO.join(', '),
      params: pUid,
      corpo: remocaoSchema,
      status: 204,
      handler: async (req, res, ctx) => {
        const u = await quem(req, ctx);
        await salvarRemocao({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, uid: pUid.parse(req.params).uid, entrada: req.body });
        res.status(204).end();
      },
    },
    {
      metodo: 'post',
      caminho: '/remocoes/:uid/confirmar',
      resumo: 'Confirmar a remoção (S02 à seguradora)',
      tag: TAG,
      acesso: REMOCAO.join(', '),
      params: pUid,
      status: 204,
      handler: async (req, res, ctx) => {
        const u = await quem(req, ctx);
        await confirmarRemocao({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, uid: pUid.parse(req.params).uid });
        res.status(204).end();
      },
    },
    {
      metodo: 'put',
      caminho: '/remocoes/:uid/situacao',
      resumo: 'Mudar a situação da remoção (S03, S04, S05 ou S09 à seguradora)',
      tag: TAG,
      acesso: REMOCAO.join(', '),
      params: pUid,
      corpo: situacaoRemocaoSchema,
      status: 204,
      handler: async (req, res, ctx) => {
        const u = await quem(req, ctx);
        const { uid } = pUid.parse(req.params);
        await mudarSituacaoRemocao({
          db: ctx.db,
          hub: ctx.hub,
          hotsiteId: ctx.marca.id,
          usuarioId: u.id,
          remocao: { uid },
          entrada: req.body,
        });
        res.status(204).end();
      },
    },
    {
      metodo: 'post',
      caminho: '/remocoes/:uid/etapas',
      resumo: 'Informar uma etapa do pátio à seguradora (S06, S07, S10, S11, S12, S13, S17)',
      tag: TAG,
      acesso: REMOCAO.join(', '),
      params: pUid,
      corpo: etapaSchema,
      status: 204,
      handler: async (req, res, ctx) => {
        const u = await quem(req, ctx);
        await informarEtapa({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, uid: pUid.parse(req.params).uid, entrada: req.body });
        res.status(204).end();
      },
    },
    {
      metodo: 'get',
      caminho: '/remocoes/:uid/comunicacoes',
      resumo: 'Perguntas da seguradora (S14) e as respostas (S15)',
      tag: TAG_SEGURADORAS,
      acesso: REMOCAO.join(', '),
      params: pUid,
      handler: async (req, _res, ctx) => {
        await quem(req, ctx);
        return comunicacoesDaRemocao({ db: ctx.db, hotsiteId: ctx.marca.id, remocaoUid: pUid.parse(req.params).uid });
      },
    },
    {
      metodo: 'post',
      caminho: '/remocoes/:uid/comunicacoes/:comunicacao/resposta',
      resumo: 'Responder a uma pergunta da seguradora (S15), uma vez',
      tag: TAG_SEGURADORAS,
      acesso: REMOCAO.join(', '),
      params: pComunicacao,
      corpo: respostaComunicacaoSchema,
      status: 204,
      handler: async (req, res, ctx) => {
        const u = await quem(req, ctx);
        const p = pComunicacao.parse(req.params);
        await responderComunicacao({
          db: ctx.db,
          hotsiteId: ctx.marca.id,
          usuarioId: u.id,
          remocaoUid: p.uid,
          uid: p.comunicacao,
          entrada: req.body,
        });
        res.status(204).end();
      },
    },
    {
      metodo: 'get',
      caminho: '/patios/remocoes',
      resumo: 'Pátios que recebem remoções',
      tag: TAG,
      acesso: REMOCAO_E_PATIO.join(', '),
      handler: async (req, _res, ctx) => {
        await quem(req, ctx, REMOCAO_E_PATIO);
        return patiosAtivos({ db: ctx.db, hotsiteId: ctx.marca.id });
      },
    },
    {
      metodo: 'get',
      caminho: '/veiculos/qb/remocoes',
      resumo: 'Veículos com remoções, com a última de cada um',
      tag: TAG,
      acesso: REMOCAO_E_PATIO.join(', '),
      query: buscaCadastroSchema,
      handler: async (req, _res, ctx) => {
        await quem(req, ctx, REMOCAO_E_PATIO);
        return veiculosComRemocoes({ db: ctx.db, hotsiteId: ctx.marca.id, filtro: req.query });
      },
    },
  ];
}
