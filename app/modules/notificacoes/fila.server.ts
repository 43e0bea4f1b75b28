import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '@db/client.server';
import { lote, notificacao } from '@db/schema';
import { SITUACOES_EM_DISPUTA } from '~/modules/dominio/situacoes';
import type { Hub } from '~/realtime/hub.server';
import { salas } from '~/realtime/protocol';
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
 * that it closes within 15 minutes; the leader of a lot closing within 15 minutes learns, once, that they
 * are winning it (decision 282), and is not told the follower's notice of that lot too. One statement each,
 * from the lots to the people. The call on the live floor is the migration's trigger (decision 281).
 */
export async function vigiarFavoritos({ db }: { db: Db }) {
  const vencendo = await db.execute(sql`
    INSERT INTO notificacao (hotsite_id, usuario_id, evento, lote_id, dados)
    SELECT l.hotsite_id, l.ultimo_lance_usuario_id, 'vencendo-encerrando', l.id, jsonb_build_object('valor', l.ultimo_lance_valor)
      FROM lote l
     WHERE l.situacao IN (${EM_DISPUTA}) AND l.ultimo_lance_usuario_id IS NOT NULL
       AND l.data_fim > clock_timestamp() AND l.data_fim <= clock_timestamp() + interval '15 minutes'
    ON CONFLICT DO NOTHING`);
  const encerrando = await db.execute(sql`
    INSERT INTO notificacao (hotsite_id, usuario_id, evento, lote_id, dados)
    SELECT f.hotsite_id, f.usuario_id, 'favorito-encerrando', l.id, jsonb_build_object('valor', coalesce(l.ultimo_lance_valor, l.minimo))
      FROM lote l
      JOIN veiculo v ON v.id = l.veiculo_id
      JOIN favorito f ON f.vei_uid = v.uid AND f.hotsite_id = l.hotsite_id
     WHERE l.situacao IN (${EM_DISPUTA}) AND l.data_fim > clock_timestamp() AND l.data_fim <= clock_timestamp() + interval '15 minutes'
       AND NOT EXISTS (SELECT 1 FROM notificacao j
                        WHERE j.hotsite_id = f.hotsite_id AND j.usuario_id = f.usuario_id AND j.evento = 'vencendo-encerrando'
                          AND coalesce(j.lote_id, 0) = l.id AND j.chave = '')
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
  return { vencendo: n(vencendo), encerrando: n(encerrando), abertos: n(abertos) };
}

/** How long before a payment or pickup deadline its reminder goes (decision 212). */
export const ANTECEDENCIA_DOS_PRAZOS = '24 hours';

/**
 * Deadline reminders: a buyer whose sale still waits for payment, or whose pickup is scheduled, is told once
 * within the last 24 hours before it. The unique key (person, event, chave = sale and deadline) is the
 * reservation: every instance may run this at the same moment and each reminder is written once; a deadline
 * moved later is a new reminder.
 */
export async function vigiarPrazos({ db }: { db: Db }) {
  const pagamento = await db.execute(sql`
    INSERT INTO notificacao (hotsite_id, usuario_id, evento, chave, dados)
    SELECT v.hotsite_id, v.usuario_id, 'prazo-pagamento', v.id::text || ':' || extract(epoch FROM v.data_pagamento)::bigint::text,
           jsonb_build_object('vendaId', v.id, 'prazo', v.data_pagamento, 'valor', v.total)
      FROM venda v
     WHERE v.situacao = 'AguardandoPagamento'
       AND v.data_pagamento > clock_timestamp() AND v.data_pagamento <= clock_timestamp() + ${ANTECEDENCIA_DOS_PRAZOS}::interval
    ON CONFLICT DO NOTHING`);
  const retirada = await db.execute(sql`
    INSERT INTO notificacao (hotsite_id, usuario_id, evento, chave, dados)
    SELECT v.hotsite_id, v.usuario_id, 'prazo-retirada', v.id::text || ':' || extract(epoch FROM v.agendado_horario)::bigint::text,
           jsonb_build_object('vendaId', v.id, 'prazo', v.agendado_horario)
      FROM venda v
     WHERE v.situacao_entrega = 'aguardando_retirada'
       AND v.agendado_horario > clock_timestamp() AND v.agendado_horario <= clock_timestamp() + ${ANTECEDENCIA_DOS_PRAZOS}::interval
    ON CONFLICT DO NOTHING`);
  const n = (r: unknown) =>
    (r as { rowCount?: number; affectedRows?: number }).rowCount ?? (r as { affectedRows?: number }).affectedRows ?? 0;
  return { pagamento: n(pagamento), retirada: n(retirada) };
}

/** An event the brand turned off (decision 209) is not in the bell either. */
const naoDesligado = sql`NOT EXISTS (SELECT 1 FROM notificacao_modelo m
                                      WHERE m.hotsite_id = ${notificacao.hotsiteId} AND m.evento = ${notificacao.evento} AND NOT m.ativo)`;

/** The bell's count. */
export async function contarNaoLidas({ db, hotsiteId, usuarioId }: { db: Db; hotsiteId: number; usuarioId: number }) {
  const [r] = await db
    .select({ n: count() })
    .from(notificacao)
    .where(and(eq(notificacao.hotsiteId, hotsiteId), eq(notificacao.usuarioId, usuarioId), isNull(notificacao.lidaEm), naoDesligado));
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
    .where(and(eq(notificacao.hotsiteId, hotsiteId), eq(notificacao.usuarioId, usuarioId), naoDesligado))
    .orderBy(desc(notificacao.id))
    .limit(limite);
}

/** Every notice read; the person's open pages (every tab and device) hear their bell is at zero. */
export async function marcarTodasLidas({ db, hotsiteId, usuarioId, hub }: { db: Db; hotsiteId: number; usuarioId: number; hub?: Hub }) {
  await db
    .update(notificacao)
    .set({ lidaEm: new Date() })
    .where(and(eq(notificacao.hotsiteId, hotsiteId), eq(notificacao.usuarioId, usuarioId), isNull(notificacao.lidaEm)));
  if (hub) void hub.publicar(hotsiteId, salas.usuario(usuarioId), { event: 'notificacao', data: { naoLidas: 0 } });
}
