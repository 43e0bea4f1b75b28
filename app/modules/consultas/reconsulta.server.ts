import type { Db } from '@db/client.server';
import type { Logger } from '~/utils/logger.server';
import { reconsultarClientesPendentes } from './clientes.server';
import { reconsultarPendentes } from './historico.server';
import type { Provedores } from './provedores.server';

/**
 * "Tentaremos de novo": every 15 minutes each instance checks again a few vehicles whose checks failed or
 * are over 7 days old, then the clients whose last Procob, restricted-list or state-registration check found
 * its provider down (decision 208). Several instances may pick the same vehicle: the second answer only refreshes the
 * first (one row per item), so no lock is needed.
 */
export function iniciarReconsulta({
  db,
  provedores,
  logger,
  intervaloMs = 15 * 60 * 1000,
}: {
  db: Db;
  provedores: Provedores;
  logger: Logger;
  intervaloMs?: number;
}) {
  let rodando: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (rodando) return;
    rodando = reconsultarPendentes({ db, provedores })
      .then(() => reconsultarClientesPendentes({ db, provedores }))
      .catch((erro) => logger.warn({ err: erro }, 'falha ao refazer consultas'))
      .finally(() => (rodando = null));
  }, intervaloMs);
  timer.unref();
  return {
    async parar() {
      clearInterval(timer);
      await rodando;
    },
  };
}
