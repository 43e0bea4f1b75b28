import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { tokenDoPedido, type Pedido } from '~/modules/identidade/guard.server';
import { MENSAGENS_ACESSO } from '~/modules/identidade/papeis';
import { hashToken } from '~/modules/identidade/sessions.server';
import { criarAgrupador } from '~/utils/agrupador.server';
import { ErroHttp } from '~/utils/errors';
import type { Licitante } from './tipos';
import { mensagensDaMarca } from './mensagens.server';
import { linhas } from '~/utils/linhas.server';
import { idSchema, idValido } from '~/utils/id';

/**
 * Who may bid: a logged-in client of this brand (staff have no bidder profile), not blocked, habilitated
 * for the lot's auction when the brand asks for it, and with scrap enablement on scrap lots of an
 * auction that validates it.
 */

/**
 * One query: the session's user on this brand, with the blocked flag (a blocked client gets 403, not
 * 401). `tipo`: the brand's wording of the refusals (pages); the JSON API keeps the spec's texts.
 */
export async function clienteDoPedido(
  pedido: Pedido,
  { db, hotsiteId, tipo }: { db: Db; hotsiteId: number; tipo?: 'leilao' | 'loja' },
): Promise<Licitante> {
  const token = await tokenDoPedido(pedido);
  if (!token || token.length < 20 || token.length > 200) throw new ErroHttp(401, MENSAGENS_ACESSO.naoLogado);
  const [u] = linhas<{ id: number; nome: string; email: string; bloqueado: boolean; hotsite_id: number | null }>(
    await db.execute(sql`
      SELECT u.id, u.nome, u.email, u.bloqueado, u.hotsite_id FROM sessao s JOIN usuario u ON u.id = s.usuario_id
       WHERE s.token_hash = ${hashToken(token)} AND s.hotsite_id = ${hotsiteId} AND s.revogada_em IS NULL AND s.expira_em > now()
       LIMIT 1`),
  );
  if (!u) throw new ErroHttp(401, MENSAGENS_ACESSO.naoLogado);
  if (u.bloqueado) throw new ErroHttp(403, mensagensDaMarca(tipo).bloqueado);
  if (u.hotsite_id !== hotsiteId) throw new ErroHttp(403, 'Apenas clientes cadastrados neste site podem dar lances');
  return { id: u.id, nome: u.nome, email: u.email };
}

interface LinhaDoLicitante {
  id: number;
  nome: string;
  email: string;
  bloqueado: boolean;
  hotsite_id: number | null;
  tipo_habilitacao: string;
  existe: boolean;
  categoria: string | null;
  validar_sucata: boolean | null;
  habilitado: boolean;
  sucata: string | null;
}

/**
 * The bid requests' gate, one query for every bid request that arrives while the previous one runs
 * (a hot lot's bidders would otherwise pay one round trip each): per (brand, token, lot), the session's
 * client on this brand, blocked or not, and whether they may bid on the lot (habilitation, scrap).
 */
export const criarBuscaDeLicitantes = (db: Db) =>
  criarAgrupador(async (_chave, pedidos: { hotsiteId: number; tokenHash: string; loteId: number }[]) => {
    const linhasPorPedido = new Map<number, LinhaDoLicitante>();
    for (const r of linhas<LinhaDoLicitante & { n: string | number }>(
      await db.execute(sql`
        SELECT p.n, u.id, u.nome, u.email, u.bloqueado, u.hotsite_id, h0.tipo_habilitacao, l.id IS NOT NULL AS existe, l.categoria, le.validar_sucata,
               EXISTS (SELECT 1 FROM habilitacao h WHERE h.usuario_id = u.id AND h.hotsite_id = p.hotsite_id AND h.situacao = 'Habilitado'
                          AND (h.leilao_id IS NULL OR h.leilao_id = l.leilao_id)) AS habilitado,
               (SELECT hs.situacao FROM habilitacao_sucata hs WHERE hs.usuario_id = u.id AND hs.hotsite_id = p.hotsite_id) AS sucata
          FROM unnest(${sql.param(pedidos.map((x) => x.hotsiteId))}::int[], ${sql.param(pedidos.map((x) => x.tokenHash))}::text[],
                      ${sql.param(pedidos.map((x) => x.loteId))}::int[]) WITH ORDINALITY AS p(hotsite_id, token_hash, lote_id, n)
          JOIN sessao s ON s.token_hash = p.token_hash AND s.hotsite_id = p.hotsite_id AND s.revogada_em IS NULL AND s.expira_em > now()
          JOIN usuario u ON u.id = s.usuario_id
          JOIN hotsite h0 ON h0.id = s.hotsite_id
          LEFT JOIN lote l ON l.id = p.lote_id AND l.hotsite_id = p.hotsite_id
          LEFT JOIN leilao le ON le.id = l.leilao_id`),
    )) {
      linhasPorPedido.set(Number(r.n), r);
    }
    return pedidos.map((_, i) => linhasPorPedido.get(i + 1) ?? null);
  });
export type BuscaDeLicitantes = ReturnType<typeof criarBuscaDeLicitantes>;

/** The bid requests' gate: the licitante, or the 401/403 answer thrown (in the brand's wording with `tipo`). */
export async function licitanteParaLote(
  pedido: Pedido,
  {
    lances,
    hotsiteId,
    loteId,
    tipo,
  }: { lances: { licitantes: BuscaDeLicitantes }; hotsiteId: number; loteId: number; tipo?: 'leilao' | 'loja' },
): Promise<Licitante> {
  const token = await tokenDoPedido(pedido);
  if (!token || token.length < 20 || token.length > 200) throw new ErroHttp(401, MENSAGENS_ACESSO.naoLogado);
  const lote = idValido(loteId) ? loteId : 0;
  // Keyed by lot: a hot lot's bidders share a lookup; other lots' lookups run beside it.
  const u = await lances.licitantes(`${hotsiteId}:${lote}`, { hotsiteId, tokenHash: hashToken(token), loteId: lote });
  const m = mensagensDaMarca(tipo);
  if (!u) throw new ErroHttp(401, MENSAGENS_ACESSO.naoLogado);
  if (u.bloqueado) throw new ErroHttp(403, m.bloqueado);
  if (u.hotsite_id !== hotsiteId) throw new ErroHttp(403, 'Apenas clientes cadastrados neste site podem dar lances');
  if (u.existe) {
    if (u.tipo_habilitacao !== 'nenhuma' && !u.habilitado) throw new ErroHttp(403, m.naoHabilitado);
    if (u.categoria === 'Sucatas' && u.validar_sucata && u.sucata !== 'Autorizado') throw new ErroHttp(403, m.naoHabilitadoSucata);
  }
  return { id: u.id, nome: u.nome, email: u.email };
}

/** GET /v1/cliente/estou-habilitado: the auctions the client is enabled for, and the scrap enablement. */
export async function estouHabilitado({
  db,
  hotsiteId,
  usuarioId,
  leilaoId,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  leilaoId?: number | null;
}) {
  const [h] = linhas<{ tipo_habilitacao: string }>(await db.execute(sql`SELECT tipo_habilitacao FROM hotsite WHERE id = ${hotsiteId}`));
  const habilitacoes = linhas<{ leilao_id: number | null; situacao: string }>(
    await db.execute(
      sql`SELECT leilao_id, situacao FROM habilitacao WHERE usuario_id = ${usuarioId} AND hotsite_id = ${hotsiteId} ORDER BY id`,
    ),
  );
  const [sucata] = linhas<{ situacao: string; tipo_autorizacao: string | null }>(
    await db.execute(
      sql`SELECT situacao, tipo_autorizacao FROM habilitacao_sucata WHERE usuario_id = ${usuarioId} AND hotsite_id = ${hotsiteId}`,
    ),
  );
  const ok = habilitacoes.filter((h) => h.situacao === 'Habilitado');
  const habilitado = ok.some((h) => h.leilao_id === null || (leilaoId != null && h.leilao_id === leilaoId));
  return {
    habilitado: h?.tipo_habilitacao === 'nenhuma' || (leilaoId == null ? ok.length > 0 : habilitado),
    leiloes: ok.filter((h) => h.leilao_id !== null).map((h) => h.leilao_id),
    todosOsLeiloes: ok.some((h) => h.leilao_id === null),
    habilitacaoSucata: sucata ? { situacao: sucata.situacao, tipoAutorizacao: sucata.tipo_autorizacao } : null,
  };
}

export const habilitarSchema = z.object({ leilaoId: idSchema('leilaoId inválido') });

/**
 * POST /v1/cliente/habilitar { leilaoId }: the client accepts the auction's terms and is enabled at once
 * (the spec shows no approval step for auction habilitation; scrap enablement stays a staff decision).
 */
export async function habilitar({ db, hotsiteId, usuarioId, entrada }: { db: Db; hotsiteId: number; usuarioId: number; entrada: unknown }) {
  const { leilaoId } = habilitarSchema.parse(entrada);
  const existe = linhas(await db.execute(sql`SELECT 1 FROM leilao WHERE id = ${leilaoId} AND hotsite_id = ${hotsiteId}`));
  if (existe.length === 0) throw new ErroHttp(404, 'Leilão não encontrado');
  await db.execute(sql`INSERT INTO habilitacao (hotsite_id, usuario_id, leilao_id, situacao) VALUES (${hotsiteId}, ${usuarioId}, ${leilaoId}, 'Habilitado')
                        ON CONFLICT (usuario_id, leilao_id) DO UPDATE SET situacao = 'Habilitado'`);
  return { mensagem: 'Habilitação realizada com sucesso', leilaoId };
}
