import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import type { Hub } from '~/realtime/hub.server';
import { salas, textoDoChatSchema, type ChatMensagem } from '~/realtime/protocol';
import { reservarTentativa } from '~/modules/identidade/limite.server';
import { ErroHttp } from '~/utils/errors';
import { idSchema } from '~/utils/id';
import { linhas } from '~/utils/linhas.server';

/**
 * The auditorium's chat (issue 15): messages stored per auction, shown by nickname ("Maria S."), as
 * text only (React escapes; nothing is ever rendered as HTML). Staff hide a message or block a client
 * from the brand's chat. Rate limit per client (LIMITES.chat: 3 messages in 10 s), reserved in the database
 * before the message is stored, so it holds across instances and under concurrent sends (decision 106).
 */
export const MENSAGENS_CHAT = {
  bloqueado: 'Você está bloqueado no chat',
  leilaoNaoEncontrado: 'Leilão não encontrado',
  encerrado: 'O chat deste leilão está encerrado',
  rapido: 'Aguarde alguns segundos para enviar outra mensagem',
  naoEncontrada: 'Mensagem não encontrada',
  ocultada: 'Mensagem ocultada',
  clienteBloqueado: 'Cliente bloqueado no chat',
  clienteDesbloqueado: 'Cliente desbloqueado no chat',
  clienteNaoEncontrado: 'Cliente não encontrado',
} as const;

const linhaParaMensagem = (leilaoUid: string, r: Record<string, unknown>): ChatMensagem => ({
  leilaoUid,
  uid: String(r.uid),
  apelido: String(r.apelido),
  texto: String(r.texto),
  data: new Date(r.created_at as string).toISOString(),
});

/** A client's message: stored, then published to the auditorium (and, with the author, to the auctioneer). Answers a refusal or null. */
export async function enviarMensagemDoChat({
  db,
  hub,
  hotsiteId,
  usuarioId,
  leilaoUid,
  texto: bruto,
}: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  usuarioId: number;
  leilaoUid: string;
  texto: unknown;
}): Promise<string | null> {
  const t = textoDoChatSchema.safeParse(bruto);
  if (!t.success) return t.error.issues[0]?.message ?? 'Mensagem inválida';
  const uid = z.uuid().safeParse(leilaoUid);
  if (!uid.success) return MENSAGENS_CHAT.leilaoNaoEncontrado;
  const [estado] = linhas<{ leilao_id: number | null; situacao: string | null; bloqueado: boolean }>(
    await db.execute(sql`
      SELECT (SELECT id FROM leilao WHERE uid = ${uid.data} AND hotsite_id = ${hotsiteId}) AS leilao_id,
             (SELECT situacao FROM leilao WHERE uid = ${uid.data} AND hotsite_id = ${hotsiteId}) AS situacao,
             EXISTS (SELECT 1 FROM chat_bloqueio WHERE hotsite_id = ${hotsiteId} AND usuario_id = ${usuarioId}) AS bloqueado`),
  );
  if (estado.leilao_id == null) return MENSAGENS_CHAT.leilaoNaoEncontrado;
  if (estado.situacao === 'EXECUTADO' || estado.situacao === 'CANCELADO') return MENSAGENS_CHAT.encerrado;
  if (estado.bloqueado) return MENSAGENS_CHAT.bloqueado;
  const vez = await reservarTentativa(db, { limite: 'chat', chave: `${hotsiteId}:${usuarioId}`, hotsiteId });
  if (!vez.permitida) return MENSAGENS_CHAT.rapido;
  const [r] = linhas<Record<string, unknown>>(
    await db.execute(sql`
      INSERT INTO chat_mensagem (hotsite_id, leilao_id, usuario_id, apelido, texto)
      SELECT ${hotsiteId}, ${estado.leilao_id}, u.id, apelido_do_usuario(u.id), ${t.data}
        FROM usuario u WHERE u.id = ${usuarioId}
      RETURNING uid, apelido, texto, created_at`),
  );
  if (!r) return MENSAGENS_CHAT.clienteNaoEncontrado;
  const m = linhaParaMensagem(uid.data, r);
  if (hub) {
    void hub.publicar(hotsiteId, salas.leilao(uid.data), { event: 'chat-mensagem', data: m });
    void hub.publicar(hotsiteId, salas.leiloeiro(uid.data), { event: 'chat-mensagem', data: { ...m, usuarioId } });
  }
  return null;
}

/** The latest visible messages of an auction, oldest first (staff also get the author, for moderation). */
export async function mensagensRecentes({
  db,
  hotsiteId,
  leilaoUid,
  staff = false,
  limite = 50,
}: {
  db: Db;
  hotsiteId: number;
  leilaoUid: string;
  staff?: boolean;
  limite?: number;
}): Promise<ChatMensagem[]> {
  const rows = linhas<Record<string, unknown>>(
    await db.execute(sql`
      SELECT * FROM (
        SELECT m.id, m.uid, m.apelido, m.texto, m.created_at, m.usuario_id,
               ${staff ? sql`(SELECT count(*) FROM chat_leitura c WHERE c.mensagem_id = m.id)::int` : sql`0`} AS lidas
          FROM chat_mensagem m JOIN leilao le ON le.id = m.leilao_id
         WHERE le.uid = ${leilaoUid} AND m.hotsite_id = ${hotsiteId} AND m.oculta = false
         ORDER BY m.id DESC LIMIT ${limite}) x
       ORDER BY id`),
  );
  return rows.map((r) => ({
    ...linhaParaMensagem(leilaoUid, r),
    ...(staff ? { usuarioId: r.usuario_id as number, lidas: Number(r.lidas) } : {}),
  }));
}

export const moderacaoSchema = z.discriminatedUnion('acao', [
  z.object({ acao: z.literal('ocultar'), mensagemUid: z.uuid({ error: 'Mensagem inválida' }) }),
  z.object({ acao: z.literal('bloquear'), usuarioId: idSchema('Cliente inválido') }),
  z.object({ acao: z.literal('desbloquear'), usuarioId: idSchema('Cliente inválido') }),
]);

/** Staff moderation: hide a message (every watcher drops it), block or unblock a client from the brand's chat. */
export async function moderarChat({
  db,
  hub,
  hotsiteId,
  entrada,
  staffId,
}: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  entrada: unknown;
  staffId: number;
}): Promise<{ mensagem: string }> {
  const e = moderacaoSchema.parse(entrada);
  if (e.acao === 'ocultar') {
    const [r] = linhas<{ leilao_uid: string; uid: string }>(
      await db.execute(sql`
        UPDATE chat_mensagem m SET oculta = true FROM leilao le
         WHERE m.uid = ${e.mensagemUid} AND m.hotsite_id = ${hotsiteId} AND le.id = m.leilao_id
        RETURNING le.uid AS leilao_uid, m.uid`),
    );
    if (!r) throw new ErroHttp(404, MENSAGENS_CHAT.naoEncontrada);
    const data = { leilaoUid: String(r.leilao_uid), uid: String(r.uid) };
    if (hub) {
      void hub.publicar(hotsiteId, salas.leilao(data.leilaoUid), { event: 'chat-oculta', data });
      void hub.publicar(hotsiteId, salas.leiloeiro(data.leilaoUid), { event: 'chat-oculta', data });
    }
    return { mensagem: MENSAGENS_CHAT.ocultada };
  }
  const [u] = linhas(await db.execute(sql`SELECT 1 FROM usuario WHERE id = ${e.usuarioId} AND hotsite_id = ${hotsiteId}`));
  if (!u) throw new ErroHttp(404, MENSAGENS_CHAT.clienteNaoEncontrado);
  if (e.acao === 'bloquear') {
    await db.execute(sql`INSERT INTO chat_bloqueio (hotsite_id, usuario_id, bloqueado_por) VALUES (${hotsiteId}, ${e.usuarioId}, ${staffId})
                         ON CONFLICT DO NOTHING`);
    return { mensagem: MENSAGENS_CHAT.clienteBloqueado };
  }
  await db.execute(sql`DELETE FROM chat_bloqueio WHERE hotsite_id = ${hotsiteId} AND usuario_id = ${e.usuarioId}`);
  return { mensagem: MENSAGENS_CHAT.clienteDesbloqueado };
}
