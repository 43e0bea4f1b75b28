import { sql } from 'drizzle-orm';
import type { Tx } from '@db/client.server';
import type { CanalDeEnvio } from '@db/schema/notificacoes';

/**
 * Gives a transaction the call's notification-options (decision 211): every notice queued in it, by a trigger
 * or a use case, keeps those channels (the migration's `notificacao_opcoes` trigger). Local to the
 * transaction: the pooled connection forgets it at COMMIT.
 */
export async function aplicarOpcoesDeNotificacao(tx: Tx, canais: readonly CanalDeEnvio[] | null | undefined) {
  if (canais == null) return;
  await tx.execute(sql`SELECT set_config('martelo.canais_notificacao', ${canais.length === 0 ? '-' : canais.join(',')}, true)`);
}
