import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * The bus fans events out between server instances after they are committed to Postgres.
 * It owns no state: a client that reconnects refetches a snapshot.
 *  - MemoryBus: one process (no REDIS_URL).
 *  - RedisBus: separate publisher and subscriber connections, a channel per topic, and each node
 *    drops its own echo (it already delivered locally when it published).
 */
export type Handler = (mensagem: unknown) => void;

export interface Bus {
  readonly tipo: 'memoria' | 'redis';
  publish(canal: string, mensagem: unknown): Promise<void>;
  /** Answers the unsubscribe function. */
  subscribe(canal: string, handler: Handler): Promise<() => Promise<void>>;
  status(): { tipo: 'memoria' | 'redis'; ok: boolean };
  close(): Promise<void>;
}

class Assinaturas {
  private readonly porCanal = new Map<string, Set<Handler>>();
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
  entregar(canal: string, mensagem: unknown) {
    for (const h of this.porCanal.get(canal) ?? []) {
      try {
        h(mensagem);
      } catch {
        // One bad handler must not stop delivery to the others.
      }
    }
  }
}

export function createMemoryBus(): Bus {
  const assinaturas = new Assinaturas();
  return {
    tipo: 'memoria',
    async publish(canal, mensagem) {
      assinaturas.entregar(canal, mensagem);
    },
    async subscribe(canal, handler) {
      assinaturas.add(canal, handler);
      return async () => void assinaturas.remove(canal, handler);
    },
    status: () => ({ tipo: 'memoria', ok: true }),
    async close() {},
  };
}

export async function createRedisBus({ url, prefixo }: { url: string; prefixo: string }): Promise<Bus> {
  const no = randomUUID();
  const opcoes = { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true } as const;
  const pub = new Redis(url, opcoes);
  const sub = new Redis(url, opcoes);
  // ioredis reconnects by itself; errors are reported through status() and /healthz.
  pub.on('error', () => {});
  sub.on('error', () => {});
  await Promise.all([pub.connect(), sub.connect()]);

  const assinaturas = new Assinaturas();
  sub.on('message', (canalRedis: string, bruto: string) => {
    let envelope: { no?: string; m?: unknown };
    try {
      envelope = JSON.parse(bruto);
    } catch {
      return;
    }
    if (envelope.no === no) return; // our own echo: already delivered locally
    assinaturas.entregar(canalRedis.slice(prefixo.length), envelope.m);
  });

  return {
    tipo: 'redis',
    async publish(canal, mensagem) {
      // Redis first: the other instances start their fan-out while this one does its own (ioredis
      // writes the command at once; delivering locally first would delay theirs by our whole loop).
      const enviado = pub.publish(prefixo + canal, JSON.stringify({ no, m: mensagem }));
      assinaturas.entregar(canal, mensagem);
      await enviado;
    },
    async subscribe(canal, handler) {
      if (assinaturas.add(canal, handler)) await sub.subscribe(prefixo + canal);
      return async () => {
        if (assinaturas.remove(canal, handler)) await sub.unsubscribe(prefixo + canal).catch(() => {});
      };
    },
    status: () => ({ tipo: 'redis', ok: pub.status === 'ready' && sub.status === 'ready' }),
    async close() {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}

export async function createBus(opts: { redisUrl?: string; prefixo: string }): Promise<Bus> {
  return opts.redisUrl ? createRedisBus({ url: opts.redisUrl, prefixo: opts.prefixo }) : createMemoryBus();
}
