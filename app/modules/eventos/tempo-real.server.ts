import { sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import type { Hub } from '~/realtime/hub.server';
import { salas } from '~/realtime/protocol';
import { linhas } from '~/utils/linhas.server';

export type MotivoDaLista = 'alterado' | 'situacao' | 'privado' | 'convidados';

/**
 * After commit: the site's auction lists refetch (001 §7 "auction-site updates"). A public auction is
 * told to the site room; a private one only to its guests' room, so a change to an exclusive event
 * reaches no one else. An auction that just turned private is told to the site room once (its lists drop
 * it). Never throws: a lost publish costs a stale list until the next refresh.
 */
export async function avisarListaDeLeiloes({
  db,
  hub,
  hotsiteId,
  leilaoId,
  motivo,
}: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  leilaoId: number;
  motivo: MotivoDaLista;
}) {
  if (!hub) return;
  try {
    const [l] = linhas<{ uid: string; privado: boolean }>(
      await db.execute(sql`SELECT uid, privado FROM leilao WHERE id = ${leilaoId} AND hotsite_id = ${hotsiteId}`),
    );
    if (!l) return;
    const mensagem = { event: 'leiloes-site-atualizados', data: { leilaoUid: l.uid, motivo } } as const;
    if (!l.privado || motivo === 'privado') await hub.publicar(hotsiteId, salas.site(), mensagem);
    if (l.privado) await hub.publicar(hotsiteId, salas.leilaoPrivado(l.uid), mensagem);
  } catch {
    // The database answered the change a moment ago; a failed read here only delays the lists.
  }
}
