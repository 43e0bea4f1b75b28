import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { registrarAlteracao } from '~/modules/identidade/permissoes-marca.server';
import { ErroHttp } from '~/utils/errors';
import { linhas } from '~/utils/linhas.server';

/*
 * The house received (or did not, after all) a vehicle's transfer documents (decisions 164 and 200): staff
 * mark it on the vehicle's Documentos tab; a sold lot whose vehicle has no date counts in the seller's
 * "documents pending" chart (the summary's trigger notes the change, decision 199). One audit row per change.
 */

export const MENSAGENS_DOCUMENTOS = {
  recebidos: 'Escolha se os documentos foram recebidos',
  veiculo: 'Veículo não encontrado',
} as const;

export const documentosRecebidosSchema = z.object({
  recebidos: z.enum(['sim', 'nao'], MENSAGENS_DOCUMENTOS.recebidos),
});

/** Sets (now) or clears the vehicle's `documentos_recebidos_em`; answers the new value (ISO) or null. */
export async function marcarDocumentosRecebidos({
  db,
  hotsiteId,
  usuarioId,
  veiculoId,
  entrada,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  veiculoId: number;
  entrada: unknown;
}): Promise<string | null> {
  const { recebidos } = documentosRecebidosSchema.parse(entrada);
  return db.transaction(async (tx) => {
    // Marking twice keeps the first date: the house received them once.
    const [v] = linhas<{ em: string | null }>(
      await tx.execute(sql`UPDATE veiculo
                              SET documentos_recebidos_em = ${recebidos === 'sim' ? sql`coalesce(documentos_recebidos_em, now())` : sql`NULL`},
                                  updated_at = now()
                            WHERE id = ${veiculoId} AND hotsite_id = ${hotsiteId}
                        RETURNING documentos_recebidos_em AS em`),
    );
    if (!v) throw new ErroHttp(404, MENSAGENS_DOCUMENTOS.veiculo);
    await registrarAlteracao(tx, {
      hotsiteId,
      usuarioId,
      entidade: 'veiculo',
      entidadeId: veiculoId,
      acao: 'alterou',
      detalhes: { documentosRecebidos: recebidos === 'sim' },
    });
    return v.em ? new Date(v.em).toISOString() : null;
  });
}
