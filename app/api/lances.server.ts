import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import type { Contexto } from '~/context';
import { cancelarLanceAutomatico, compreJa, configurarLanceAutomatico, darLance, type Resposta } from '~/modules/lances/lances.server';
import { buscarLotesFavoritos, criarFavorito, LIMITE_FAVORITOS, listarFavoritos, removerFavorito } from '~/modules/lances/favoritos.server';
import { enviarProposta, estadoDoLote, meusLances, meusLancesVencedores, ultimasPropostas } from '~/modules/lances/consultas.server';
import { clienteDoPedido, estouHabilitado, habilitar, licitanteParaLote } from '~/modules/lances/participantes.server';
import { exigirPapelApi } from '~/modules/identity/guard.server';
import { PAPEIS_INTERNOS } from '~/modules/identity/papeis';
import { responderCondicional } from '~/modules/lances/encerramento.server';
import { comitentesDoUsuario } from '~/modules/comitentes/usuarios-comitente.server';
import { ErroHttp } from '~/utils/errors';
import { limiteSchema } from '~/utils/entrada';
import { idSchema } from '~/utils/id';
import { rota } from './router.server';

/**
 * Bidding API (issue #5): bids, automatic bids, buy-now, proposals, my bids, favourites, habilitation.
 * Bid requests may carry an Idempotency-Key header (a replay answers the first answer).
 */
const enviar = (res: Response, r: Resposta) => {
  res.status(r.status).json(r.corpo);
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
      const r = await darLance({ db: ctx.db, lances: ctx.lances, hub: ctx.hub, hotsiteId: ctx.marca.id, licitante, entrada: req.body, idempotencyKey: req.get('idempotency-key') });
      return enviar(res, r);
    }),
  );
  const automatico = rota(async (req, res, ctx) => {
    const corpo = { ...req.body, ...(req.params.loteId ? { loteId: req.params.loteId } : {}) };
    const licitante = await licitanteHabilitado(req, ctx, corpo.loteId);
    const r = await configurarLanceAutomatico({ db: ctx.db, hub: ctx.hub, hotsiteId: ctx.marca.id, licitante, entrada: corpo, idempotencyKey: req.get('idempotency-key') });
    return enviar(res, r);
  });
  router.post('/lances/automatico', automatico);
  router.put('/lances/automatico/:loteId', automatico);
  router.delete(
    '/lances/automatico/:loteId',
    rota(async (req, res, ctx) => {
      const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
      return enviar(res, await cancelarLanceAutomatico({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, loteId: idLote(req.params.loteId) }));
    }),
  );
  router.post(
    '/lote/:id/compre-ja',
    rota(async (req, res, ctx) => {
      const loteId = idLote(req.params.id);
      const licitante = await licitanteHabilitado(req, ctx, loteId);
      return enviar(res, await compreJa({ db: ctx.db, hub: ctx.hub, hotsiteId: ctx.marca.id, licitante, loteId, idempotencyKey: req.get('idempotency-key') }));
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
      return estouHabilitado({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, leilaoId: leilaoId ?? null });
    }),
  );
  router.post(
    '/cliente/habilitar',
    rota(async (req, res, ctx) => {
      const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
      res.status(201);
      return habilitar({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, entrada: req.body });
    }),
  );

  // The seller's (or ADM's) answer to a conditional sale: a seller user answers only for their sellers.
  router.put(
    '/leiloes/lotes/:id/resposta-condicional',
    rota(async (req, _res, ctx) => {
      const u = await exigirPapelApi(req, ctx, [PAPEIS_INTERNOS.COMITENTE, PAPEIS_INTERNOS.ADM]);
      const comitentes = await comitentesDoUsuario({ db: ctx.db, hotsiteId: ctx.marca.id, usuario: u });
      return responderCondicional({ db: ctx.db, hub: ctx.hub, hotsiteId: ctx.marca.id, loteId: idLote(req.params.id), entrada: req.body, comitentes, respondidoPor: u.nome });
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
      return (await buscarLotesFavoritos({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, entrada: { pagina: 1, porPagina: 100 } })).itens;
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
      const r = await buscarLotesFavoritos({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, entrada: { pagina: req.query.pagina, porPagina: req.query.porPagina } });
      res.setHeader('X-Total-Count', String(r.total));
      return r.itens;
    }),
  );
}
