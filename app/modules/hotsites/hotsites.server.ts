import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { hotsite } from '@db/schema';
import { variantesDeDominio, type ChaveHost } from '~/modules/hotsites/resolve-host';
import { marcaSchema, type Marca } from './hotsite.schema';

/** The active brand answering at a host key, validated for the browser. Null when none. */
export async function buscarMarcaPorChave({ db, chave }: { db: Db; chave: ChaveHost }): Promise<Marca | null> {
  const onde =
    chave.tipo === 'id'
      ? eq(hotsite.id, chave.id)
      : chave.tipo === 'subdominio'
        ? eq(hotsite.subdomain, chave.subdominio)
        : inArray(hotsite.domain, variantesDeDominio(chave.dominio));
  const [linha] = await db
    .select()
    .from(hotsite)
    .where(and(onde, eq(hotsite.ativo, true)))
    .limit(1);
  return linha ? marcaSchema.parse(linha) : null;
}

/** Every active brand's id and name, in id order (the demo's local index of brands). */
export function listarMarcasAtivas({ db }: { db: Db }) {
  return db.select({ id: hotsite.id, nome: hotsite.nome }).from(hotsite).where(eq(hotsite.ativo, true)).orderBy(hotsite.id);
}

/** Whether the database holds no brand at all, active or not (a fresh start: the demo seed may run). */
export async function semMarcas({ db }: { db: Db }): Promise<boolean> {
  const linhas = await db.select({ id: hotsite.id }).from(hotsite).limit(1);
  return linhas.length === 0;
}
