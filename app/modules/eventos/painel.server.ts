import { sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { SITUACOES_ARREMATADO } from '~/modules/dominio/situacoes';
import { linhas } from '~/utils/linhas.server';

/**
 * The event dashboard (/eventos/dashboard/{leilaoUid?}, SAC and ADM), the report (/eventos/relatorio,
 * Dev) and the active event lookup (GET /hotsite/busca-evento/ativo). Reads only; every query is scoped
 * by the brand. Without an auction the dashboard opens the brand's current event: the private auction
 * live now, else the next, else the latest (decision 187).
 */
const n = (v: unknown) => Number(v ?? 0);
/** Lots counted as sold in the report: the shared set of sold (bought) lots. */
const VENDIDOS = `{${SITUACOES_ARREMATADO.join(',')}}`;

export async function eventoAtual({ db, hotsiteId, leilaoUid }: { db: Db; hotsiteId: number; leilaoUid?: string | null }) {
  const [l] = linhas<{ id: number; uid: string; nome: string; data: Date; situacao: string; privado: boolean; lote_atual: string | null }>(
    await db.execute(sql`SELECT l.id, l.uid, l.nome, l.data, l.situacao, l.privado,
                                (SELECT lo.nome FROM lote lo WHERE lo.id = l.lote_atual_id AND lo.hotsite_id = l.hotsite_id) AS lote_atual
                           FROM leilao l
                          WHERE l.hotsite_id = ${hotsiteId} AND ${leilaoUid ? sql`l.uid::text = ${leilaoUid}` : sql`l.privado AND l.situacao <> 'CANCELADO'`}
                          ORDER BY (l.situacao = 'AO_VIVO') DESC, (l.data >= now()) DESC,
                                   CASE WHEN l.data >= now() THEN l.data END ASC, l.data DESC
                          LIMIT 1`),
  );
  return l
    ? {
        id: Number(l.id),
        uid: l.uid,
        nome: l.nome,
        data: new Date(l.data),
        situacao: l.situacao,
        privado: l.privado,
        loteAtual: l.lote_atual,
      }
    : null;
}

/** Top lots, top clients, the latest bids and the latest logins of the auction's guests and bidders. */
export async function painelDoEvento({ db, hotsiteId, leilaoUid }: { db: Db; hotsiteId: number; leilaoUid?: string | null }) {
  const leilao = await eventoAtual({ db, hotsiteId, leilaoUid });
  if (!leilao) return null;
  const id = leilao.id;
  const [lotes, clientes, lances, logins, convites] = await Promise.all([
    db.execute(sql`SELECT lo.id, lo.numero, lo.nome, count(la.id)::int AS lances, coalesce(max(la.valor), 0) AS maior
                     FROM lote lo JOIN lance la ON la.lote_id = lo.id AND la.hotsite_id = ${hotsiteId}
                    WHERE lo.hotsite_id = ${hotsiteId} AND lo.leilao_id = ${id}
                    GROUP BY lo.id ORDER BY count(la.id) DESC, max(la.valor) DESC LIMIT 10`),
    db.execute(sql`SELECT u.id, u.nome, count(la.id)::int AS lances, count(DISTINCT la.lote_id)::int AS lotes, max(la.valor) AS maior
                     FROM lance la JOIN usuario u ON u.id = la.usuario_id
                    WHERE la.hotsite_id = ${hotsiteId} AND la.leilao_id = ${id}
                    GROUP BY u.id ORDER BY count(la.id) DESC, max(la.valor) DESC LIMIT 10`),
    db.execute(sql`SELECT la.uid, la.valor, la.data, la.apelido, u.nome AS cliente, lo.numero, lo.nome AS lote
                     FROM lance la JOIN usuario u ON u.id = la.usuario_id JOIN lote lo ON lo.id = la.lote_id
                    WHERE la.hotsite_id = ${hotsiteId} AND la.leilao_id = ${id}
                    ORDER BY la.id DESC LIMIT 20`),
    db.execute(sql`SELECT s.uid, s.created_at AS em, u.nome AS cliente
                     FROM sessao s JOIN usuario u ON u.id = s.usuario_id
                    WHERE s.hotsite_id = ${hotsiteId}
                      AND (s.usuario_id IN (SELECT lc.usuario_id FROM leilao_convidado lc WHERE lc.leilao_id = ${id} AND lc.resposta = 'Aceito')
                           OR s.usuario_id IN (SELECT la.usuario_id FROM lance la WHERE la.leilao_id = ${id} AND la.hotsite_id = ${hotsiteId}))
                    ORDER BY s.id DESC LIMIT 20`),
    db.execute(
      sql`SELECT resposta, count(*)::int AS n FROM leilao_convidado WHERE hotsite_id = ${hotsiteId} AND leilao_id = ${id} GROUP BY resposta`,
    ),
  ]);
  const porResposta = new Map(linhas<{ resposta: string; n: number }>(convites).map((r) => [r.resposta, n(r.n)]));
  return {
    leilao,
    convites: {
      aceitos: porResposta.get('Aceito') ?? 0,
      pendentes: porResposta.get('Pendente') ?? 0,
      recusados: porResposta.get('Recusado') ?? 0,
    },
    topLotes: linhas<{ id: number; numero: string; nome: string; lances: number; maior: string }>(lotes).map((r) => ({
      id: n(r.id),
      numero: r.numero,
      nome: r.nome,
      lances: n(r.lances),
      maior: n(r.maior),
    })),
    topClientes: linhas<{ id: number; nome: string; lances: number; lotes: number; maior: string }>(clientes).map((r) => ({
      id: n(r.id),
      nome: r.nome,
      lances: n(r.lances),
      lotes: n(r.lotes),
      maior: n(r.maior),
    })),
    ultimosLances: linhas<{ uid: string; valor: string; data: Date; apelido: string; cliente: string; numero: string; lote: string }>(
      lances,
    ).map((r) => ({
      uid: r.uid,
      valor: n(r.valor),
      data: new Date(r.data),
      apelido: r.apelido,
      cliente: r.cliente,
      numero: r.numero,
      lote: r.lote,
    })),
    ultimosLogins: linhas<{ uid: string; em: Date; cliente: string }>(logins).map((r) => ({
      uid: r.uid,
      em: new Date(r.em),
      cliente: r.cliente,
    })),
  };
}

/** One line per private auction: invitations by answer, guests who bid, bids, lots sold and their total. */
export async function relatorioDeEventos({ db, hotsiteId }: { db: Db; hotsiteId: number }) {
  const rs = linhas<Record<string, unknown>>(
    await db.execute(sql`SELECT l.uid, l.nome, l.data, l.situacao,
          (SELECT count(*) FROM leilao_convidado lc WHERE lc.leilao_id = l.id) AS convidados,
          (SELECT count(*) FROM leilao_convidado lc WHERE lc.leilao_id = l.id AND lc.resposta = 'Aceito') AS aceitos,
          (SELECT count(*) FROM leilao_convidado lc WHERE lc.leilao_id = l.id AND lc.resposta = 'Recusado') AS recusados,
          (SELECT count(DISTINCT la.usuario_id) FROM lance la WHERE la.leilao_id = l.id AND la.hotsite_id = l.hotsite_id) AS participantes,
          (SELECT count(*) FROM lance la WHERE la.leilao_id = l.id AND la.hotsite_id = l.hotsite_id) AS lances,
          (SELECT count(*) FROM lote lo WHERE lo.leilao_id = l.id AND lo.hotsite_id = l.hotsite_id) AS lotes,
          (SELECT count(*) FROM lote lo WHERE lo.leilao_id = l.id AND lo.hotsite_id = l.hotsite_id AND lo.situacao = ANY(${VENDIDOS}::text[])) AS vendidos,
          (SELECT coalesce(sum(lo.ultimo_lance_valor), 0) FROM lote lo WHERE lo.leilao_id = l.id AND lo.hotsite_id = l.hotsite_id AND lo.situacao = ANY(${VENDIDOS}::text[])) AS arrematado
        FROM leilao l WHERE l.hotsite_id = ${hotsiteId} AND l.privado ORDER BY l.data DESC LIMIT 500`),
  );
  return rs.map((r) => ({
    uid: String(r.uid),
    nome: String(r.nome),
    data: new Date(r.data as string),
    situacao: String(r.situacao),
    convidados: n(r.convidados),
    aceitos: n(r.aceitos),
    recusados: n(r.recusados),
    participantes: n(r.participantes),
    lances: n(r.lances),
    lotes: n(r.lotes),
    vendidos: n(r.vendidos),
    arrematado: n(r.arrematado),
  }));
}

/**
 * GET /hotsite/busca-evento/ativo: the exclusive event open to this login now (an accepted guest's
 * private auction not yet finished), else null. A visitor or a non-guest learns nothing of it.
 */
export async function eventoAtivo({ db, hotsiteId, usuarioId }: { db: Db; hotsiteId: number; usuarioId: number | null }) {
  if (usuarioId == null) return null;
  const [l] = linhas<{ uid: string; nome: string; data: Date; situacao: string }>(
    await db.execute(sql`SELECT l.uid, l.nome, l.data, l.situacao FROM leilao l
                          JOIN leilao_convidado lc ON lc.leilao_id = l.id AND lc.usuario_id = ${usuarioId} AND lc.resposta = 'Aceito'
                         WHERE l.hotsite_id = ${hotsiteId} AND l.privado AND l.situacao NOT IN ('EXECUTADO', 'CANCELADO')
                         ORDER BY (l.situacao = 'AO_VIVO') DESC, l.data ASC LIMIT 1`),
  );
  return l ? { uid: l.uid, nome: l.nome, data: new Date(l.data).toISOString(), situacao: l.situacao } : null;
}
