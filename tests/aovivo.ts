import { eq } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { leilao, leilaoLote, lote, usuarioPapel, veiculo } from '@db/schema';
import { criarCliente, criarLoteEmDisputa } from './lances';

/**
 * Live-auction fixtures: an auction not yet started (PRONTO) with `lotes` lots in floor order, and
 * clients of the brand (role Clientes) enabled for it, as the auditorium needs.
 */
export async function criarLeilaoAoVivo(
  db: Db,
  { hotsiteId = 1, lotes = 2, valorComitente = null as number | null, intervalo = 120 } = {},
) {
  const primeiro = await criarLoteEmDisputa(db, { hotsiteId, valorComitente, minimo: 10_000_00, incremento: 500_00 });
  const [le] = await db
    .update(leilao)
    .set({ situacao: 'PRONTO', intervaloEntreLotesSegundos: intervalo })
    .where(eq(leilao.id, primeiro.leilaoId))
    .returning();
  const ids = [primeiro.loteId];
  const veiUids = [primeiro.veiUid];
  const [modelo] = await db.select().from(lote).where(eq(lote.id, primeiro.loteId));
  for (let i = 2; i <= lotes; i++) {
    const [v] = await db
      .insert(veiculo)
      .values({ hotsiteId, nome: `Carro ${i}`, modelo: 'Onix', veiculoTipoId: 1 })
      .returning();
    const { id: _id, uid: _uid, valorAtual: _va, createdAt: _c, updatedAt: _u, ...resto } = modelo;
    const [l] = await db
      .insert(lote)
      .values({ ...resto, veiculoId: v.id, numero: String(i).padStart(3, '0'), nome: `Chevrolet Onix ${i}` })
      .returning();
    await db.insert(leilaoLote).values({ hotsiteId, leilaoId: le.id, loteId: l.id, situacao: 'LIBERADO_LEILAO', ordemLeilao: i });
    ids.push(l.id);
    veiUids.push(v.uid);
  }
  return { leilaoId: le.id, leilaoUid: le.uid, loteIds: ids, veiUids };
}

export async function criarClienteDoAuditorio(
  db: Db,
  { hotsiteId = 1, leilaoId, nome }: { hotsiteId?: number; leilaoId: number; nome: string },
) {
  const c = await criarCliente(db, { hotsiteId, leilaoId, nome });
  await db.insert(usuarioPapel).values({ usuarioId: c.id, papel: 'Clientes' });
  return c;
}
