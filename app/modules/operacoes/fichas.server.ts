import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { comitente, leilao, leilaoLote, leiloeiro, lote, patio, veiculo } from '@db/schema';
import { ErroHttp } from '~/utils/errors';

/** The sheet's auction, by its uid (the path's leiUid); anything else is refused before a query. */
export const leiUidSchema = z.uuid('Leilão não encontrado');

/** The brand's auctions to choose a sheet from, newest first (the page without leiUid). */
export function leiloesParaFicha({ db, hotsiteId }: { db: Db; hotsiteId: number }) {
  return db
    .select({
      uid: leilao.uid,
      nome: leilao.nome,
      data: leilao.data,
      situacao: leilao.situacao,
      lotes: sql<number>`(select count(*)::int from ${lote} where ${lote.leilaoId} = ${leilao.id} and ${lote.situacao} <> 'LOTE_CANCELADO')`,
    })
    .from(leilao)
    .where(eq(leilao.hotsiteId, hotsiteId))
    .orderBy(desc(leilao.data), desc(leilao.id))
    .limit(200);
}

/**
 * One auction's lots for its printed sheets (decision 219): the auctioneer's (order, lot, vehicle,
 * minimum, increment, buy-now, the seller's value, which only staff see) and the glass sheet's (what
 * identifies the vehicle in the yard). Lots cancelled before the auction are left out; the order is the
 * auction's running order (`leilao_lote.ordemLeilao`), then the lot number. Money stays in centavos.
 */
export async function fichaDoLeilao({ db, hotsiteId, leilaoUid }: { db: Db; hotsiteId: number; leilaoUid: string }) {
  const uid = leiUidSchema.safeParse(leilaoUid);
  if (!uid.success) throw new ErroHttp(404, 'Leilão não encontrado');
  const [le] = await db
    .select({
      id: leilao.id,
      uid: leilao.uid,
      nome: leilao.nome,
      data: leilao.data,
      modalidade: leilao.modalidade,
      local: leilao.local,
      cidade: leilao.cidade,
      estadoUf: leilao.estadoUf,
      leiloeiroNome: leiloeiro.nome,
      leiloeiroInscricao: leiloeiro.inscricao,
    })
    .from(leilao)
    .leftJoin(leiloeiro, and(eq(leiloeiro.id, leilao.leiloeiroId), eq(leiloeiro.hotsiteId, hotsiteId)))
    .where(and(eq(leilao.hotsiteId, hotsiteId), eq(leilao.uid, uid.data)));
  if (!le) throw new ErroHttp(404, 'Leilão não encontrado');
  const lotes = await db
    .select({
      id: lote.id,
      numero: lote.numero,
      nome: lote.nome,
      situacao: lote.situacao,
      ordem: leilaoLote.ordemLeilao,
      minimo: lote.minimo,
      incremento: lote.incremento,
      compreJa: lote.compreJa,
      valorComitente: lote.valorComitente,
      comitente: comitente.nomeSite,
      placa: veiculo.placa,
      chassi: veiculo.chassi,
      anoFabricacao: veiculo.anoFabricacao,
      anoModelo: veiculo.anoModelo,
      cor: veiculo.cor,
      km: veiculo.km,
      combustivel: veiculo.combustivel,
      possuiChave: veiculo.possuiChave,
      patio: patio.nome,
    })
    .from(lote)
    .innerJoin(veiculo, and(eq(veiculo.id, lote.veiculoId), eq(veiculo.hotsiteId, hotsiteId)))
    .leftJoin(leilaoLote, and(eq(leilaoLote.loteId, lote.id), eq(leilaoLote.leilaoId, le.id)))
    .leftJoin(comitente, and(eq(comitente.id, lote.comitenteId), eq(comitente.hotsiteId, hotsiteId)))
    .leftJoin(patio, and(eq(patio.id, lote.patioId), eq(patio.hotsiteId, hotsiteId)))
    .where(and(eq(lote.hotsiteId, hotsiteId), eq(lote.leilaoId, le.id), ne(lote.situacao, 'LOTE_CANCELADO')))
    .orderBy(sql`${leilaoLote.ordemLeilao} asc nulls last`, asc(lote.numero), asc(lote.id));
  return {
    leilao: le,
    lotes: lotes.map(({ chassi, ...l }) => ({ ...l, chassiFinal: chassi ? chassi.slice(-6) : null })),
    somaMinimos: lotes.reduce((s, l) => s + l.minimo, 0),
  };
}

export type FichaDoLeilao = Awaited<ReturnType<typeof fichaDoLeilao>>;
