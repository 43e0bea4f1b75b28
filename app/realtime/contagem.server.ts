import { randomUUID } from 'node:crypto';
import type { Bus } from './bus.server';

/**
 * Connected-client counts per auditorium room, across instances (decision 074). Each instance knows
 * its own sockets; it publishes a snapshot of its counts (only rooms with someone in them) on one bus
 * channel when they change (at most once per `intervaloMs`, so 10,000 joins are one message, not
 * 10,000) and again every `renovarMs` as a heartbeat. Every instance keeps the latest snapshot of each
 * instance id and drops it after `validadeMs` without news (an instance that died stops counting).
 * The cost is per instance and per second, never per watcher.
 */
export const CANAL_CONTAGENS = 'contagens';

interface Snapshot {
  instancia: string;
  salas: Record<string, number>;
}

export interface ContadorOpcoes {
  bus: Bus;
  /** The room keys this instance holds and how many sockets each has (only the rooms that count). */
  locais(): Map<string, number>;
  /** A room's total changed (after a snapshot from any instance): the hub tells the staff watching it. */
  aoMudar?(chave: string, total: number): void;
  intervaloMs?: number;
  renovarMs?: number;
  validadeMs?: number;
}

export function criarContador(o: ContadorOpcoes) {
  const instancia = randomUUID();
  const intervaloMs = o.intervaloMs ?? 1_000;
  const renovarMs = o.renovarMs ?? 5_000;
  const validadeMs = o.validadeMs ?? 3 * renovarMs;
  /** Other instances' last snapshots, with when they expire. */
  const remotos = new Map<string, { salas: Record<string, number>; expira: number }>();
  let ultimoEnvio = 0;
  let agendado: NodeJS.Timeout | null = null;
  let fechado = false;
  /** The totals last reported to aoMudar, to report only changes. */
  const reportados = new Map<string, number>();

  function total(chave: string): number {
    const agora = Date.now();
    let n = o.locais().get(chave) ?? 0;
    for (const [id, r] of remotos) {
      if (r.expira < agora) remotos.delete(id);
      else n += r.salas[chave] ?? 0;
    }
    return n;
  }

  /** Recomputes the rooms that may have changed and reports those whose total moved. */
  function reavaliar(chaves: Iterable<string>) {
    if (!o.aoMudar) return;
    for (const chave of new Set(chaves)) {
      const n = total(chave);
      if ((reportados.get(chave) ?? 0) === n) continue;
      if (n === 0) reportados.delete(chave);
      else reportados.set(chave, n);
      o.aoMudar(chave, n);
    }
  }

  function enviar() {
    agendado = null;
    if (fechado) return;
    ultimoEnvio = Date.now();
    const salas = Object.fromEntries(o.locais());
    // A failed publish (the bus is down; the bus reports that) is repeated by the next renewal.
    void o.bus.publish(CANAL_CONTAGENS, { instancia, salas } satisfies Snapshot).catch(() => {});
    reavaliar([...Object.keys(salas), ...reportados.keys()]);
  }

  /** Local sockets joined or left: one snapshot soon (coalesced within `intervaloMs`). */
  function mudou() {
    if (agendado || fechado) return;
    agendado = setTimeout(enviar, Math.max(0, ultimoEnvio + intervaloMs - Date.now()));
    agendado.unref();
  }

  const cancelar = o.bus.subscribe(CANAL_CONTAGENS, (m) => {
    const s = m as Partial<Snapshot>;
    if (!s || typeof s.instancia !== 'string' || s.instancia === instancia || typeof s.salas !== 'object' || !s.salas) return;
    const anterior = remotos.get(s.instancia)?.salas ?? {};
    const salas: Record<string, number> = {};
    for (const [k, v] of Object.entries(s.salas)) if (Number.isInteger(v) && v > 0) salas[k] = v;
    if (Object.keys(salas).length === 0) remotos.delete(s.instancia);
    else remotos.set(s.instancia, { salas, expira: Date.now() + validadeMs });
    reavaliar([...Object.keys(anterior), ...Object.keys(salas)]);
  });

  const renovar = setInterval(() => {
    // An expired instance's rooms are reported again (their totals drop).
    reavaliar(reportados.keys());
    enviar();
  }, renovarMs);
  renovar.unref();

  return {
    instancia,
    mudou,
    total,
    async close() {
      fechado = true;
      clearInterval(renovar);
      if (agendado) clearTimeout(agendado);
      // The others stop counting this instance at once instead of after the expiry. Best effort on close:
      // if the bus is down, the others drop this instance's counts when they expire.
      await o.bus.publish(CANAL_CONTAGENS, { instancia, salas: {} } satisfies Snapshot).catch(() => {});
      await (await cancelar)().catch(() => {}); // as above: the bus closes next
    },
  };
}
