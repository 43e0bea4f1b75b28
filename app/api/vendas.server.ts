import type { Router } from 'express';
import { z } from 'zod';
import { METODOS_ENTREGA } from '@db/schema/vendas';
import { ACESSOS } from '~/modules/identidade/acessos';
import { exigirPapelApi } from '~/modules/identidade/guard.server';
import { clienteDoPedido } from '~/modules/lances/participantes.server';
import { alterarMetodoEntrega, idDaVenda, MENSAGENS_VENDA } from '~/modules/vendas/acoes.server';
import { buscarVenda, estatisticasDeVendas, listarVendas, lotesEmCondicional } from '~/modules/vendas/consultas.server';
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
];
