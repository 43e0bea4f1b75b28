import { sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { ErroHttp } from '~/utils/errors';
import { linhas, numeroOuNulo as num } from '~/utils/linhas.server';
import { filtroComitentes, type Comitentes } from '~/modules/comitentes/usuarios-comitente.server';
import { carregarUsuario } from '~/modules/identidade/guard.server';
import { temAlgumPapel } from '~/modules/dominio/papeis';
import { MENSAGENS_WS } from '~/realtime/protocol';
import { PAPEIS_DA_SALA_DE_ACOMPANHAMENTO } from './acesso';
import { leilaoUidSchema, MENSAGENS_COMANDO } from './pregao.server';

/**
 * Back-office follow-up of an auction (SAC + ADM; `GET /v1/leiloes/backoffice-acompanhar-leilao/{leilaoUid}`
 * and `/admin/backoffice-acompanhar-leilao`): every lot's live state with its bid counts by kind (manual,
 * automatic, auctioneer), the seller value against the winning bid and the conditional answer; and the
 * auction's clients (enabled for it, or who bid) with their bids and the lots they lead.
 *
 * The seller follow-up (`/admin/acompanhar-leilao`) passes `comitentes` (see `comitentesDoUsuario`): only
 * those sellers' lots, and no client list (the brand's clients are not the seller's to see; decision 061).
 */
export async function acompanharLeilao({
  db,
  hotsiteId,
  leilaoUid,
  comitentes = 'todos',
}: {
  db: Db;
  hotsiteId: number;
  leilaoUid: unknown;
  comitentes?: Comitentes;
}) {
  const uid = leilaoUidSchema.parse(leilaoUid);
  const [le] = linhas<{ id: number; uid: string; nome: string; situacao: string; pausado: boolean; lote_atual_id: number | null }>(
    await db.execute(
      sql`SELECT id, uid, nome, situacao, pausado, lote_atual_id FROM leilao WHERE uid = ${uid} AND hotsite_id = ${hotsiteId}`,
    ),
  );
  if (!le) throw new ErroHttp(404, MENSAGENS_COMANDO.leilaoNaoEncontrado);
  const [lotes, clientes] = await Promise.all([
    db.execute(sql`
      SELECT l.id, l.numero, l.nome, l.situacao, l.minimo, l.ultimo_lance_valor, l.ultimo_lance_apelido, l.valor_comitente,
             l.quantidade_lances, ll.resposta_condicional,
             count(la.id) FILTER (WHERE la.tipo = 'Manual') AS manuais,
             count(la.id) FILTER (WHERE la.tipo = 'Automático') AS automaticos,
             count(la.id) FILTER (WHERE la.tipo = 'Leiloeiro') AS leiloeiro,
             (SELECT count(*) FROM lance_automatico a WHERE a.lote_id = l.id AND a.situacao = 'Ativo') AS configuracoes
        FROM leilao_lote ll JOIN lote l ON l.id = ll.lote_id
        LEFT JOIN lance la ON la.lote_id = l.id AND la.situacao = 'Recebido'
       WHERE ll.leilao_id = ${le.id} AND l.hotsite_id = ${hotsiteId} AND ${filtroComitentes(sql`l.comitente_id`, comitentes)}
       GROUP BY l.id, ll.ordem_leilao, ll.resposta_condicional
       ORDER BY ll.ordem_leilao, l.id
       LIMIT 1000`),
    db.execute(sql`
      SELECT u.id, u.nome, u.email,
             (SELECT count(*) FROM lance la WHERE la.usuario_id = u.id AND la.leilao_id = ${le.id} AND la.situacao = 'Recebido') AS lances,
             (SELECT count(*) FROM lote l WHERE l.leilao_id = ${le.id} AND l.ultimo_lance_usuario_id = u.id) AS liderando,
             EXISTS (SELECT 1 FROM habilitacao h WHERE h.usuario_id = u.id AND (h.leilao_id = ${le.id} OR h.leilao_id IS NULL)
                        AND h.situacao = 'Habilitado') AS habilitado,
             EXISTS (SELECT 1 FROM chat_bloqueio b WHERE b.usuario_id = u.id AND b.hotsite_id = ${hotsiteId}) AS bloqueado_chat
        FROM usuario u
       WHERE u.hotsite_id = ${hotsiteId} AND ${comitentes === 'todos' ? sql`TRUE` : sql`FALSE`}
         AND (EXISTS (SELECT 1 FROM habilitacao h WHERE h.usuario_id = u.id AND h.leilao_id = ${le.id})
              OR EXISTS (SELECT 1 FROM lance la WHERE la.usuario_id = u.id AND la.leilao_id = ${le.id}))
       ORDER BY u.nome, u.id
       LIMIT 1000`),
  ]);
  return {
    leilao: { uid: String(le.uid), nome: le.nome, situacao: le.situacao, pausado: le.pausado, loteAtualId: le.lote_atual_id },
    lotes: linhas<Record<string, unknown>>(lotes).map((r) => ({
      loteId: r.id as number,
      numero: String(r.numero),
      nome: String(r.nome),
      situacao: String(r.situacao),
      valorAtual: num(r.ultimo_lance_valor) ?? Number(r.minimo),
      lance: num(r.ultimo_lance_valor),
      apelido: (r.ultimo_lance_apelido as string | null) ?? null,
      valorComitente: num(r.valor_comitente),
      quantidadeLances: Number(r.quantidade_lances),
      lances: {
        manuais: Number(r.manuais),
        automaticos: Number(r.automaticos),
        leiloeiro: Number(r.leiloeiro),
        configuracoes: Number(r.configuracoes),
      },
      respostaCondicional: (r.resposta_condicional as string | null) ?? null,
    })),
    clientes: linhas<Record<string, unknown>>(clientes).map((r) => ({
      id: r.id as number,
      nome: String(r.nome),
      email: String(r.email),
      lances: Number(r.lances),
      liderando: Number(r.liderando),
      habilitado: r.habilitado as boolean,
      bloqueadoNoChat: r.bloqueado_chat as boolean,
    })),
  };
}

/** The vehicle uids of an auction's lots (their rooms' names), in floor order. */
export async function veiUidsDoLeilao({
  db,
  hotsiteId,
  leilaoId,
  limite = 2_000,
}: {
  db: Db;
  hotsiteId: number;
  leilaoId: number;
  limite?: number;
}) {
  const rs = linhas<{ uid: string }>(
    await db.execute(sql`
      SELECT v.uid::text AS uid
        FROM leilao_lote ll JOIN lote l ON l.id = ll.lote_id JOIN veiculo v ON v.id = l.veiculo_id
       WHERE ll.leilao_id = ${leilaoId} AND l.hotsite_id = ${hotsiteId}
       ORDER BY ll.ordem_leilao, l.id
       LIMIT ${limite}`),
  );
  return [...new Set(rs.map((r) => r.uid))];
}

/**
 * `conectar-backoffice` (decision 264): staff of the follow-up screens (SAC, ADM, Leiloeiro) join an
 * auction of this brand's follow-up room, whose lots' updates then reach them. The socket's session was
 * authenticated for this brand at the upgrade; the auction is looked up inside the brand (another brand's
 * uid is an unknown room). Answers the lots' vehicle uids, or the refusal.
 */
export async function salaDeAcompanhamento({
  db,
  hotsiteId,
  usuarioId,
  leilaoUid,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  leilaoUid: string;
}): Promise<{ veiUids: string[] } | { erro: string }> {
  const u = await carregarUsuario(db, usuarioId);
  if (!u || !temAlgumPapel(u.papeis, PAPEIS_DA_SALA_DE_ACOMPANHAMENTO)) return { erro: MENSAGENS_WS.semPermissao };
  const [le] = linhas<{ id: number }>(await db.execute(sql`SELECT id FROM leilao WHERE uid = ${leilaoUid} AND hotsite_id = ${hotsiteId}`));
  if (!le) return { erro: MENSAGENS_WS.exclusivo };
  return { veiUids: await veiUidsDoLeilao({ db, hotsiteId, leilaoId: Number(le.id) }) };
}

/**
 * The lots of a followed auction, by the auction's uid, inside the brand (decision 285): what a follow-up
 * room re-reads so lots added or moved in later are followed. An unknown uid has none.
 */
export async function lotesDoLeilaoAcompanhado({ db, hotsiteId, leilaoUid }: { db: Db; hotsiteId: number; leilaoUid: string }) {
  const [le] = linhas<{ id: number }>(await db.execute(sql`SELECT id FROM leilao WHERE uid = ${leilaoUid} AND hotsite_id = ${hotsiteId}`));
  return le ? veiUidsDoLeilao({ db, hotsiteId, leilaoId: Number(le.id) }) : [];
}
