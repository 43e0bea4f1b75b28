import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '@db/client.server';
import { lote, notificacao } from '@db/schema';
import { SITUACOES_EM_DISPUTA } from '~/modules/dominio/situacoes';
import type { Evento } from './eventos';

/**
 * The queue's writers and the bell's reads. A notice is one row per person and event (and lot), written in
 * the transaction of what happened: the migration's triggers do it for the bid engine, the closing and the
 * habilitations; a use case calls `enfileirarNotificacoes` with its own transaction. The unique key
 * (person, event, lot, chave) makes a second write of the same notice a no-op (decision 181).
 */
export async function enfileirarNotificacoes({
  db,
  hotsiteId,
  evento,
  usuarioIds,
  loteId = null,
  chave = '',
  dados = {},
}: {
  db: Db | Tx;
  hotsiteId: number;
  evento: Evento;
  usuarioIds: readonly number[];
  loteId?: number | null;
  chave?: string;
  dados?: Record<string, unknown>;
}): Promise<number> {
  if (usuarioIds.length === 0) return 0;
  // One statement for any number of people (an outbid reaching 5,000 watchers is one round trip).
  const r = await db.execute(sql`
    INSERT INTO notificacao (hotsite_id, usuario_id, evento, lote_id, chave, dados)
    SELECT ${hotsiteId}, u, ${evento}, ${loteId}, ${chave}, ${JSON.stringify(dados)}::jsonb
      FROM unnest(${`{${usuarioIds.map(Number).join(',')}}`}::int[]) AS u
    ON CONFLICT DO NOTHING`);
  return (r as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? (r as { affectedRows?: number }).affectedRows ?? 0;
}

const EM_DISPUTA = sql.raw(SITUACOES_EM_DISPUTA.map((s) => `'${s}'`).join(','));

/**
 * Watched lots: each client who follows a lot learns, once, that it opened (in the last 10 minutes) and
 * that it closes within 15 minutes. One statement each, from the lots to their watchers.
 */
export async function vigiarFavoritos({ db }: { db: Db }) {
  const encerrando = await db.execute(sql`
    INSERT INTO notificacao (hotsite_id, usuario_id, evento, lote_id, dados)
    SELECT f.hotsite_id, f.usuario_id, 'favorito-encerrando', l.id, jsonb_build_object('valor', coalesce(l.ultimo_lance_valor, l.minimo))
      FROM lote l
      JOIN veiculo v ON v.id = l.veiculo_id
      JOIN favorito f ON f.vei_uid = v.uid AND f.hotsite_id = l.hotsite_id
     WHERE l.situacao IN (${EM_DISPUTA}) AND l.data_fim > clock_timestamp() AND l.data_fim <= clock_timestamp() + interval '15 minutes'
    ON CONFLICT DO NOTHING`);
  const abertos = await db.execute(sql`
    INSERT INTO notificacao (hotsite_id, usuario_id, evento, lote_id)
    SELECT f.hotsite_id, f.usuario_id, 'favorito-aberto', l.id
      FROM lote l
      JOIN veiculo v ON v.id = l.veiculo_id
      JOIN favorito f ON f.vei_uid = v.uid AND f.hotsite_id = l.hotsite_id AND f.created_at < l.data_inicio
     WHERE l.situacao IN (${EM_DISPUTA}) AND l.data_inicio <= clock_timestamp() AND l.data_inicio > clock_timestamp() - interval '10 minutes'
       AND (l.data_fim IS NULL OR l.data_fim > clock_timestamp())
    ON CONFLICT DO NOTHING`);
  const n = (r: unknown) => (r as { rowCount?: number }).rowCount ?? 0;
  return { encerrando: n(encerrando), abertos: n(abertos) };
}

/** The bell's count. */
export async function contarNaoLidas({ db, hotsiteId, usuarioId }: { db: Db; hotsiteId: number; usuarioId: number }) {
  const [r] = await db
    .select({ n: count() })
    .from(notificacao)
    .where(and(eq(notificacao.hotsiteId, hotsiteId), eq(notificacao.usuarioId, usuarioId), isNull(notificacao.lidaEm)));
  return Number(r?.n ?? 0);
}

/** The person's latest notices, newest first, with the lot's name. */
export function listarNotificacoes({
  db,
  hotsiteId,
  usuarioId,
  limite = 30,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  limite?: number;
}) {
  return db
    .select({
      uid: notificacao.uid,
      evento: notificacao.evento,
      dados: notificacao.dados,
      loteId: notificacao.loteId,
      loteNome: lote.nome,
      lidaEm: notificacao.lidaEm,
      createdAt: notificacao.createdAt,
    })
    .from(notificacao)
    .leftJoin(lote, and(eq(lote.id, notificacao.loteId), eq(lote.hotsiteId, notificacao.hotsiteId)))
    .where(and(eq(notificacao.hotsiteId, hotsiteId), eq(notificacao.usuarioId, usuarioId)))
    .orderBy(desc(notificacao.id))
    .limit(limite);
}

export async function marcarTodasLidas({ db, hotsiteId, usuarioId }: { db: Db; hotsiteId: number; usuarioId: number }) {
  await db
    .update(notificacao)
    .set({ lidaEm: new Date() })
    .where(and(eq(notificacao.hotsiteId, hotsiteId), eq(notificacao.usuarioId, usuarioId), isNull(notificacao.lidaEm)));
}
