import { sql } from 'drizzle-orm';
import { executarNomeada, type Db } from '@db/client.server';
import { tokenDoPedido, type Pedido } from '~/modules/identidade/guard.server';
import { MENSAGENS_ACESSO } from '~/modules/dominio/papeis';
import { hashToken } from '~/modules/identidade/sessions.server';
import { criarAgrupador } from '~/utils/agrupador.server';
import { ErroHttp } from '~/utils/errors';
import type { Licitante } from './tipos';
import { mensagensDaMarca } from './mensagens.server';
import { linhas } from '~/utils/linhas.server';
import { idValido } from '~/utils/id';
import type { Marca } from '~/modules/hotsites/hotsite.schema';
import { estadoDaHabilitacao, type SituacaoHabilitacao } from '~/modules/habilitacao/regras';

/**
 * Who may bid: a logged-in client of this brand (staff have no bidder profile), not blocked, habilitated
 * for the lot's auction when the brand asks for it, and with scrap enablement on scrap lots of an
 * auction that validates it.
 */

/**
 * The session's user must still enrol in 2FA (`cadastro2faPendente` in identidade/dois-fatores.server.ts,
 * in SQL for the two lookups below, which read the session themselves to stay one query): no bidding.
 */
const CADASTRO_2FA_PENDENTE = sql.raw('(u.two_factor_obrigatorio AND NOT u.two_factor_habilitado)');

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
  const [u] = linhas<{
    id: number;
    nome: string;
    email: string;
    bloqueado: boolean;
    hotsite_id: number | null;
    cadastro_2fa_pendente: boolean;
  }>(
    await db.execute(sql`
      SELECT u.id, u.nome, u.email, u.bloqueado, u.hotsite_id, ${CADASTRO_2FA_PENDENTE} AS cadastro_2fa_pendente
        FROM sessao s JOIN usuario u ON u.id = s.usuario_id
       WHERE s.token_hash = ${hashToken(token)} AND s.hotsite_id = ${hotsiteId} AND s.revogada_em IS NULL AND s.expira_em > now()
       LIMIT 1`),
  );
  if (!u) throw new ErroHttp(401, MENSAGENS_ACESSO.naoLogado);
  if (u.cadastro_2fa_pendente) throw new ErroHttp(403, MENSAGENS_ACESSO.cadastro2faPendente);
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
  cadastro_2fa_pendente: boolean;
  tipo_habilitacao: string;
  existe: boolean;
  categoria: string | null;
  validar_sucata: boolean | null;
  habilitado: boolean;
  sucata: string | null;
  /** The lot's auction is public, or this client is its accepted guest (exclusive events, decision 186). */
  convidado: boolean;
  /** The lot is open to every client, or this client is in one of its client groups (decision 269). */
  do_grupo: boolean;
}

/**
 * The bid requests' gate, one query for every bid request that arrives while the previous one runs
 * (a hot lot's bidders would otherwise pay one round trip each): per (brand, token, lot), the session's
 * client on this brand, blocked or not, and whether they may bid on the lot (habilitation, scrap).
 */
export const criarBuscaDeLicitantes = (db: Db) =>
  criarAgrupador(async (_chave, pedidos: { hotsiteId: number; tokenHash: string; loteId: number }[]) => {
    const linhasPorPedido = new Map<number, LinhaDoLicitante>();
    // A named statement (decision 100): planned once per connection, not per bid.
    for (const r of await executarNomeada<LinhaDoLicitante & { n: string | number }>(
      db,
      'licitantes_do_lance',
      sql`
        SELECT p.n, u.id, u.nome, u.email, u.bloqueado, u.hotsite_id, ${CADASTRO_2FA_PENDENTE} AS cadastro_2fa_pendente, h0.tipo_habilitacao, l.id IS NOT NULL AS existe, l.categoria, le.validar_sucata,
               EXISTS (SELECT 1 FROM habilitacao h WHERE h.usuario_id = u.id AND h.hotsite_id = p.hotsite_id AND h.situacao = 'Habilitado'
                          AND (h.leilao_id IS NULL OR h.leilao_id = l.leilao_id)) AS habilitado,
               (SELECT hs.situacao FROM habilitacao_sucata hs WHERE hs.usuario_id = u.id AND hs.hotsite_id = p.hotsite_id) AS sucata,
               (le.privado IS NOT TRUE OR EXISTS (SELECT 1 FROM leilao_convidado lc WHERE lc.leilao_id = le.id AND lc.usuario_id = u.id AND lc.resposta = 'Aceito')) AS convidado,
               (NOT EXISTS (SELECT 1 FROM lote_grupo_cliente lg WHERE lg.lote_id = l.id)
                OR EXISTS (SELECT 1 FROM lote_grupo_cliente lg JOIN grupo_cliente_membro gm ON gm.grupo_id = lg.grupo_id
                            WHERE lg.lote_id = l.id AND gm.usuario_id = u.id)) AS do_grupo
          FROM unnest(${sql.param(pedidos.map((x) => x.hotsiteId))}::int[], ${sql.param(pedidos.map((x) => x.tokenHash))}::text[],
                      ${sql.param(pedidos.map((x) => x.loteId))}::int[]) WITH ORDINALITY AS p(hotsite_id, token_hash, lote_id, n)
          JOIN sessao s ON s.token_hash = p.token_hash AND s.hotsite_id = p.hotsite_id AND s.revogada_em IS NULL AND s.expira_em > now()
          JOIN usuario u ON u.id = s.usuario_id
          JOIN hotsite h0 ON h0.id = s.hotsite_id
          LEFT JOIN lote l ON l.id = p.lote_id AND l.hotsite_id = p.hotsite_id
          LEFT JOIN leilao le ON le.id = l.leilao_id`,
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
  // Keyed by brand: a hot lot's bidders share a lookup, and so do buy-nows on many lots at once (each
  // row of the lookup carries its own lot; decision 088).
  const u = await lances.licitantes(`${hotsiteId}`, { hotsiteId, tokenHash: hashToken(token), loteId: lote });
  const m = mensagensDaMarca(tipo);
  if (!u) throw new ErroHttp(401, MENSAGENS_ACESSO.naoLogado);
  if (u.cadastro_2fa_pendente) throw new ErroHttp(403, MENSAGENS_ACESSO.cadastro2faPendente);
  if (u.bloqueado) throw new ErroHttp(403, m.bloqueado);
  if (u.hotsite_id !== hotsiteId) throw new ErroHttp(403, 'Apenas clientes cadastrados neste site podem dar lances');
  if (u.existe) {
    // A private auction's lot answers a non-guest as an unknown lot would: nothing tells it exists.
    if (!u.convidado) throw new ErroHttp(404, m.loteNaoEncontrado);
    if (u.tipo_habilitacao !== 'nenhuma' && !u.habilitado) throw new ErroHttp(403, m.naoHabilitado);
    if (u.categoria === 'Sucatas' && u.validar_sucata && u.sucata !== 'Autorizado') throw new ErroHttp(403, m.naoHabilitadoSucata);
    if (!u.do_grupo) throw new ErroHttp(403, m.foraDoGrupo);
  }
  return { id: u.id, nome: u.nome, email: u.email };
}

/**
 * GET /v1/cliente/estou-habilitado[?leilaoId=]: for the auction asked, whether the client may bid
 * (`habilitado`), the request's state (`situacao`: Habilitado, Pendente, Recusado or null) and the
 * refusal reason; without an auction, whether they are enabled for any. Also the auctions they are
 * enabled for and the scrap enablement (scrap lots of an auction that validates it need it too).
 */
export async function estouHabilitado({
  db,
  marca,
  usuarioId,
  leilaoId,
}: {
  db: Db;
  marca: Pick<Marca, 'id' | 'tipo' | 'tipoHabilitacao'>;
  usuarioId: number;
  leilaoId?: number | null;
}) {
  const hotsiteId = marca.id;
  if (leilaoId != null) {
    const [existe] = linhas(await db.execute(sql`SELECT 1 FROM leilao WHERE id = ${leilaoId} AND hotsite_id = ${hotsiteId}`));
    if (!existe) throw new ErroHttp(404, 'Leilão não encontrado');
  }
  const habilitacoes = linhas<{ leilao_id: number | null; situacao: SituacaoHabilitacao; motivo: string | null }>(
    await db.execute(
      sql`SELECT leilao_id, situacao, motivo FROM habilitacao WHERE usuario_id = ${usuarioId} AND hotsite_id = ${hotsiteId} ORDER BY id`,
    ),
  );
  const [sucata] = linhas<{ situacao: string; tipo_autorizacao: string | null }>(
    await db.execute(
      sql`SELECT situacao, tipo_autorizacao FROM habilitacao_sucata WHERE usuario_id = ${usuarioId} AND hotsite_id = ${hotsiteId}`,
    ),
  );
  const ok = habilitacoes.filter((h) => h.situacao === 'Habilitado');
  const estado =
    leilaoId != null
      ? estadoDaHabilitacao(
          marca.tipoHabilitacao,
          habilitacoes.map((h) => ({ leilaoId: h.leilao_id, situacao: h.situacao, motivo: h.motivo })),
          leilaoId,
        )
      : null;
  return {
    leilaoId: leilaoId ?? null,
    habilitado: marca.tipoHabilitacao === 'nenhuma' || (estado ? estado.situacao === 'Habilitado' : ok.length > 0),
    situacao: marca.tipoHabilitacao === 'nenhuma' ? null : (estado?.situacao ?? null),
    motivo: estado?.motivo ?? null,
    leiloes: ok.filter((h) => h.leilao_id !== null).map((h) => h.leilao_id),
    todosOsLeiloes: ok.some((h) => h.leilao_id === null),
    habilitacaoSucata: sucata ? { situacao: sucata.situacao, tipoAutorizacao: sucata.tipo_autorizacao } : null,
  };
}
