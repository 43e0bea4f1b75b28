import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from '~/utils/logger.server';

/**
 * The bus fans events out between server instances after they are committed to Postgres.
 * It owns no state: a client that reconnects refetches a snapshot.
 *  - MemoryBus: one process (no REDIS_URL).
 *  - RedisBus: separate publisher and subscriber connections, a channel per topic, and each node
 *    drops its own echo (it already delivered locally when it published).
 */
export type Handler = (mensagem: unknown) => void;

/** Where the bus reports what it cannot hand to anyone: a failing handler, a dropped connection. */
export type RegistroDoBus = Pick<Logger, 'warn' | 'error'>;

export interface Bus {
  readonly tipo: 'memoria' | 'redis';
  publish(canal: string, mensagem: unknown): Promise<void>;
  /**
   * Answers the unsubscribe function. Never rejects: with Redis away the channel is listened to from
   * its return (events published meanwhile are lost, as for every channel: see aoReconectar).
   */
  subscribe(canal: string, handler: Handler): Promise<() => Promise<void>>;
  /**
   * Called each time the bus is back after a drop, once this node listens again on every channel it
   * had (events published meanwhile were lost: the hub resyncs its sockets). Answers the removal.
   */
  aoReconectar(f: () => void): () => void;
  status(): { tipo: 'memoria' | 'redis'; ok: boolean };
  close(): Promise<void>;
}

class Assinaturas {
  private readonly porCanal = new Map<string, Set<Handler>>();
  constructor(private readonly registro?: RegistroDoBus) {}
  add(canal: string, h: Handler): boolean {
    let set = this.porCanal.get(canal);
    const primeiro = !set;
    if (!set) this.porCanal.set(canal, (set = new Set()));
    set.add(h);
    return primeiro;
  }
  remove(canal: string, h: Handler): boolean {
    const set = this.porCanal.get(canal);
    if (!set) return false;
    set.delete(h);
    if (set.size > 0) return false;
    this.porCanal.delete(canal);
    return true;
  }
  canais(): string[] {
    return [...this.porCanal.keys()];
  }
  entregar(canal: string, mensagem: unknown) {
    for (const h of this.porCanal.get(canal) ?? []) {
      try {
        h(mensagem);
      } catch (erro) {
        // One bad handler must not stop delivery to the others; its failure is logged.
        this.registro?.error({ err: erro, canal }, 'falha ao entregar uma mensagem do barramento');
      }
    }
  }
}

/**
 * Local delivery waits for the check phase: the code that published (a bid's request, after its commit)
 * finishes first, so a bid's answer is not held behind its fan-out to thousands of sockets. Messages
 * keep their order (setImmediate runs its callbacks in the order they were set) and the promise of
 * `publish` resolves once they are delivered.
 */
const aposOPublicador = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createMemoryBus({ registro }: { registro?: RegistroDoBus } = {}): Bus {
  const assinaturas = new Assinaturas(registro);
  return {
    tipo: 'memoria',
    async publish(canal, mensagem) {
      await aposOPublicador();
      assinaturas.entregar(canal, mensagem);
    },
    async subscribe(canal, handler) {
      assinaturas.add(canal, handler);
      return async () => void assinaturas.remove(canal, handler);
    },
    // One process: nothing to lose, nothing to reconnect.
    aoReconectar: () => () => {},
    status: () => ({ tipo: 'memoria', ok: true }),
    async close() {},
  };
}

/** A PUBLISH that Redis has not answered by then has failed. */
export const LIMITE_PUBLICACAO_MS = 2_000;

/** Startup gives up on Redis after this (connect + first answer); later drops are retried by ioredis. */
export const LIMITE_CONEXAO_REDIS_MS = 5_000;

export async function createRedisBus({
  url,
  prefixo,
  limiteMs = LIMITE_CONEXAO_REDIS_MS,
  registro,
}: {
  url: string;
  prefixo: string;
  limiteMs?: number;
  registro?: RegistroDoBus;
}): Promise<Bus> {
  const no = randomUUID();
  const opcoes = { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true, connectTimeout: limiteMs } as const;
  // A Redis gone silent (no reset, no answer) would hold every publish forever, and the callers that
  // wait for one (the closing job) with it: a publish unanswered in LIMITE_PUBLICACAO_MS fails, and
  // the hub's beat and resync carry the change instead (decision 117).
  const pub = new Redis(url, { ...opcoes, commandTimeout: LIMITE_PUBLICACAO_MS });
  // The subscriber's channels are subscribed again by us, not by ioredis (autoResubscribe), whose own
  // SUBSCRIBE after a reconnection rejects unhandled when the connection drops again before it is
  // answered, and which forgets a channel whose SUBSCRIBE was pending when the connection dropped.
  const sub = new Redis(url, { ...opcoes, autoResubscribe: false });
  // ioredis reconnects by itself and emits an error for every failed attempt: each connection logs the
  // first one of a drop (status() and /healthz report it meanwhile), and again after it was back.
  const aoErrar = (conexao: 'publicador' | 'assinante') => {
    let avisado = false;
    return {
      erro: (erro: Error) => {
        if (avisado) return;
        avisado = true;
        registro?.warn({ err: erro, conexao }, 'conexão com o Redis perdida; o ioredis tenta reconectar');
      },
      pronta: () => (avisado = false),
    };
  };
  for (const [cliente, conexao] of [
    [pub, 'publicador'],
    [sub, 'assinante'],
  ] as const) {
    const aviso = aoErrar(conexao);
    cliente.on('error', aviso.erro);
    cliente.on('ready', aviso.pronta);
  }
  // At startup no endless retry: a Redis that refuses or stays silent stops the start, named.
  let limite: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      Promise.all([pub.connect(), sub.connect()]),
      new Promise((_, rejeitar) => {
        limite = setTimeout(() => rejeitar(new Error(`sem resposta em ${limiteMs} ms`)), limiteMs);
      }),
    ]);
  } catch (erro) {
    pub.disconnect();
    sub.disconnect();
    throw erroDeRedis(url, erro);
  } finally {
    clearTimeout(limite);
  }

  const assinaturas = new Assinaturas(registro);
  // Every channel this node listens to, on each (re)connection. A failure means the connection
  // dropped again: its next 'ready' subscribes them again.
  sub.on('ready', () => {
    const canais = assinaturas.canais();
    // Failing, the connection dropped again: its next 'ready' comes back here.
    if (canais.length) sub.subscribe(...canais.map((c) => prefixo + c)).catch(() => {});
  });
  sub.on('message', (canalRedis: string, bruto: string) => {
    let envelope: { no?: string; m?: unknown };
    try {
      envelope = JSON.parse(bruto);
    } catch (erro) {
      // Not one of ours (every node publishes JSON): dropped, and logged without its content.
      registro?.warn({ err: erro, canal: canalRedis, bytes: bruto.length }, 'mensagem do Redis que não é JSON, descartada');
      return;
    }
    if (envelope.no === no) return; // our own echo: already delivered locally
    assinaturas.entregar(canalRedis.slice(prefixo.length), envelope.m);
  });

  // A drop of either connection loses events: the subscriber's (missed deliveries) or the publisher's
  // (a PUBLISH that failed, or that was flushed from the offline queue before the other nodes had
  // subscribed again). Once both are ready, the handlers run, after the subscriber's own resubscription:
  // the 'ready' listener above sends the SUBSCRIBEs at once, so a PING queued a turn later answers only
  // when they are done.
  const aoVoltar = new Set<() => void>();
  let caiu = false;
  pub.on('close', () => (caiu = true));
  sub.on('close', () => (caiu = true));
  const talvezVoltou = () =>
    setImmediate(async () => {
      if (!caiu || pub.status !== 'ready' || sub.status !== 'ready') return;
      caiu = false;
      // Only waits for the resubscriptions: if the connection dropped again meanwhile, the handlers run
      // now anyway (they resync from the database) and again at the next 'ready'.
      await sub.ping().catch(() => {});
      for (const f of aoVoltar) {
        try {
          f();
        } catch (erro) {
          // One handler's failure does not stop the others; it is logged.
          registro?.error({ err: erro }, 'falha ao ressincronizar depois da volta do Redis');
        }
      }
    });
  pub.on('ready', talvezVoltou);
  sub.on('ready', talvezVoltou);

  return {
    tipo: 'redis',
    async publish(canal, mensagem) {
      // Redis first: the other instances start their fan-out while this one does its own (ioredis
      // writes the command at once; delivering locally first would delay theirs by our whole loop).
      // Then this instance's sockets, once the publisher's own work is done (aposOPublicador).
      const enviado = pub.publish(prefixo + canal, JSON.stringify({ no, m: mensagem }));
      // A failure while we wait is the caller's to log (below), not an unhandled rejection meanwhile.
      enviado.catch(() => {});
      await aposOPublicador();
      assinaturas.entregar(canal, mensagem);
      await enviado;
    },
    async subscribe(canal, handler) {
      // Redis away: the subscriber's next 'ready' subscribes it (above).
      if (assinaturas.add(canal, handler)) await sub.subscribe(prefixo + canal).catch(() => {});
      return async () => {
        // With Redis down the unsubscribe fails; a message that still arrives later finds no handler.
        if (assinaturas.remove(canal, handler)) await sub.unsubscribe(prefixo + canal).catch(() => {});
      };
    },
    aoReconectar(f) {
      aoVoltar.add(f);
      return () => void aoVoltar.delete(f);
    },
    status: () => ({ tipo: 'redis', ok: pub.status === 'ready' && sub.status === 'ready' }),
    async close() {
      aoVoltar.clear();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}

function erroDeRedis(url: string, causa: unknown): Error {
  let destino = 'REDIS_URL';
  try {
    const u = new URL(url);
    destino = `${u.hostname}:${u.port || 6379}`;
  } catch {
    // named only by its variable
  }
  const motivo = causa instanceof Error ? causa.message : String(causa);
  return new Error(
    `Não foi possível conectar ao Redis de REDIS_URL (${destino}): ${motivo}. Verifique REDIS_URL ou deixe-a vazia para um único servidor.\n` +
      `Could not connect to the Redis in REDIS_URL (${destino}): ${motivo}.`,
    { cause: causa },
  );
}

export async function createBus(opts: { redisUrl?: string; prefixo: string; registro?: RegistroDoBus }): Promise<Bus> {
  return opts.redisUrl
    ? createRedisBus({ url: opts.redisUrl, prefixo: opts.prefixo, registro: opts.registro })
    : createMemoryBus({ registro: opts.registro });
}
