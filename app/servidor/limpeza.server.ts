import type { Db } from '@db/client.server';
import { limparRecibosVencidos } from '@db/recibo.server';
import { limparTentativasVencidas } from '~/modules/identidade/limite.server';
import { expurgarRegistrosDeAcesso } from '~/modules/privacidade/expurgo.server';
import type { Logger } from '~/utils/logger.server';

/**
 * Attempt counters whose window ended a day ago restart at 1 anyway, and commit receipts older than a day
 * answer no question any more: dropped once an hour (decisions 106 and 113), on every instance.
 */
export function iniciarLimpeza({ db, logger, intervaloMs = 60 * 60 * 1000 }: { db: Db; logger: Logger; intervaloMs?: number }) {
  const timer = setInterval(() => {
    void limparTentativasVencidas(db).catch((erro) => logger.warn({ err: erro }, 'falha ao limpar limites'));
    void limparRecibosVencidos(db).catch((erro) => logger.warn({ err: erro }, 'falha ao limpar recibos'));
    // Access records older than six months (Marco Civil art. 15; decision 236).
    void expurgarRegistrosDeAcesso({ db }).catch((erro) => logger.warn({ err: erro }, 'falha ao expurgar registros de acesso'));
  }, intervaloMs);
  timer.unref();
  return { parar: () => clearInterval(timer) };
}
