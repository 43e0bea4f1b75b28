import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { ErroHttp } from '~/utils/errors';
import { idSchema } from '~/utils/id';
import { linhas } from '~/utils/linhas.server';
import { embaralhar } from './embaralhar';
import { leiloesDoPregao, lotesDoLeilao, MENSAGENS_COMANDO } from './pregao.server';
import { leilaoVisivelPara } from '~/modules/eventos/convidados.server';

export const loteIdSchema = idSchema('id do lote precisa ser um número');

export const MENSAGENS_AUDITORIO = { loteNaoEncontrado: 'Lote não encontrado' } as const;

/** What the auctioneer does with a nickname when calling it (spec 001 §7 "acoesApelido"). */
export const ACOES_APELIDO = ['proximo', 'repetir', 'alternar', 'aleatorio'] as const;

/**
 * The auctioneer's nicknames for a lot (`GET /v1/leilao/apelido-leiloeiro/por-lote/{id}`, decision 062):
 * one per online bidder of the lot, as the bid history shows it ("Maria S."), with the city and state,
 * the bidder's bid count and first bid, and the lot's vehicle type and resale type; shuffled, so the
 * auctioneer calls the room without an order that gives away who leads.
 */
export async function apelidosDoLote({ db, hotsiteId, loteId }: { db: Db; hotsiteId: number; loteId: unknown }) {
  const id = loteIdSchema.parse(loteId);
  const [lote] = linhas<{ tipo: string | null; retomada: string | null }>(
    await db.execute(sql`SELECT t.nome AS tipo, l.retomada FROM lote l LEFT JOIN veiculo_tipo t ON t.id = l.veiculo_tipo_id
                          WHERE l.id = ${id} AND l.hotsite_id = ${hotsiteId}`),
  );
  if (!lote) throw new ErroHttp(404, MENSAGENS_AUDITORIO.loteNaoEncontrado);
  const rows = linhas<{ uid: string; apelido: string; cidade: string | null; estado: string | null; primeiro: string; qtd: number }>(
    await db.execute(sql`
      SELECT u.uid, (array_agg(la.apelido ORDER BY la.id DESC))[1] AS apelido,
             coalesce((array_agg(la.cidade ORDER BY la.id DESC) FILTER (WHERE la.cidade IS NOT NULL))[1], min(e.cidade)) AS cidade,
             min(e.estado_sigla) AS estado, min(la.data) AS primeiro, count(*)::int AS qtd
        FROM lance la JOIN usuario u ON u.id = la.usuario_id
        LEFT JOIN cliente c ON c.usuario_id = u.id AND c.hotsite_id = ${hotsiteId}
        LEFT JOIN endereco e ON e.cliente_id = c.id
       WHERE la.lote_id = ${id} AND la.hotsite_id = ${hotsiteId} AND la.situacao = 'Recebido' AND la.tipo <> 'Leiloeiro'
       GROUP BY u.id, u.uid
       LIMIT 500`),
  );
  const apelidos = rows.map((r) => ({
    uid: String(r.uid),
    apelido: r.apelido,
    cidade: r.cidade ?? null,
    estado: r.estado ?? null,
    tipoVeiculoSite: lote.tipo ?? null,
    tipoRetomadaSite: lote.retomada ?? null,
    createdAt: new Date(r.primeiro).toISOString(),
    qtdLances: Number(r.qtd),
    acoesApelido: [...ACOES_APELIDO],
  }));
  return embaralhar(apelidos, randomInt);
}

export const anunciosAuditorioSchema = z.object({
  leilaoUid: z.uuid('leilaoUid deve ser um uid de leilão').optional(),
});

/**
 * The auditorium's lots (`GET /v1/lote/anuncios-auditorio`, decision 062): the auction asked for by
 * `leilaoUid`, else the live one, else the next; its lots in floor order with the one on the floor.
 */
export async function anunciosDoAuditorio({
  db,
  hotsiteId,
  consulta,
  usuarioId,
}: {
  db: Db;
  hotsiteId: number;
  consulta: unknown;
  /** The asker (null: a visitor): a private auction only for its accepted guests (decision 186). */
  usuarioId: number | null;
}) {
  const { leilaoUid } = anunciosAuditorioSchema.parse(consulta);
  const leiloes = await leiloesDoPregao({ db, hotsiteId, visivelPara: usuarioId });
  let leilao = leilaoUid ? null : (leiloes[0] ?? null);
  if (leilaoUid) {
    const [r] = linhas<{ uid: string; nome: string; situacao: string }>(
      await db.execute(
        sql`SELECT uid, nome, situacao FROM leilao WHERE uid = ${leilaoUid} AND hotsite_id = ${hotsiteId} AND ${leilaoVisivelPara(sql`leilao.id`, usuarioId)}`,
      ),
    );
    if (!r) throw new ErroHttp(404, MENSAGENS_COMANDO.leilaoNaoEncontrado);
    leilao = { ...r, uid: String(r.uid), data: '', transmissaoUrl: null };
  }
  if (!leilao) return { leilao: null, loteAtualId: null, anuncios: [] };
  const [anuncios, atual] = await Promise.all([
    lotesDoLeilao({ db, hotsiteId, leilaoUid: leilao.uid }),
    db.execute(sql`SELECT lote_atual_id FROM leilao WHERE uid = ${leilao.uid} AND hotsite_id = ${hotsiteId}`),
  ]);
  return {
    leilao: { uid: leilao.uid, nome: leilao.nome, situacao: leilao.situacao },
    loteAtualId: linhas<{ lote_atual_id: number | null }>(atual)[0]?.lote_atual_id ?? null,
    anuncios,
  };
}
