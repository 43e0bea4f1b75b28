import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import { createMemoryBus, createRedisBus, type Bus } from '~/realtime/bus.server';
import { envDeTeste, type criarBancoDeTeste } from './db';
import { iniciarInstancia, type Instancia } from './server';

type Banco = Awaited<ReturnType<typeof criarBancoDeTeste>>;
type Opcoes = Omit<Parameters<typeof iniciarInstancia>[0], 'database' | 'bus'>;
export type DuasInstancias = { a: Instancia; b: Instancia };

function duas(nome: string, criarBuses: () => Promise<[Bus, Bus]>, banco: () => Banco, opcoes: Opcoes, corpo: (t: DuasInstancias) => void) {
  describe(nome, () => {
    const t = {} as DuasInstancias;
    let buses: Bus[] = [];
    beforeAll(async () => {
      buses = await criarBuses();
      t.a = await iniciarInstancia({ ...opcoes, database: banco(), bus: buses[0] });
      t.b = await iniciarInstancia({ ...opcoes, database: banco(), bus: buses[1] });
    });
    afterAll(async () => {
      await t.a?.close();
      await t.b?.close();
      await Promise.all([...new Set(buses)].map((x) => x.close()));
    });
    corpo(t);
  });
}

/**
 * The same tests on two instances of one database: once on the in-process bus, and once on one Redis
 * (two connections of their own) when REDIS_URL is set. `corpo` registers the tests; the instances are
 * in `t.a` and `t.b` from its beforeAll on (this helper's beforeAll runs first).
 */
export function emDuasInstancias(banco: () => Banco, corpo: (t: DuasInstancias) => void, opcoes: Opcoes = {}) {
  const memoria = createMemoryBus();
  duas('two instances on the in-process bus', async () => [memoria, memoria], banco, opcoes, corpo);
  describe.runIf(envDeTeste.REDIS_URL)('with Redis', () => {
    const prefixo = `martelo-test-${randomUUID()}:`;
    duas(
      'two instances on one Redis',
      async () => [
        await createRedisBus({ url: envDeTeste.REDIS_URL!, prefixo }),
        await createRedisBus({ url: envDeTeste.REDIS_URL!, prefixo }),
      ],
      banco,
      opcoes,
      corpo,
    );
  });
}
