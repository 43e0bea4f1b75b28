import type { Db } from '@db/client.server';
import type { Bus } from '~/realtime/bus.server';
import { buscarMarcaPorChave } from '~/modules/hotsites/hotsites.server';
import type { Marca } from '~/modules/hotsites/hotsite.schema';
import { chaveDeCache, resolverHost, type ConfigHost } from './resolve-host';

/** Published (after commit) whenever a hotsite is created or changed; every instance drops its cache. */
export const CANAL_HOTSITES = 'hotsites';
export interface EventoHotsite {
  event: 'hotsite-alterado';
  data: { id: number };
}

/**
 * Host → brand, cached per instance. Concurrent misses for one host share one query. Entries live
 * `ttlMs` at most (a safety net); the real invalidation is the bus event, which clears every instance.
 */
export function createHotsiteCache({ db, bus, config, ttlMs = 60_000 }: { db: Db; bus: Bus; config: ConfigHost; ttlMs?: number }) {
  const entradas = new Map<string, { marca: Promise<Marca | null>; expira: number }>();
  const dadosDasMarcas = new Map<string, { valor: Promise<unknown>; expira: number }>();
  let geracao = 0;
  const limpar = () => {
    geracao++;
    entradas.clear();
    dadosDasMarcas.clear();
  };
  const assinatura = bus.subscribe(CANAL_HOTSITES, limpar);

  return {
    async resolver(host: string | undefined | null): Promise<Marca | null> {
      const chave = resolverHost(host, config);
      if (!chave) return null;
      const k = chaveDeCache(chave);
      const agora = Date.now();
      const atual = entradas.get(k);
      if (atual && atual.expira > agora) return atual.marca;
      const g = geracao;
      const marca = buscarMarcaPorChave({ db, chave });
      entradas.set(k, { marca, expira: agora + ttlMs });
      // A failed lookup is not cached; an invalidation during the lookup discards its answer.
      marca.then(
        () => g !== geracao && entradas.delete(k),
        () => entradas.delete(k),
      );
      return marca;
    },
    /**
     * A brand's data every page asks for (its banners), kept like the brand itself: until the
     * brand's next `hotsiteAlterado` (any instance) or `ttlMs`.
     */
    daMarca<T>(tipo: string, hotsiteId: number, carregar: () => PromiseLike<T>): Promise<T> {
      const k = `${tipo}:${hotsiteId}`;
      const agora = Date.now();
      const atual = dadosDasMarcas.get(k);
      if (atual && atual.expira > agora) return atual.valor as Promise<T>;
      const g = geracao;
      // Adopted once: a drizzle query is a thenable that runs again on every `then`, so keeping it as
      // given would query on every hit (the banners did).
      const valor = Promise.resolve(carregar());
      dadosDasMarcas.set(k, { valor, expira: agora + ttlMs });
      valor.then(
        () => g !== geracao && dadosDasMarcas.delete(k),
        () => dadosDasMarcas.delete(k),
      );
      return valor;
    },
    /**
     * The kept entry of a brand's data, as `daMarca` would hand it out now (undefined when it would
     * load it again): a page built from it is as current as the entry, until its `expira`.
     */
    entradaDaMarca(tipo: string, hotsiteId: number, agora = Date.now()) {
      const atual = dadosDasMarcas.get(`${tipo}:${hotsiteId}`);
      return atual && atual.expira > agora ? atual : undefined;
    },
    /** Moves whenever any brand changed (`hotsiteAlterado` on any instance). */
    get geracao() {
      return geracao;
    },
    /** Tell every instance (this one included) that a hotsite changed. Call after commit. */
    async hotsiteAlterado(id: number) {
      const evento: EventoHotsite = { event: 'hotsite-alterado', data: { id } };
      await bus.publish(CANAL_HOTSITES, evento);
    },
    async close() {
      await (
        await assinatura
      )();
    },
  };
}

export type HotsiteCache = ReturnType<typeof createHotsiteCache>;
