import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { lote, veiculo } from '@db/schema';
import { leilaoVisivelPara } from '~/modules/eventos/convidados.server';

/**
 * GET /v1/veiculo-itens-detalhados/find/qb (spec 001 §7; decision 262): the vehicle's detailed items
 * (equipment lists with tyre conditions, spare key, manual), the same the lot page shows. Only a vehicle
 * of this brand with a lot this viewer may see (a private auction's lot: its guests only); its newest lot.
 */
export async function itensDetalhadosDoVeiculo({
  db,
  hotsiteId,
  veiUid,
  usuarioId,
}: {
  db: Db;
  hotsiteId: number;
  veiUid: string;
  usuarioId: number | null;
}) {
  const [r] = await db
    .select({ veiUid: veiculo.uid, loteId: lote.id, itensDetalhados: veiculo.itensDetalhados })
    .from(veiculo)
    .innerJoin(lote, and(eq(lote.veiculoId, veiculo.id), eq(lote.hotsiteId, hotsiteId)))
    .where(and(eq(veiculo.hotsiteId, hotsiteId), eq(veiculo.uid, veiUid), leilaoVisivelPara(lote.leilaoId, usuarioId)))
    .orderBy(desc(lote.id))
    .limit(1);
  return r ?? null;
}
