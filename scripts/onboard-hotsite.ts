/**
 * `npm run hotsite:onboard -- tenants/<pasta> [--substituir-paginas]`
 * Creates or updates the brand from its folder (hotsite.json, logo, favicon, paginas.json) and tells
 * running instances to drop their brand cache (through Redis when REDIS_URL is set).
 */
import { openDatabase } from '@db/client.server';
import { lerPastaDaMarca } from '@tenants/brand-folder.server';
import { CANAL_HOTSITES } from '~/modules/hotsites/hotsite-cache.server';
import { createBus } from '~/realtime/bus.server';
import { onboardHotsite } from '~/modules/hotsites/onboard.server';
import { getEnv } from '~/utils/env.server';

const args = process.argv.slice(2);
const pasta = args.find((a) => !a.startsWith('--'));
if (!pasta) {
  console.error('uso: npm run hotsite:onboard -- tenants/<pasta> [--substituir-paginas]');
  process.exit(2);
}
const env = getEnv();
const entrada = { ...lerPastaDaMarca(pasta), substituirPaginas: args.includes('--substituir-paginas') };
const database = await openDatabase({ url: env.DATABASE_URL, schema: env.DATABASE_SCHEMA, pgliteDir: env.PGLITE_DIR });
await database.migrate();
const { id, criado } = await onboardHotsite(database.db, entrada);
const bus = await createBus({ redisUrl: env.REDIS_URL, prefixo: env.REDIS_PREFIX });
await bus.publish(CANAL_HOTSITES, { event: 'hotsite-alterado', data: { id } });
await bus.close();
await database.close();
console.log(
  `${criado ? 'criado' : 'atualizado'}: hotsite ${id} (${entrada.dados.nome}) → http://h${id}.${env.LOCAL_HOST_SUFFIX}:${env.PORT}`,
);
