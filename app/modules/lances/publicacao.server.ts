import type { Hub } from '~/realtime/hub.server';
import { salas } from '~/realtime/protocol';
import type { Efeito } from './tipos';

/**
 * After commit: the lot's room gets the changed part; each outbid client a toast in their own room.
 * Not awaited by the answer: local sockets get it at once, Redis carries it to the other instances,
 * and a bus failure is logged by the hub, never turned into an error for a bid that committed.
 */
export function publicar(hub: Hub | undefined, efeito: Efeito | null | undefined) {
  if (!hub || !efeito) return;
  void hub.publicar(efeito.hotsiteId, salas.lote(efeito.veiUid), { event: 'on-elastic-response', data: efeito.evento });
  for (const u of efeito.superados) {
    void hub.publicar(efeito.hotsiteId, salas.usuario(u), {
      event: 'lance-superado',
      data: {
        loteId: efeito.lote.id,
        veiUid: efeito.veiUid,
        numero: efeito.lote.numero,
        nome: efeito.lote.nome,
        valor: efeito.evento.valor,
        motivo: efeito.compreJa ? 'compre-ja' : 'lance',
      },
    });
  }
}
