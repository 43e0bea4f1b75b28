import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { lote, vendaParcela } from '@db/schema';

/*
 * A sale's CPC 895 schedules (decision 250), lot by lot: the down payment and the instalments written when
 * staff accepted the judicial proposal. Empty for every other sale.
 */
export async function parcelasDaVenda({ db, hotsiteId, vendaId }: { db: Db; hotsiteId: number; vendaId: number }) {
  const rs = await db
    .select({
      loteId: vendaParcela.loteId,
      loteNumero: lote.numero,
      loteNome: lote.nome,
      numero: vendaParcela.numero,
      vencimento: vendaParcela.vencimento,
      valor: vendaParcela.valor,
    })
    .from(vendaParcela)
    .innerJoin(lote, eq(lote.id, vendaParcela.loteId))
    .where(and(eq(vendaParcela.hotsiteId, hotsiteId), eq(vendaParcela.vendaId, vendaId)))
    .orderBy(asc(vendaParcela.loteId), asc(vendaParcela.numero));
  const porLote = new Map<
    number,
    {
      loteId: number;
      loteNumero: string;
      loteNome: string;
      total: number;
      parcelas: { numero: number; vencimento: string; valor: number }[];
    }
  >();
  for (const r of rs) {
    const l = porLote.get(r.loteId) ?? { loteId: r.loteId, loteNumero: String(r.loteNumero), loteNome: r.loteNome, total: 0, parcelas: [] };
    l.parcelas.push({ numero: r.numero, vencimento: r.vencimento, valor: r.valor });
    l.total += r.valor;
    porLote.set(r.loteId, l);
  }
  return [...porLote.values()];
}
