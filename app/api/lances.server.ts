import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import type { Contexto } from '~/context';
import {
  automaticoInputSchema,
  cancelarLanceAutomatico,
  compreJa,
  configurarLanceAutomatico,
  darLance,
  lanceInputSchema,
} from '~/modules/lances/lances.server';
import type { Resposta } from '~/modules/lances/tipos';
import {
  buscarLotesFavoritos,
  criarFavorito,
  LIMITE_FAVORITOS,
  listarFavoritos,
  paginaSchema,
  removerFavorito,
  veiUidSchema,
} from '~/modules/lances/favoritos.server';
import {
  enviarProposta,
  estadoDoLote,
  meusLances,
  meusLancesVencedores,
  propostaSchema,
  ultimasPropostas,
} from '~/modules/lances/consultas.server';
import { clienteDoPedido, estouHabilitado, licitanteParaLote } from '~/modules/lances/participantes.server';
import { pedidoSchema, pedirHabilitacao } from '~/modules/habilitacao/habilitacao.server';
import { exigirPapelApi } from '~/modules/identidade/guard.server';
import { PAPEIS_INTERNOS } from '~/modules/identidade/papeis';
import { responderCondicional, respostaCondicionalSchema } from '~/modules/lances/encerramento.server';
import { comitentesDoUsuario } from '~/modules/comitentes/usuarios-comitente.server';
import { corpoDeErroDaApi } from '~/utils/errors';
import { limiteSchema } from '~/utils/entrada';
import { idSchema } from '~/utils/id';
import { rota } from './rota.server';
import type { DocRota } from './documentacao.server';
import { mensagemSchema } from './esquemas';

/**
 * Bidding API (issue #5): bids, automatic bids, buy-now, proposals, my bids, favourites, habilitation.
 * Bid requests may carry an Idempotency-Key header (a replay answers the first answer).
 */
const enviar = (res: Response, r: Resposta) => {
  // The bidding engine answers refusals as { mensagem, ...extra } (the pages show them as they are);
  // here they take the API's error shape, keeping the extra members (`proximo`, `lote`).
  if (r.status >= 400) {
    const { mensagem, ...extra } = r.corpo as { mensagem?: unknown };
    res.status(r.status).json(corpoDeErroDaApi(r.status, String(mensagem ?? ''), extra));
  } else res.status(r.status).json(r.corpo);
  return undefined;
};
const idLote = (v: unknown) => idSchema('Identificador de lote inválido').parse(v);
const idLeilao = idSchema('Identificador de leilão inválido');
const consultaHabilitado = z.object({ leilaoId: idLeilao.optional() });
const consultaFavoritos = z.object({ limit: limiteSchema(LIMITE_FAVORITOS) });
const remocaoFavorito = z.object({ veiUid: z.uuid('veiUid inválido').optional() });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const licitanteHabilitado = (req: Request, ctx: Contexto, loteId: unknown) =>
  licitanteParaLote(req, { lances: ctx.lances, hotsiteId: ctx.marca.id, loteId: Number(loteId) });

export function rotasDeLances(router: Router) {
  router.post(
    '/lances',
    rota(async (req, res, ctx) => {
      const licitante = await licitanteHabilitado(req, ctx, req.body?.loteId);
      const r = await darLance({
        db: ctx.db,
        lances: ctx.lances,
        hub: ctx.hub,
        hotsiteId: ctx.marca.id,
        licitante,
        entrada: req.body,
        idempotencyKey: req.get('idempotency-key'),
        tipoDaMarca: ctx.marca.tipo,
      });
      return enviar(res, r);
    }),
  );
  const automatico = rota(async (req, res, ctx) => {
    const corpo = { ...req.body, ...(req.params.loteId ? { loteId: req.params.loteId } : {}) };
    const licitante = await licitanteHabilitado(req, ctx, corpo.loteId);
    const r = await configurarLanceAutomatico({
      db: ctx.db,
      lances: ctx.lances,
      hub: ctx.hub,
      hotsiteId: ctx.marca.id,
      licitante,
      entrada: corpo,
      idempotencyKey: req.get('idempotency-key'),
      tipoDaMarca: ctx.marca.tipo,
    });
    return enviar(res, r);
  });
  router.post('/lances/automatico', automatico);
  router.put('/lances/automatico/:loteId', automatico);
  router.delete(
    '/lances/automatico/:loteId',
    rota(async (req, res, ctx) => {
      const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
      return enviar(
        res,
        await cancelarLanceAutomatico({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, loteId: idLote(req.params.loteId) }),
      );
    }),
  );
  router.post(
    '/lote/:id/compre-ja',
    rota(async (req, res, ctx) => {
      const loteId = idLote(req.params.id);
      const licitante = await licitanteHabilitado(req, ctx, loteId);
      return enviar(
        res,
        await compreJa({
          db: ctx.db,
          lances: ctx.lances,
          hub: ctx.hub,
          hotsiteId: ctx.marca.id,
          licitante,
          loteId,
          idempotencyKey: req.get('idempotency-key'),
          tipoDaMarca: ctx.marca.tipo,
        }),
      );
    }),
  );
  // Snapshot of a lot's dispute (public): the realtime client refetches it after a gap or reconnect.
  router.get(
    '/lances/lote/:veiUid',
    rota(async (req, res, ctx) => {
      res.setHeader('Cache-Control', 'no-store');
      return estadoDoLote({ db: ctx.db, hotsiteId: ctx.marca.id, veiUid: req.params.veiUid });
    }),
  );
  router.post(
    '/propostas',
    rota(async (req, res, ctx) => {
      const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
      res.status(201);
      return enviarProposta({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, entrada: req.body });
    }),
  );
  router.get(
    '/leilao/lotes/buscar-ultimas-proposta',
    rota(async (req, _res, ctx) => {
      const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
      return ultimasPropostas({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id });
    }),
  );
  router.get(
    '/cliente/meus-lances-rapido',
    rota(async (req, _res, ctx) => {
      const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
      return meusLances({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id });
    }),
  );
  router.get(
    '/cliente/meus-lances-vencedores/:id',
    rota(async (req, _res, ctx) => {
      const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
      // 0 means every auction (the spec's "all"); any other value is an auction id.
      const leilaoId = req.params.id === '0' ? 0 : idLeilao.parse(req.params.id);
      return meusLancesVencedores({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, leilaoId });
    }),
  );
  router.get(
    '/cliente/estou-habilitado',
    rota(async (req, _res, ctx) => {
      const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
      const { leilaoId } = consultaHabilitado.parse({ leilaoId: req.query.leilaoId || undefined });
      return estouHabilitado({ db: ctx.db, marca: ctx.marca, usuarioId: u.id, leilaoId: leilaoId ?? null });
    }),
  );
  router.post(
    '/cliente/habilitar',
    rota(async (req, res, ctx) => {
      const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
      const r = await pedirHabilitacao({ db: ctx.db, marca: ctx.marca, usuarioId: u.id, entrada: req.body });
      res.status(r.situacao === 'Pendente' ? 202 : 201);
      return r;
    }),
  );

  // The seller's (or ADM's) answer to a conditional sale: a seller user answers only for their sellers.
  router.put(
    '/leiloes/lotes/:id/resposta-condicional',
    rota(async (req, _res, ctx) => {
      const u = await exigirPapelApi(req, ctx, [PAPEIS_INTERNOS.COMITENTE, PAPEIS_INTERNOS.ADM]);
      const comitentes = await comitentesDoUsuario({ db: ctx.db, hotsiteId: ctx.marca.id, usuario: u });
      return responderCondicional({
        db: ctx.db,
        hub: ctx.hub,
        hotsiteId: ctx.marca.id,
        loteId: idLote(req.params.id),
        entrada: req.body,
        comitentes,
        respondidoPor: u.nome,
      });
    }),
  );

  // Favourites (spec section 7).
  router.get(
    '/cliente/favoritos',
    rota(async (req, _res, ctx) => {
      const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
      const { limit } = consultaFavoritos.parse({ limit: req.query.limit });
      return listarFavoritos({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, limite: limit });
    }),
  );
  router.get(
    '/cliente/favoritos/completo',
    rota(async (req, _res, ctx) => {
      const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
      return (await buscarLotesFavoritos({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, entrada: { pagina: 1, porPagina: 100 } }))
        .itens;
    }),
  );
  router.post(
    '/cliente/favoritos',
    rota(async (req, res, ctx) => {
      const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
      const r = await criarFavorito({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, entrada: req.body });
      res.status(201);
      return r;
    }),
  );
  const remover = rota(async (req, _res, ctx) => {
    const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
    // By veiUid (body or path) or by favourite id (path); spec section 7 allows both.
    const param = req.params.id;
    const veiUid = remocaoFavorito.parse(req.body ?? {}).veiUid ?? (param && UUID.test(param) ? param : undefined);
    const id = veiUid || param === undefined ? undefined : idSchema('Identificador de favorito inválido').parse(param);
    return removerFavorito({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, veiUid, id });
  });
  router.delete('/cliente/favoritos/:id', remover);
  router.delete('/cliente/favoritos', remover);
  router.get(
    '/lote/buscar-favoritos',
    rota(async (req, res, ctx) => {
      const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
      const r = await buscarLotesFavoritos({
        db: ctx.db,
        hotsiteId: ctx.marca.id,
        usuarioId: u.id,
        entrada: { pagina: req.query.pagina, porPagina: req.query.porPagina },
      });
      res.setHeader('X-Total-Count', String(r.total));
      return r.itens;
    }),
  );
}

const TAG = 'Lances';
const situacaoSchema = z.enum(['Habilitado', 'Pendente', 'Recusado']);
const estouHabilitadoSchema = z.object({
  leilaoId: z.number().int().nullable(),
  habilitado: z.boolean(),
  situacao: situacaoSchema.nullable(),
  motivo: z.string().nullable(),
  leiloes: z.array(z.number().int()),
  todosOsLeiloes: z.boolean(),
  habilitacaoSucata: z.object({ situacao: z.string(), tipoAutorizacao: z.string().nullable() }).nullable(),
});
const pedidoRespostaSchema = z.object({ mensagem: z.string(), leilaoId: z.number().int(), situacao: situacaoSchema });
const CLIENTE = 'cliente logado e habilitado no leilão do lote';
const paramsLote = z.object({ loteId: idSchema('Identificador de lote inválido') });
const paramsId = z.object({ id: idSchema('Identificador de lote inválido') });
const IDEMPOTENCIA = ' Aceita o cabeçalho Idempotency-Key: repetir o pedido devolve a primeira resposta.';

export const docLances: DocRota[] = [
  {
    metodo: 'post',
    caminho: '/lances',
    resumo: 'Dar um lance (valor em centavos).' + IDEMPOTENCIA,
    tag: TAG,
    acesso: CLIENTE,
    corpo: lanceInputSchema,
    status: 201,
  },
  {
    metodo: 'post',
    caminho: '/lances/automatico',
    resumo: 'Configurar lance automático (valorMaximo em centavos).' + IDEMPOTENCIA,
    tag: TAG,
    acesso: CLIENTE,
    corpo: automaticoInputSchema,
  },
  {
    metodo: 'put',
    caminho: '/lances/automatico/:loteId',
    resumo: 'Alterar o lance automático de um lote.' + IDEMPOTENCIA,
    tag: TAG,
    acesso: CLIENTE,
    params: paramsLote,
    corpo: automaticoInputSchema.omit({ loteId: true }),
  },
  {
    metodo: 'delete',
    caminho: '/lances/automatico/:loteId',
    resumo: 'Cancelar o lance automático de um lote',
    tag: TAG,
    acesso: 'cliente logado',
    params: paramsLote,
    resposta: mensagemSchema,
  },
  {
    metodo: 'post',
    caminho: '/lote/:id/compre-ja',
    resumo: 'Comprar já pelo valor de Compre Já.' + IDEMPOTENCIA,
    tag: TAG,
    acesso: CLIENTE,
    params: paramsId,
  },
  {
    metodo: 'get',
    caminho: '/lances/lote/:veiUid',
    resumo: 'Estado da disputa de um lote (o cliente de tempo real relê após uma falha de sequência)',
    tag: TAG,
  },
  {
    metodo: 'post',
    caminho: '/propostas',
    resumo: 'Enviar proposta (valor em centavos)',
    tag: TAG,
    acesso: 'cliente logado',
    corpo: propostaSchema,
    status: 201,
  },
  {
    metodo: 'get',
    caminho: '/leilao/lotes/buscar-ultimas-proposta',
    resumo: 'Minhas últimas propostas',
    tag: TAG,
    acesso: 'cliente logado',
  },
  { metodo: 'get', caminho: '/cliente/meus-lances-rapido', resumo: 'Meus lances', tag: TAG, acesso: 'cliente logado' },
  {
    metodo: 'get',
    caminho: '/cliente/meus-lances-vencedores/:id',
    resumo: 'Meus lances vencedores de um leilão (0 = todos)',
    tag: TAG,
    acesso: 'cliente logado',
  },
  {
    metodo: 'get',
    caminho: '/cliente/estou-habilitado',
    resumo:
      'Estou habilitado? Para o leilão pedido: habilitado, situacao (Habilitado, Pendente, Recusado ou null) e motivo da recusa; ' +
      'sem leilaoId, se está habilitado em algum. Lotes de sucata exigem também habilitacaoSucata.',
    tag: TAG,
    acesso: 'cliente logado',
    query: consultaHabilitado,
    resposta: estouHabilitadoSchema,
  },
  {
    metodo: 'post',
    caminho: '/cliente/habilitar',
    resumo:
      'Pedir habilitação num leilão, aceitando o edital e o regulamento: 201 habilitado na hora; 202 pendente de aprovação ' +
      'da equipe quando a marca exige (habilitacaoComAprovacao)',
    tag: TAG,
    acesso: 'cliente logado',
    corpo: pedidoSchema,
    resposta: pedidoRespostaSchema,
    status: 201,
  },
  {
    metodo: 'put',
    caminho: '/leiloes/lotes/:id/resposta-condicional',
    resumo: 'Responder a uma venda condicional',
    tag: TAG,
    acesso: 'Interno - Comitente (só dos seus comitentes) ou Interno - ADM',
    params: paramsId,
    corpo: respostaCondicionalSchema,
  },
  {
    metodo: 'get',
    caminho: '/cliente/favoritos',
    resumo: 'Meus favoritos (uids dos veículos)',
    tag: 'Favoritos',
    acesso: 'cliente logado',
    query: consultaFavoritos,
  },
  {
    metodo: 'get',
    caminho: '/cliente/favoritos/completo',
    resumo: 'Meus favoritos com o lote',
    tag: 'Favoritos',
    acesso: 'cliente logado',
  },
  {
    metodo: 'post',
    caminho: '/cliente/favoritos',
    resumo: 'Favoritar um veículo',
    tag: 'Favoritos',
    acesso: 'cliente logado',
    corpo: veiUidSchema,
    status: 201,
  },
  {
    metodo: 'delete',
    caminho: '/cliente/favoritos/:id',
    resumo: 'Remover favorito pelo id do favorito ou pelo veiUid',
    tag: 'Favoritos',
    acesso: 'cliente logado',
    resposta: mensagemSchema,
  },
  {
    metodo: 'delete',
    caminho: '/cliente/favoritos',
    resumo: 'Remover favorito pelo veiUid do corpo',
    tag: 'Favoritos',
    acesso: 'cliente logado',
    corpo: remocaoFavorito,
    resposta: mensagemSchema,
  },
  {
    metodo: 'get',
    caminho: '/lote/buscar-favoritos',
    resumo: 'Lotes favoritos, por página',
    tag: 'Favoritos',
    acesso: 'cliente logado',
    query: paginaSchema,
    cabecalhos: { 'X-Total-Count': 'Total de favoritos' },
  },
];
