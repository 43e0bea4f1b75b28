import type { Request, Response } from 'express';
import { z } from 'zod';
import type { Contexto } from '~/context';
import {
  comitentesDeUsuario,
  comitentesDoUsuario,
  desvincularComitente,
  listarComitentes,
  usuarioAlvo,
  vincularComitentes,
  vincularSchema,
} from '~/modules/comitentes/usuarios-comitente.server';
import { filtroComitentesSchema, gruposDeComitentes, listarComitentesPaginado } from '~/modules/comitentes/comitentes.server';
import {
  apagarConta,
  comoContaDeComitente,
  filtroContasSchema,
  listarContas,
  MENSAGEM_CONTA_NAO_ENCONTRADA,
  obterConta,
} from '~/modules/comitentes/contas-bancarias.server';
import { ACESSOS } from '~/modules/dominio/acessos';
import { exigirPapelApi } from '~/modules/identidade/guard.server';
import { PAPEIS_INTERNOS } from '~/modules/dominio/papeis';
import { naoEncontrado } from '~/utils/errors';
import { ID_MAXIMO } from '~/utils/id';
import type { RotaApi } from './rota.server';
import { camposDaConta, mensagemSchema, uuid } from './esquemas';
import { TIPOS_CARTEIRA, TIPOS_RECEBIMENTO } from '@db/schema/enums-catalogo';

/**
 * Sellers and the users tied to them (spec 001 §7, decision 011). Writes, and reading another user's
 * links, need Interno - ADM; any logged-in user may read their own links. `listar-comitentes` answers
 * the whole brand to ADM/SAC and a seller user's own sellers to them.
 */
const P = PAPEIS_INTERNOS;

/** A row id from the URL: digits only, within PostgreSQL's integer. */
const idDaUrl = (rotulo: string) =>
  z
    .string()
    .regex(/^\d{1,10}$/, `${rotulo} inválido`)
    .transform(Number)
    .pipe(z.number().int().positive(`${rotulo} inválido`).max(ID_MAXIMO, `${rotulo} inválido`));

/** The user in the URL: the spec addresses them by uid (v1) or by id. */
const usuarioDaUrl = z.union(
  [z.uuid({ error: 'Usuário inválido' }).transform((uid) => ({ uid })), idDaUrl('Usuário').transform((id) => ({ id }))],
  {
    error: 'Usuário inválido',
  },
);

/** The user a `usuario-comitente` call is about, after checking the caller may act on them. */
async function alvo(req: Request, ctx: Contexto, { escrita }: { escrita: boolean }) {
  const eu = await exigirPapelApi(req, ctx, escrita ? [P.ADM] : []);
  const ref = usuarioDaUrl.parse(req.params.usuario);
  const proprio = 'id' in ref ? ref.id === eu.id : ref.uid === eu.uid;
  // Someone else's links: ADM only, asked before looking the user up so ids cannot be probed.
  if (!proprio) await exigirPapelApi(req, ctx, [P.ADM]);
  return usuarioAlvo({ db: ctx.db, hotsiteId: ctx.marca.id, ref });
}

/** Seller reads: ADM and SAC see every seller of the brand, a seller user their own (as listar-comitentes). */
const LEITURA_COMITENTES = [P.ADM, P.SAC, P.COMITENTE];
/** Bank accounts: the access table's `/admin/contas-bancarias` (ADM alone). */
const CONTAS = ACESSOS['/admin/contas-bancarias'] as readonly string[];
/** A seller's own accounts: also the seller user, for their sellers only (decision 056). */
const CONTAS_COMITENTES = [...CONTAS, P.COMITENTE];

function lista(res: Response, r: { itens: unknown[]; total: number }) {
  res.setHeader('count', String(r.total));
  res.setHeader('Access-Control-Expose-Headers', 'count');
  return r.itens;
}

/* The documented answers (app/modules/comitentes: `ComitenteLinha`, `ComitenteResumo`, `ContaBancaria`, comoContaDeComitente). */
const id = z.number().int();
const comitenteResumoSchema = z
  .object({
    id,
    uid: uuid,
    nomeSite: z.string(),
    logomarcaUrl: z.string().nullable(),
    existeLogomarca: z.boolean(),
    grupo: z.string().nullable(),
    ativo: z.boolean(),
  })
  .meta({ id: 'ComitenteResumo' });
const comitenteSchema = comitenteResumoSchema
  .extend({
    razaoSocial: z.string().nullable(),
    cnpj: z.string().nullable().meta({ description: 'CNPJ formatado (00.000.000/0000-00)' }),
    quantidadeContas: z.number().int(),
    quantidadeUsuarios: z.number().int(),
  })
  .meta({ id: 'Comitente' });
const tipoRecebimentoSchema = z.enum(TIPOS_RECEBIMENTO).nullable();
const contaBancariaApiSchema = z
  .object({
    id,
    comitenteId: id.nullable().meta({ description: 'null: conta da própria marca' }),
    comitenteNome: z.string().nullable(),
    ...camposDaConta,
    carteira: z.string().nullable().meta({ description: 'Carteira do boleto no banco' }),
    recebeLote: z.boolean(),
    recebeReembolso: z.boolean(),
    tipoRecebimento: tipoRecebimentoSchema,
    carteiraId: id.nullable(),
    carteiraNome: z.string().nullable(),
    carteiraTipo: z.enum(TIPOS_CARTEIRA).nullable(),
    unidadeNegocioId: id.nullable(),
    unidadeNegocioNome: z.string().nullable(),
  })
  .meta({ id: 'ContaBancaria' });
const contaDeComitenteSchema = z
  .object({
    bcoId: id,
    comId: id.nullable(),
    carId: id.nullable(),
    unnId: id.nullable(),
    tipoRecebimento: tipoRecebimentoSchema,
    carteira: z.object({ id, nome: z.string().nullable(), tipo: z.enum(TIPOS_CARTEIRA).nullable() }).nullable(),
    unidadeNegocio: z.object({ id, nome: z.string().nullable() }).nullable(),
    comitente: z.object({ id, nomeSite: z.string().nullable() }).nullable(),
    contaBancaria: z.object({
      bcoId: id,
      ...camposDaConta,
      carteiraBoleto: z.string().nullable(),
      recebeLote: z.boolean(),
      recebeReembolso: z.boolean(),
    }),
  })
  .meta({ id: 'ContaBancariaDeComitente', description: 'A conta de um comitente, nos nomes da spec (bcoId, comId, carId, unnId)' });

const TAG = 'Comitentes';
const TAG_CONTAS = 'Contas bancárias';
const CONTAGEM = { count: 'Total de itens do filtro (a resposta traz uma página)' };
const paramsUsuario = z.object({ usuario: usuarioDaUrl });
const paramsConta = z.object({ id: idDaUrl('Conta bancária') });
export function rotasComitentes(): RotaApi[] {
  return [
    {
      metodo: 'get',
      caminho: '/comitente/find/qb',
      resumo: 'Comitentes da marca, paginados e filtrados (nome, grupo, ativo)',
      tag: TAG,
      acesso: 'Interno - ADM, Interno - SAC, Interno - Comitente (só os seus)',
      query: filtroComitentesSchema,
      cabecalhos: CONTAGEM,
      resposta: z.array(comitenteSchema),
      handler: async (req, res, ctx) => {
        const u = await exigirPapelApi(req, ctx, LEITURA_COMITENTES);
        const comitentes = await comitentesDoUsuario({ db: ctx.db, hotsiteId: ctx.marca.id, usuario: u });
        return lista(res, await listarComitentesPaginado({ db: ctx.db, hotsiteId: ctx.marca.id, comitentes, filtro: req.query }));
      },
    },
    {
      metodo: 'get',
      caminho: '/comitentes/listar-grupos-comitentes',
      resumo: 'Grupos de comitentes em uso na marca',
      tag: TAG,
      acesso: 'Interno - ADM, Interno - SAC, Interno - Comitente',
      resposta: z.array(z.string()),
      handler: async (req, _res, ctx) => {
        await exigirPapelApi(req, ctx, LEITURA_COMITENTES);
        return gruposDeComitentes({ db: ctx.db, hotsiteId: ctx.marca.id });
      },
    },
    {
      metodo: 'get',
      caminho: '/contas-bancarias',
      resumo: 'Contas bancárias da marca e dos comitentes, paginadas e filtradas',
      tag: TAG_CONTAS,
      acesso: CONTAS.join(', '),
      query: filtroContasSchema,
      cabecalhos: CONTAGEM,
      resposta: z.array(contaBancariaApiSchema),
      handler: async (req, res, ctx) => {
        await exigirPapelApi(req, ctx, CONTAS);
        return lista(res, await listarContas({ db: ctx.db, hotsiteId: ctx.marca.id, comitentes: 'todos', filtro: req.query }));
      },
    },
    {
      metodo: 'get',
      caminho: '/contas-bancarias/:id',
      resumo: 'Uma conta bancária',
      tag: TAG_CONTAS,
      acesso: CONTAS.join(', '),
      params: paramsConta,
      resposta: contaBancariaApiSchema,
      handler: async (req, _res, ctx) => {
        await exigirPapelApi(req, ctx, CONTAS);
        const id = idDaUrl('Conta bancária').parse(req.params.id);
        return obterConta({ db: ctx.db, hotsiteId: ctx.marca.id, comitentes: 'todos', id });
      },
    },
    {
      metodo: 'get',
      caminho: '/contas-bancarias-comitentes',
      resumo: 'Contas bancárias de comitentes (todas para ADM; as dos seus comitentes para o usuário de comitente)',
      tag: TAG_CONTAS,
      acesso: CONTAS_COMITENTES.join(', '),
      query: filtroContasSchema.omit({ dono: true }),
      cabecalhos: CONTAGEM,
      resposta: z.array(contaDeComitenteSchema),
      handler: async (req, res, ctx) => {
        const u = await exigirPapelApi(req, ctx, CONTAS_COMITENTES);
        const comitentes = await comitentesDoUsuario({ db: ctx.db, hotsiteId: ctx.marca.id, usuario: u });
        const filtro = { ...(req.query as Record<string, unknown>), dono: 'comitentes' };
        const r = await listarContas({ db: ctx.db, hotsiteId: ctx.marca.id, comitentes, filtro });
        return lista(res, { ...r, itens: r.itens.map(comoContaDeComitente) });
      },
    },
    {
      metodo: 'delete',
      caminho: '/contas-bancarias-comitentes/del/:id',
      resumo: 'Apagar a conta bancária de um comitente',
      tag: TAG_CONTAS,
      acesso: CONTAS.join(', '),
      params: paramsConta,
      resposta: mensagemSchema,
      handler: async (req, _res, ctx) => {
        await exigirPapelApi(req, ctx, CONTAS);
        const id = idDaUrl('Conta bancária').parse(req.params.id);
        // Only a seller's account here; the brand's own accounts are not "contas de comitentes".
        const conta = await obterConta({ db: ctx.db, hotsiteId: ctx.marca.id, comitentes: 'todos', id });
        if (conta.comitenteId === null) throw naoEncontrado(MENSAGEM_CONTA_NAO_ENCONTRADA);
        return apagarConta({ db: ctx.db, hotsiteId: ctx.marca.id, id });
      },
    },
    {
      metodo: 'get',
      caminho: '/comitentes/listar-comitentes',
      resumo: 'Comitentes: todos (ADM/SAC) ou os do usuário de comitente',
      tag: TAG,
      acesso: 'Interno - ADM, Interno - SAC, Interno - Comitente',
      resposta: z.array(comitenteResumoSchema),
      handler: async (req, _res, ctx) => {
        const u = await exigirPapelApi(req, ctx, [P.ADM, P.SAC, P.COMITENTE]);
        const comitentes = await comitentesDoUsuario({ db: ctx.db, hotsiteId: ctx.marca.id, usuario: u });
        return listarComitentes({ db: ctx.db, hotsiteId: ctx.marca.id, comitentes });
      },
    },
    {
      metodo: 'get',
      caminho: '/comitentes/usuario-comitente/:usuario',
      resumo: 'Comitentes vinculados a um usuário (uid ou id)',
      tag: TAG,
      acesso: 'o próprio usuário, ou Interno - ADM',
      params: paramsUsuario,
      resposta: z.array(comitenteResumoSchema),
      handler: async (req, _res, ctx) => {
        const u = await alvo(req, ctx, { escrita: false });
        return comitentesDeUsuario({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id });
      },
    },
    {
      metodo: 'post',
      caminho: '/comitentes/usuario-comitente/:usuario',
      resumo: 'Vincular comitentes a um usuário',
      tag: TAG,
      acesso: 'Interno - ADM',
      params: paramsUsuario,
      corpo: vincularSchema,
      status: 201,
      handler: async (req, res, ctx) => {
        const u = await alvo(req, ctx, { escrita: true });
        const comitentes = await vincularComitentes({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, entrada: req.body });
        res.status(201);
        return comitentes;
      },
    },
    {
      metodo: 'delete',
      caminho: '/comitentes/usuario-comitente/:usuario/:comitente',
      resumo: 'Desvincular um comitente de um usuário',
      tag: TAG,
      acesso: 'Interno - ADM',
      params: z.object({ usuario: usuarioDaUrl, comitente: idDaUrl('Comitente') }),
      resposta: mensagemSchema,
      handler: async (req, _res, ctx) => {
        const u = await alvo(req, ctx, { escrita: true });
        const comitenteId = idDaUrl('Comitente').parse(req.params.comitente);
        return desvincularComitente({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, comitenteId });
      },
    },
  ];
}
