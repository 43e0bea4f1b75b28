import { sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { inicioDaGuarda } from './prazos';

/*
 * Access records are kept six months (Marco Civil da Internet, art. 15) and no longer (LGPD art. 16;
 * decision 236): login attempts older than that, and sessions that ended before it, are deleted. Sessions
 * still open are kept whatever their age (they end on their own expiry). The hourly cleanup of every
 * instance runs it (app/servidor/limpeza.server.ts); two at once delete each row once.
 */

export async function expurgarRegistrosDeAcesso({ db, agora = new Date() }: { db: Db; agora?: Date }) {
  const limite = inicioDaGuarda(agora);
  const tentativas = await db.execute(sql`DELETE FROM tentativa_login WHERE created_at < ${limite}`);
  const sessoes = await db.execute(
    sql`DELETE FROM sessao WHERE created_at < ${limite} AND (revogada_em IS NOT NULL OR expira_em < ${agora})
          AND NOT EXISTS (SELECT 1 FROM refresh_token r WHERE r.sessao_id = sessao.id AND r.revogado_em IS NULL AND r.expira_em > ${agora})`,
  );
  const n = (r: unknown) =>
    (r as { rowCount?: number; affectedRows?: number }).rowCount ?? (r as { affectedRows?: number }).affectedRows ?? 0;
  return { tentativas: n(tentativas), sessoes: n(sessoes), limite };
}
