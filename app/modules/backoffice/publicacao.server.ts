import { proximoLance } from '~/modules/dominio/dinheiro';
import type { Hub } from '~/realtime/hub.server';
import { salas } from '~/realtime/protocol';

/**
 * What a back-office change publishes for each lot it touched, after commit: the same
 * `on-elastic-response` part the bidding engine sends, with the lot's new sequence number, so an open
 * lot page (on any instance, through the bus) shows the new minimum, increment, end or situation.
 */
export interface LotePublicado {
  loteId: number;
  veiUid: string;
  situacao: string;
  dataFim: string | null;
  minimo: number;
  incremento: number;
  lance: number | null;
  seq: number;
}

export async function publicarLotes(hub: Hub | undefined, hotsiteId: number, lotes: readonly LotePublicado[]) {
  if (!hub) return;
  for (const l of lotes) {
    await hub.publicar(hotsiteId, salas.lote(l.veiUid), {
      event: 'on-elastic-response',
      data: {
        loteId: l.loteId,
        veiUid: l.veiUid,
        seq: l.seq,
        situacao: l.situacao,
        dataFim: l.dataFim,
        valor: {
          lance: l.lance,
          atual: l.lance ?? l.minimo,
          proximo: proximoLance(l.lance, l.minimo, l.incremento),
          incremento: l.incremento,
        },
      },
    });
  }
}
