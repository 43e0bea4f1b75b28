import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { hotsiteArquivo } from '@db/schema';

/** A brand file's public name: its content hash and an extension (`<sha256>.webp`). */
const nomeDoArquivo = z.string().regex(/^[a-f0-9]{64}\.[a-z]{2,4}$/);
/** A brand id as a query string names it (`?marca=14`): a positive int4. */
const idDaMarca = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .pipe(z.number().max(2_147_483_647));

/**
 * A brand file (logo, favicon, image) by its public name, or null when the name is not one or the brand has
 * no such file. `outraMarca` (`?marca=<id>`) names another brand's file by its content hash: the builder's
 * preview of a brand shows that brand's logo while staff work on another host. Brand files are public and
 * their names unguessable; the hash must still be that brand's.
 */
export async function arquivoDaMarca({
  db,
  hotsiteId,
  nome,
  outraMarca,
}: {
  db: Db;
  hotsiteId: number;
  nome: string;
  outraMarca?: unknown;
}): Promise<{ sha256: string; contentType: string; conteudo: Buffer } | null> {
  const arquivo = nomeDoArquivo.safeParse(nome);
  if (!arquivo.success) return null;
  const sha256 = arquivo.data.slice(0, 64);
  const outra = idDaMarca.safeParse(outraMarca);
  const dona = outra.success ? outra.data : hotsiteId;
  const [linha] = await db
    .select({ contentType: hotsiteArquivo.contentType, conteudo: hotsiteArquivo.conteudo })
    .from(hotsiteArquivo)
    .where(and(eq(hotsiteArquivo.hotsiteId, dona), eq(hotsiteArquivo.sha256, sha256)));
  return linha ? { sha256, contentType: linha.contentType, conteudo: linha.conteudo } : null;
}
