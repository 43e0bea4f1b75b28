import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { consentimento, FINALIDADES_CONSENTIMENTO, newsletterInscricao, usuario, type FinalidadeConsentimento } from '@db/schema';

/*
 * Consents (LGPD art. 8 §5: revocable at any time, as easily as given; decision 235). A purpose without a
 * row was never given and counts as refused: nothing is opted in for the client.
 */

export interface Consentimento {
  finalidade: FinalidadeConsentimento;
  concedido: boolean;
  alteradoEm: string | null;
}

export async function consentimentosDoTitular({
  db,
  hotsiteId,
  usuarioId,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
}): Promise<Consentimento[]> {
  const linhas = await db
    .select({ finalidade: consentimento.finalidade, concedido: consentimento.concedido, alteradoEm: consentimento.alteradoEm })
    .from(consentimento)
    .where(and(eq(consentimento.hotsiteId, hotsiteId), eq(consentimento.usuarioId, usuarioId)));
  return FINALIDADES_CONSENTIMENTO.map((finalidade) => {
    const l = linhas.find((x) => x.finalidade === finalidade);
    return { finalidade, concedido: l?.concedido ?? false, alteradoEm: l?.alteradoEm.toISOString() ?? null };
  });
}

export const alteracaoDeConsentimentoSchema = z.object({
  finalidade: z.enum(FINALIDADES_CONSENTIMENTO, { error: 'Finalidade de consentimento desconhecida' }),
  concedido: z.enum(['sim', 'nao'], { error: 'Informe se concede ou revoga o consentimento' }).transform((v) => v === 'sim'),
});

/**
 * Gives or revokes one purpose. Revoking marketing also takes the client's e-mail off the brand's
 * newsletter, in the same transaction, so no marketing e-mail leaves after the answer.
 */
export async function alterarConsentimento({
  db,
  hotsiteId,
  usuarioId,
  entrada,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  entrada: unknown;
}): Promise<Consentimento> {
  const { finalidade, concedido } = alteracaoDeConsentimentoSchema.parse(entrada);
  return db.transaction(async (tx) => {
    const [l] = await tx
      .insert(consentimento)
      .values({ hotsiteId, usuarioId, finalidade, concedido })
      .onConflictDoUpdate({
        target: [consentimento.hotsiteId, consentimento.usuarioId, consentimento.finalidade],
        set: { concedido, alteradoEm: sql`now()` },
      })
      .returning({ alteradoEm: consentimento.alteradoEm });
    if (finalidade === 'marketing' && !concedido) {
      await tx
        .delete(newsletterInscricao)
        .where(
          and(
            eq(newsletterInscricao.hotsiteId, hotsiteId),
            sql`lower(${newsletterInscricao.email}) = (SELECT lower(${usuario.email}) FROM ${usuario} WHERE ${usuario.id} = ${usuarioId} AND ${usuario.hotsiteId} = ${hotsiteId})`,
          ),
        );
    }
    return { finalidade, concedido, alteradoEm: l!.alteradoEm.toISOString() };
  });
}
