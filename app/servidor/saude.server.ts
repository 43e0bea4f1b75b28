import type { RequestHandler } from 'express';
import type { Database } from '@db/client.server';
import type { Bus } from '~/realtime/bus.server';
import type { Hub } from '~/realtime/hub.server';
import type { Admissao } from '~/utils/admissao.server';

/** /healthz answers within this, whatever the database does (load balancers time out at about 2 s). */
const LIMITE_HEALTHZ_MS = 1_500;

/** Liveness: the process answers. Touches neither the database nor the bus, so a database outage or a flood never gets a live instance restarted. */
export const vivo: RequestHandler = (_req, res) => {
  res.status(200).json({ status: 'ok' });
};

/**
 * Readiness (/healthz, /readyz): the database answers on the probe's own connection, within
 * LIMITE_HEALTHZ_MS (a silent database, packets dropped, must not hang the probe: past the limit it is
 * reported down), and the instance is not draining.
 */
export function prontidao({
  database,
  bus,
  hub,
  admissao,
  encerrando,
}: {
  database: Database;
  bus: Bus;
  hub: Hub;
  admissao: Admissao;
  /** Whether the server is closing: a draining instance is not ready, the load balancer stops sending it requests. */
  encerrando: () => boolean;
}): RequestHandler {
  // One ping at a time, and a success answers the probes of the next second too: under a flood the probe
  // waits on the event loop only, not on a database busy with the flood's queries (decision 114).
  let ultimoPing: { em: number; ping: Promise<void> } | null = null;
  const pingRecente = () => {
    const agora = performance.now();
    if (ultimoPing && agora - ultimoPing.em < 1_000) return ultimoPing.ping;
    const atual = { em: agora, ping: database.ping() };
    ultimoPing = atual;
    // A failed ping is never reused: the next probe asks again.
    atual.ping.catch(() => {
      if (ultimoPing === atual) ultimoPing = null;
    });
    return atual.ping;
  };
  return async (_req, res) => {
    const inicio = performance.now();
    let limite: NodeJS.Timeout | undefined;
    const banco = await Promise.race([
      pingRecente().then(
        () => ({ ok: true, tipo: database.kind }),
        (erro: Error) => ({ ok: false, tipo: database.kind, erro: erro.message }),
      ),
      new Promise<{ ok: false; tipo: string; erro: string }>((resolve) => {
        limite = setTimeout(
          () => resolve({ ok: false, tipo: database.kind, erro: `sem resposta em ${LIMITE_HEALTHZ_MS} ms` }),
          LIMITE_HEALTHZ_MS,
        );
      }),
    ]).finally(() => clearTimeout(limite));
    const fechando = encerrando();
    const pronto = banco.ok && !fechando;
    res.status(pronto ? 200 : 503).json({
      status: pronto ? 'ok' : fechando ? 'encerrando' : 'erro',
      banco,
      barramento: bus.status(),
      websockets: hub.conexoes,
      pedidos: admissao.estado(),
      ms: Math.round(performance.now() - inicio),
    });
  };
}
