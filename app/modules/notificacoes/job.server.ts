import type { Db } from '@db/client.server';
import type { Hub } from '~/realtime/hub.server';
import { salas } from '~/realtime/protocol';
import type { Logger } from '~/utils/logger.server';
import { distribuir, entregar, type Canais } from './despacho.server';
import { enviarResumoDeBuscas } from './buscas-salvas.server';
import { contarNaoLidas, vigiarFavoritos, vigiarPrazos } from './fila.server';

/**
 * The notifications' job on every instance: each tick spreads new notices, tells each person's sockets
 * their new unread count (the bell), and sends what is due; every 30 s it looks at watched lots, payment
 * and pickup deadlines and saved searches. A tick
 * never overlaps the previous one, and stopping waits for the one in flight.
 */
export function iniciarNotificacoes({
  db,
  hub,
  logger,
  canais,
  intervaloMs = 1000,
}: {
  db: Db;
  hub?: Hub;
  logger: Logger;
  canais: Canais;
  intervaloMs?: number;
}) {
  let rodando: Promise<void> | null = null;
  let ultimaVigia = 0;
  let ultimoResumo = 0;
  const passo = async () => {
    if (Date.now() - ultimaVigia >= 30_000) {
      ultimaVigia = Date.now();
      await vigiarFavoritos({ db });
      await vigiarPrazos({ db });
      // Saved searches: the instant ones each half minute; daily and weekly ones when due (checked every 10 min).
      await enviarResumoDeBuscas({ db, frequencia: 'instantanea' });
      if (Date.now() - ultimoResumo >= 600_000) {
        ultimoResumo = Date.now();
        await enviarResumoDeBuscas({ db, frequencia: 'diaria' });
        await enviarResumoDeBuscas({ db, frequencia: 'semanal' });
      }
    }
    const tocados = await distribuir({ db });
    if (hub) {
      for (const t of tocados) {
        const naoLidas = await contarNaoLidas({ db, ...t });
        void hub.publicar(t.hotsiteId, salas.usuario(t.usuarioId), { event: 'notificacao', data: { naoLidas } });
      }
    }
    await entregar({ db, canais });
  };
  const timer = setInterval(() => {
    if (rodando) return;
    rodando = passo()
      .catch((erro: unknown) => logger.warn({ err: erro }, 'falha ao enviar notificações'))
      .finally(() => {
        rodando = null;
      });
  }, intervaloMs);
  timer.unref();
  return {
    parar: async () => {
      clearInterval(timer);
      await rodando;
    },
  };
}
