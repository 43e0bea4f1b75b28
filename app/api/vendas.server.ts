import type { Router } from 'express';
import { z } from 'zod';
import { METODOS_ENTREGA } from '@db/schema/vendas';
import { ACESSOS } from '~/modules/identidade/acessos';
import { exigirPapelApi } from '~/modules/identidade/guard.server';
import { PAPEIS_INTERNOS } from '~/modules/identidade/papeis';
import { clienteDoPedido } from '~/modules/lances/participantes.server';
import { alterarMetodoEntrega, idDaVenda, MENSAGENS_VENDA } from '~/modules/vendas/acoes.server';
import { buscarVenda, estatisticasDeVendas, listarVendas, lotesEmCondicional } from '~/modules/vendas/consultas.server';
import { salvarEntregaSchema, salvarMetodoEntrega } from '~/modules/vendas/entrega.server';
import {
  consultaEstadias,
  consultarEstadias,
  respostaValidacaoSchema,
  responderValidacao,
  servicosSolicitados,
} from '~/modules/vendas/estadias.server';
import { idSchema } from '~/utils/id';
import { FILTROS_VENDA } from '~/modules/vendas/regras';
import { ErroHttp } from '~/utils/errors';
import { limiteSchema, PAGINA_MAXIMA } from '~/utils/entrada';
import { rota } from './rota.server';
import type { DocRota } from './documentacao.server';
import { mensagemSchema } from './esquemas';

/**
 * Post-sale API (issue #14, spec 001 §7 "Bids, purchases and sales"): the client's sales (page of 10,
 * id descending, total in the `count` header), one sale, statistics, staff's read of any sale of the
 * brand, and the post-sale delivery change. Another client's or brand's sale is a 404.
 */
const EQUIPE = ACESSOS['/admin/compras'] as readonly string[];
const EQUIPE_LANCES = ACESSOS['/admin/lance-recebido'] as readonly string[];
/** Stays at the yards (decision 072): yard staff and the sales roles. */
const EQUIPE_ESTADIAS = [PAPEIS_INTERNOS.PATIO, PAPEIS_INTERNOS.ACERTO, PAPEIS_INTERNOS.SAC, PAPEIS_INTERNOS.ADM] as const;
const paramsValidacao = z.object({ id: idSchema('Validação não encontrada') });
const paginaSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d{1,9}\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: 'page precisa ser um número inteiro' })
    .int('page precisa ser um número inteiro')
    .min(1, `page deve estar entre 1 e ${PAGINA_MAXIMA}`)
    .max(PAGINA_MAXIMA, `page deve estar entre 1 e ${PAGINA_MAXIMA}`),
);
export const consultaMinhasVendas = z.object({
  page: paginaSchema.optional(),
  limit: limiteSchema(50),
  situacao: z.enum(FILTROS_VENDA, 'situacao deve ser Cancelada, AguardandoPagamento, AguardandoValidacao ou Fechada').optional(),
  sort: z.enum(['id,desc', '-id', 'id desc'], 'sort aceita apenas id,desc').optional(),
});
const paramsVenda = z.object({ id: idDaVenda });
export const corpoAlterarEntrega = z.object({
  metodo: z.enum(METODOS_ENTREGA),
  valor: z.number().int().min(0).meta({ description: 'Frete em centavos (0 para Retirada)' }),
  patUid: z.uuid().optional().meta({ description: 'uid do pátio; obrigatório só para Retirada' }),
  agendadoHorario: z.string().optional().meta({ description: 'Horário da retirada (ISO 8601), dentro do atendimento do pátio' }),
});

export function rotasDeVendas(router: Router) {
  router.get(
    '/leilao/vendas/buscar-venda/minhas-vendas',
    rota(async (req, res, ctx) => {
      const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
      const q = consultaMinhasVendas.parse(req.query);
      const { vendas, total } = await listarVendas({
        db: ctx.db,
        hotsiteId: ctx.marca.id,
        leitor: { usuarioId: u.id },
        filtro: q.situacao ?? null,
        pagina: q.page ?? 1,
        porPagina: q.limit ?? 10,
      });
      res.setHeader('count', String(total));
      res.setHeader('Access-Control-Expose-Headers', 'count');
      return vendas;
    }),
  );
  router.get(
    '/leilao/vendas/buscar-venda/minhas-vendas-estatisticas',
    rota(async (req, _res, ctx) => {
      const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
      return estatisticasDeVendas({ db: ctx.db, hotsiteId: ctx.marca.id, leitor: { usuarioId: u.id } });
    }),
  );
  router.get(
    '/leilao/vendas/buscar-venda/minhas-vendas/:id',
    rota(async (req, _res, ctx) => {
      const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
      const { id } = paramsVenda.parse(req.params);
      const v = await buscarVenda({ db: ctx.db, hotsiteId: ctx.marca.id, leitor: { usuarioId: u.id }, id });
      if (!v) throw new ErroHttp(404, MENSAGENS_VENDA.naoEncontrada);
      return v;
    }),
  );
  router.get(
    '/leilao/vendas/buscar-venda/minhas-vendas-lotes-condicional',
    rota(async (req, _res, ctx) => {
      const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
      return lotesEmCondicional({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id });
    }),
  );
  router.get(
    '/minhas-compras/meus-comprovantes-de-lote/:id',
    rota(async (req, _res, ctx) => {
      const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
      const { id } = paramsVenda.parse(req.params);
      const v = await buscarVenda({ db: ctx.db, hotsiteId: ctx.marca.id, leitor: { usuarioId: u.id }, id });
      if (!v) throw new ErroHttp(404, MENSAGENS_VENDA.naoEncontrada);
      return v.comprovantes;
    }),
  );
  router.get(
    '/leilao/vendas/buscar-venda/:id',
    rota(async (req, _res, ctx) => {
      await exigirPapelApi(req, ctx, EQUIPE);
      const { id } = paramsVenda.parse(req.params);
      const v = await buscarVenda({ db: ctx.db, hotsiteId: ctx.marca.id, leitor: 'equipe', id });
      if (!v) throw new ErroHttp(404, MENSAGENS_VENDA.naoEncontrada);
      return v;
    }),
  );
  router.put(
    '/cliente/meus-lances/salvar-metodo-entrega',
    rota(async (req, _res, ctx) => {
      const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
      return salvarMetodoEntrega({
        db: ctx.db,
        hub: ctx.hub,
        hotsiteId: ctx.marca.id,
        usuarioId: u.id,
        entrada: req.body ?? {},
        autor: u.nome,
      });
    }),
  );
  router.get(
    '/estadias/servicos-solicitados',
    rota(async (req, _res, ctx) => {
      const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
      return servicosSolicitados({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id });
    }),
  );
  router.get(
    '/estadias/qb',
    rota(async (req, res, ctx) => {
      await exigirPapelApi(req, ctx, EQUIPE_ESTADIAS);
      const { itens, total } = await consultarEstadias({ db: ctx.db, hotsiteId: ctx.marca.id, entrada: req.query });
      res.setHeader('count', String(total));
      res.setHeader('Access-Control-Expose-Headers', 'count');
      return itens;
    }),
  );
  router.put(
    '/leiloes/lotes/lote-cliente-validacoes/responder-validacao/:id',
    rota(async (req, _res, ctx) => {
      const u = await exigirPapelApi(req, ctx, EQUIPE_LANCES);
      const { id } = paramsValidacao.parse(req.params);
      return responderValidacao({ db: ctx.db, hotsiteId: ctx.marca.id, id, entrada: req.body ?? {}, autor: { id: u.id, nome: u.nome } });
    }),
  );
  router.put(
    '/cliente/meus-lances/alterar-metodo-entrega/pos-venda/:id',
    rota(async (req, _res, ctx) => {
      const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
      const { id } = paramsVenda.parse(req.params);
      return alterarMetodoEntrega({
        db: ctx.db,
        hub: ctx.hub,
        hotsiteId: ctx.marca.id,
        vendaId: id,
        usuarioId: u.id,
        entrada: req.body ?? {},
        autor: u.nome,
        urlBase: ctx.urlBase,
      });
    }),
  );
}

const TAG = 'Vendas';
const CLIENTE = 'cliente logado (as próprias compras)';
export const docVendas: DocRota[] = [
  {
    metodo: 'get',
    caminho: '/leilao/vendas/buscar-venda/minhas-vendas',
    resumo: 'Minhas compras: 10 por página (limit), id decrescente, filtro por situação; total no cabeçalho count',
    tag: TAG,
    acesso: CLIENTE,
    query: consultaMinhasVendas,
    cabecalhos: { count: 'Total de vendas do filtro' },
  },
  {
    metodo: 'get',
    caminho: '/leilao/vendas/buscar-venda/minhas-vendas-estatisticas',
    resumo: 'Quantidade de compras por situação',
    tag: TAG,
    acesso: CLIENTE,
  },
  {
    metodo: 'get',
    caminho: '/leilao/vendas/buscar-venda/minhas-vendas/:id',
    resumo: 'Uma compra: itens, pagamentos, comprovantes, totais, orientação e histórico',
    tag: TAG,
    acesso: CLIENTE,
    params: paramsVenda,
  },
  {
    metodo: 'get',
    caminho: '/leilao/vendas/buscar-venda/minhas-vendas-lotes-condicional',
    resumo: 'Meus lotes em venda condicional (aguardando a resposta do comitente)',
    tag: TAG,
    acesso: CLIENTE,
  },
  {
    metodo: 'get',
    caminho: '/minhas-compras/meus-comprovantes-de-lote/:id',
    resumo: 'Os comprovantes enviados para uma compra (id da venda), com situação e motivo',
    tag: TAG,
    acesso: CLIENTE,
    params: paramsVenda,
  },
  {
    metodo: 'get',
    caminho: '/leilao/vendas/buscar-venda/:id',
    resumo: 'Qualquer venda da marca (equipe)',
    tag: TAG,
    acesso: EQUIPE.join(', '),
    params: paramsVenda,
  },
  {
    metodo: 'put',
    caminho: '/cliente/meus-lances/alterar-metodo-entrega/pos-venda/:id',
    resumo: 'Alterar o método de entrega de uma compra: Sedex, Carta Registrada ou Retirada (patUid obrigatório só para Retirada)',
    tag: TAG,
    acesso: CLIENTE,
    params: paramsVenda,
    corpo: corpoAlterarEntrega,
    resposta: mensagemSchema,
  },
  {
    metodo: 'put',
    caminho: '/cliente/meus-lances/salvar-metodo-entrega',
    resumo:
      'Como receber o veículo: Retirada no pátio (patUid obrigatório) ou Frete para a UF do cliente pelo valor da tabela de frete (valor em centavos, conferido)',
    tag: TAG,
    acesso: CLIENTE,
    corpo: salvarEntregaSchema,
    resposta: mensagemSchema,
  },
  {
    metodo: 'get',
    caminho: '/estadias/servicos-solicitados',
    resumo: 'Serviços solicitados pelo cliente nas estadias dos seus veículos (retiradas agendadas), com pátio e situação',
    tag: TAG,
    acesso: CLIENTE,
  },
  {
    metodo: 'get',
    caminho: '/estadias/qb',
    resumo: 'Estadias da marca nos pátios: diárias e valor da estadia (diárias × valor da diária do pátio); total no cabeçalho count',
    tag: TAG,
    acesso: EQUIPE_ESTADIAS.join(', '),
    query: consultaEstadias,
    cabecalhos: { count: 'Total de estadias do filtro' },
  },
  {
    metodo: 'put',
    caminho: '/leiloes/lotes/lote-cliente-validacoes/responder-validacao/:id',
    resumo: 'Responder uma validação do cliente no lote: Autorizado, Falha ou Divergente (uma vez; auditado)',
    tag: TAG,
    acesso: EQUIPE_LANCES.join(', '),
    params: paramsValidacao,
    corpo: respostaValidacaoSchema,
  },
];
