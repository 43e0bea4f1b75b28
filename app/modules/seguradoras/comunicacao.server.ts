import '~/utils/zod-pt-br';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { enfileirarAtualizacao } from '~/modules/remocoes/atualizacoes.server';
import { textoLivre } from '~/utils/entrada';
import { ErroHttp, naoEncontrado } from '~/utils/errors';
import { linhas } from '~/utils/linhas.server';

/*
 * The insurer's questions and our answers (spec 001 §9 "Communication request: code, type, protocol, text,
 * responseToCode, user, timestamp"; decision 205). A question (S14) is kept by the receiver; staff answer it
 * once, from the removal's screen or the API: the answer and the S15 sent back (the outbox of decision 172) are
 * written in one statement's claim, so two answers at once give one answer and one "já respondida".
 */

export const MENSAGENS_COMUNICACAO = {
  naoEncontrada: 'Comunicação não encontrada',
  jaRespondida: 'Esta comunicação já foi respondida',
  semResposta: 'Escreva a resposta à seguradora',
} as const;

export const respostaComunicacaoSchema = z.object({
  resposta: z.preprocess((v) => v ?? '', textoLivre(4000).pipe(z.string().trim().min(1, MENSAGENS_COMUNICACAO.semResposta))),
});

export interface Comunicacao {
  uid: string;
  codigo: string;
  tipo: string | null;
  protocolo: string | null;
  texto: string;
  usuario: string | null;
  recebidaEm: string;
  resposta: string | null;
  respondidaEm: string | null;
  respondidaPor: string | null;
}

const UID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (d: string | null) => (d == null ? null : new Date(d).toISOString());

/** A removal's questions, oldest first; another brand's removal has none. */
export async function comunicacoesDaRemocao({ db, hotsiteId, remocaoUid }: { db: Db; hotsiteId: number; remocaoUid: string }) {
  if (!UID.test(remocaoUid)) return [];
  return linhas<Comunicacao>(
    await db.execute(sql`SELECT c.uid, c.codigo, c.tipo, c.protocolo, c.texto, c.usuario, c.recebida_em AS "recebidaEm", c.resposta,
        c.respondida_em AS "respondidaEm", u.nome AS "respondidaPor"
      FROM seguradora_comunicacao c JOIN remocao r ON r.id = c.remocao_id LEFT JOIN usuario u ON u.id = c.respondida_por_id
      WHERE c.hotsite_id = ${hotsiteId} AND r.hotsite_id = ${hotsiteId} AND r.uid = ${remocaoUid.toLowerCase()}::uuid
      ORDER BY c.recebida_em, c.id`),
  ).map((c) => ({ ...c, recebidaEm: new Date(c.recebidaEm).toISOString(), respondidaEm: iso(c.respondidaEm) }));
}

/** Answers one question of the removal (S15 to the insurer, with responseToCode = the question's code). */
export async function responderComunicacao({
  db,
  hotsiteId,
  usuarioId,
  remocaoUid,
  uid,
  entrada,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  remocaoUid: string;
  uid: string;
  entrada: unknown;
}) {
  const { resposta } = respostaComunicacaoSchema.parse(entrada);
  if (!UID.test(uid) || !UID.test(remocaoUid)) throw naoEncontrado(MENSAGENS_COMUNICACAO.naoEncontrada);
  await db.transaction(async (tx) => {
    const [c] = linhas<{ id: number; remocaoId: number; codigo: string; protocolo: string | null; usuario: string | null }>(
      await tx.execute(sql`UPDATE seguradora_comunicacao c SET resposta = ${resposta}, respondida_em = now(), respondida_por_id = ${usuarioId},
            updated_at = now()
          FROM remocao r
         WHERE c.hotsite_id = ${hotsiteId} AND c.uid = ${uid.toLowerCase()}::uuid AND c.resposta IS NULL
           AND r.id = c.remocao_id AND r.hotsite_id = ${hotsiteId} AND r.uid = ${remocaoUid.toLowerCase()}::uuid
        RETURNING c.id, c.remocao_id AS "remocaoId", c.codigo, c.protocolo,
          (SELECT nome FROM usuario WHERE id = ${usuarioId}) AS usuario`),
    );
    if (!c) {
      const [existe] = linhas(
        await tx.execute(sql`SELECT 1 FROM seguradora_comunicacao c JOIN remocao r ON r.id = c.remocao_id
            WHERE c.hotsite_id = ${hotsiteId} AND c.uid = ${uid.toLowerCase()}::uuid AND r.uid = ${remocaoUid.toLowerCase()}::uuid`),
      );
      throw existe ? new ErroHttp(409, MENSAGENS_COMUNICACAO.jaRespondida) : naoEncontrado(MENSAGENS_COMUNICACAO.naoEncontrada);
    }
    await enfileirarAtualizacao(tx, {
      hotsiteId,
      remocaoId: Number(c.remocaoId),
      codigo: 'S15',
      mensagem: null,
      comunicacao: {
        code: `RESP-${c.codigo}`.slice(0, 60),
        type: 'RESPOSTA',
        protocol: c.protocolo,
        text: resposta,
        responseToCode: c.codigo,
        user: c.usuario,
      },
    });
  });
}
