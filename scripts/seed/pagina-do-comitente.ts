import { sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';

/*
 * The seller's page's demo (#30, decision 164): the house received the transfer documents of most paid
 * vehicles (three in five, by vehicle id, so reruns agree), so the "documents pending" chart shows the rest.
 * Idempotent; runs after the brand's sales.
 */
export async function seedPaginaDoComitente(db: Db, hotsiteId: number) {
  await db.execute(sql`
    UPDATE veiculo v SET documentos_recebidos_em = coalesce(l.data_fim, now()) + interval '3 days'
      FROM lote l
     WHERE l.veiculo_id = v.id AND l.hotsite_id = ${hotsiteId} AND v.hotsite_id = ${hotsiteId}
       AND l.situacao IN ('PAGO', 'PAGO_CARTAO', 'RETIRADO') AND v.documentos_recebidos_em IS NULL AND v.id % 5 < 3`);
}
