import { sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';

/** The demo seller user (scripts/seed/identidade.ts, README). */
export const EMAIL_COMITENTE_DEMO = 'comitente@martelo.test';

/*
 * The demo seller user answers for two sellers of each brand (decision 011): the two with the most
 * lots waiting for a conditional answer (then by id), so the conditional screen shows them something
 * and hides the other sellers' lots. Idempotent; runs after the brand's catalogue.
 */
export async function seedUsuariosComitente(db: Db, hotsiteId: number) {
  await db.execute(sql`
    INSERT INTO usuario_comitente (hotsite_id, usuario_id, comitente_id)
    SELECT c.hotsite_id, u.id, c.id
      FROM usuario u
      CROSS JOIN LATERAL (
        SELECT c.id, c.hotsite_id FROM comitente c
         WHERE c.hotsite_id = ${hotsiteId}
         ORDER BY (SELECT count(*) FROM lote l WHERE l.comitente_id = c.id AND l.hotsite_id = c.hotsite_id AND l.situacao = 'CONDICIONAL') DESC, c.id
         LIMIT 2) c
     WHERE u.email = ${EMAIL_COMITENTE_DEMO} AND u.hotsite_id IS NULL
    ON CONFLICT (usuario_id, comitente_id) DO NOTHING`);
}
