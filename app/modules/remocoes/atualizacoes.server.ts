import { sql } from 'drizzle-orm';
import type { Tx } from '@db/client.server';
import { linhas } from '~/utils/linhas.server';
import { ETAPAS, type CodigoEtapa } from './etapas';

/*
 * Status updates back to the insurer (spec 001 §9 "status_update"; decision 172): written into the outbox
 * (`seguradora_envio`) in the transaction that moved the removal, so an update is sent if and only if the move
 * committed; the sender (`modules/seguradoras/envio.server.ts`) delivers it after, with retries and backoff.
 * A removal typed by staff (no insurer, no processId) sends nothing.
 */
export async function enfileirarAtualizacao(
  tx: Tx,
  {
    hotsiteId,
    remocaoId,
    codigo,
    mensagem,
    comunicacao,
  }: {
    hotsiteId: number;
    remocaoId: number;
    codigo: CodigoEtapa;
    mensagem?: string | null;
    /** S15: the answer travels as a communication_request (spec 001 §9) instead of a status_update. */
    comunicacao?: { code: string; type: string; protocol: string | null; text: string; responseToCode: string; user: string | null };
  },
): Promise<boolean> {
  const [r] = linhas<{
    integradora: string | null;
    processId: string | null;
    protocolo: string | null;
    marca: string;
    remetente: string | null;
  }>(
    await tx.execute(sql`SELECT r.integradora, r.process_id AS "processId", r.protocolo, h.nome AS marca, h.uid::text AS remetente
        FROM remocao r JOIN hotsite h ON h.id = r.hotsite_id WHERE r.hotsite_id = ${hotsiteId} AND r.id = ${remocaoId}`),
  );
  if (!r?.integradora || !r.processId || r.integradora === 'Detran') return false;
  const etapa = ETAPAS[codigo];
  const agora = new Date().toISOString();
  const statusUpdate = {
    statusCode: codigo,
    statusName: etapa.nome,
    statusMessage: mensagem ?? etapa.nome,
    timestamp: agora,
    mainEvent: 'S01',
    processId: r.processId,
    removalId: r.protocolo,
  };
  const body = {
    event: { eventCode: codigo, eventName: etapa.nome, eventComment: mensagem ?? '' },
    businessData: {
      sender: { id: String(r.remetente ?? hotsiteId), idType: 'CODIGO', name: r.marca, code: `MARCA-${hotsiteId}` },
      recipient: { id: r.integradora.toUpperCase(), idType: 'CODIGO', name: r.integradora, code: r.integradora.toUpperCase() },
      processId: r.processId,
      ...(comunicacao
        ? { type: 'communication_request', communication_request: { ...comunicacao, timestamp: agora } }
        : { type: 'status_update', status_update: statusUpdate }),
    },
  };
  await tx.execute(sql`INSERT INTO seguradora_envio (hotsite_id, integradora, remocao_id, event_code, body)
      VALUES (${hotsiteId}, ${r.integradora}, ${remocaoId}, ${codigo}, ${JSON.stringify(body)}::jsonb)`);
  return true;
}

/** The updates of one removal in the outbox, newest first, as the removal screen lists them. */
export async function enviosDaRemocao(db: Pick<Tx, 'execute'>, { hotsiteId, remocaoId }: { hotsiteId: number; remocaoId: number }) {
  return linhas<{ uid: string; eventCode: string; situacao: string; tentativas: number; proximaEm: string; ultimoErro: string | null }>(
    await db.execute(sql`SELECT uid, event_code AS "eventCode", situacao, tentativas, proxima_em AS "proximaEm", ultimo_erro AS "ultimoErro"
        FROM seguradora_envio WHERE hotsite_id = ${hotsiteId} AND remocao_id = ${remocaoId} ORDER BY id DESC`),
  ).map((e) => ({ ...e, tentativas: Number(e.tentativas), proximaEm: new Date(e.proximaEm).toISOString() }));
}
