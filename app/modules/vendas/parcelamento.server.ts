import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { lote, vendaParcela } from '@db/schema';
import { enfileirarNotificacoes } from '~/modules/notificacoes/fila.server';
import { formatarMoeda } from '~/utils/format';
import { linhas } from '~/utils/linhas.server';
import { buscarVenda, type VendaDto } from './consultas.server';
import { meiosDaParcela, type MeiosDePagamento } from './meios.server';
import { estadoDasParcelas, ROTULO_DA_PARCELA, type EstadoDaParcela } from './parcelamento';
import { partesEmSaoPaulo } from './regras';

/*
 * A sale's CPC 895 schedules (decisions 250 and 288), lot by lot: the down payment and the instalments written
 * when staff accepted the judicial proposal, each with its state from the sale's payments and, while open,
 * its own boleto and PIX. Empty for every other sale. The reminders' sweep tells the buyer before each
 * instalment's due day.
 */

/** How many days before its due day an open instalment is reminded. */
export const DIAS_DO_LEMBRETE_DA_PARCELA = 3;

const hojeEmSaoPaulo = (agora: Date) => partesEmSaoPaulo(agora).dia;

async function linhasDaVenda(db: Db, hotsiteId: number, vendaId: number) {
  return db
    .select({
      id: vendaParcela.id,
      loteId: vendaParcela.loteId,
      loteNumero: lote.numero,
      loteNome: lote.nome,
      numero: vendaParcela.numero,
      vencimento: vendaParcela.vencimento,
      valor: vendaParcela.valor,
    })
    .from(vendaParcela)
    .innerJoin(lote, and(eq(lote.id, vendaParcela.loteId), eq(lote.hotsiteId, vendaParcela.hotsiteId)))
    .where(and(eq(vendaParcela.hotsiteId, hotsiteId), eq(vendaParcela.vendaId, vendaId)))
    .orderBy(asc(vendaParcela.loteId), asc(vendaParcela.numero));
}

/** The state of every line of a sale read by `buscarVenda` (what its payments cover, in due order). */
function estados(
  v: VendaDto,
  rs: readonly { id: number; loteId: number; numero: number; vencimento: string; valor: number }[],
  agora: Date,
) {
  const t = v.totais;
  return estadoDasParcelas({
    parcelas: rs,
    totalDaVenda: t.restante + t.aprovado + t.aguardandoValidacao,
    aprovado: t.aprovado,
    emValidacao: t.aguardandoValidacao,
    hoje: hojeEmSaoPaulo(agora),
  });
}

export interface LinhaDoParcelamento extends EstadoDaParcela {
  rotulo: string;
  /** The line's own boleto and PIX while something is left to pay on it and the sale takes payments. */
  meios: MeiosDePagamento | null;
  /** The first line still to pay: its instructions are shown open, with the QR code and the barcode. */
  proxima: boolean;
}

export async function parcelasDaVenda({
  db,
  hotsiteId,
  venda,
  agora = new Date(),
}: {
  db: Db;
  hotsiteId: number;
  venda: VendaDto;
  agora?: Date;
}) {
  const rs = await linhasDaVenda(db, hotsiteId, venda.id);
  if (rs.length === 0) return [];
  const porId = new Map(estados(venda, rs, agora).map((e) => [e.id, e]));
  const pagavel = venda.situacao === 'AguardandoPagamento' || venda.situacao === 'AguardandoValidacao';
  const abertas = [...porId.values()]
    .filter((e) => e.restante > 0)
    .sort((a, b) => Number(a.numero > 0) - Number(b.numero > 0) || a.vencimento.localeCompare(b.vencimento) || a.id - b.id);
  const proximaId = abertas[0]?.id ?? null;
  const porLote = new Map<
    number,
    { loteId: number; loteNumero: string; loteNome: string; total: number; parcelas: LinhaDoParcelamento[] }
  >();
  for (const r of rs) {
    const e = porId.get(r.id)!;
    const meios = pagavel && e.restante > 0 ? await meiosDaParcela(venda, e, agora) : null;
    // Only the next line carries its QR code and barcode drawing (the others keep the codes to copy).
    const leves =
      meios && r.id !== proximaId
        ? { ...meios, pix: meios.pix && { ...meios.pix, qrDataUrl: '' }, boleto: meios.boleto && { ...meios.boleto, barrasSvg: '' } }
        : meios;
    const l = porLote.get(r.loteId) ?? { loteId: r.loteId, loteNumero: String(r.loteNumero), loteNome: r.loteNome, total: 0, parcelas: [] };
    l.parcelas.push({ ...e, rotulo: ROTULO_DA_PARCELA[e.situacao], meios: leves, proxima: r.id === proximaId });
    l.total += r.valor;
    porLote.set(r.loteId, l);
  }
  return [...porLote.values()];
}

/**
 * Queues `prazo-da-compra` for each open instalment (not the down payment: the sale's `prazo-pagamento`
 * reminds it) due within DIAS_DO_LEMBRETE_DA_PARCELA days, on every brand, once per instalment: the queue's
 * unique key (person, event, lot, `venda:{id}:parcela:{n}`) makes a rerun, another instance or a restart a
 * no-op. An instalment already covered (approved or awaiting validation) is not reminded.
 */
export async function lembrarParcelas({ db, agora = new Date() }: { db: Db; agora?: Date }) {
  const hoje = hojeEmSaoPaulo(agora);
  const candidatas = linhas<{ venda_id: number; hotsite_id: number }>(
    await db.execute(sql`
      SELECT DISTINCT p.venda_id, p.hotsite_id
        FROM venda_parcela p JOIN venda v ON v.id = p.venda_id AND v.hotsite_id = p.hotsite_id
       WHERE p.numero > 0 AND p.vencimento >= ${hoje}::date AND p.vencimento <= ${hoje}::date + ${DIAS_DO_LEMBRETE_DA_PARCELA}::int
         AND v.situacao IN ('AguardandoPagamento', 'AguardandoValidacao')`),
  );
  let enfileiradas = 0;
  for (const c of candidatas) {
    const hotsiteId = Number(c.hotsite_id);
    const v = await buscarVenda({ db, hotsiteId, leitor: 'hash', id: Number(c.venda_id) });
    if (!v) continue;
    const rs = await linhasDaVenda(db, hotsiteId, v.id);
    for (const e of estados(v, rs, agora)) {
      if (e.numero === 0 || e.restante <= 0 || e.vencimento < hoje) continue;
      const dias = Math.round((Date.parse(e.vencimento) - Date.parse(hoje)) / 86_400_000);
      if (dias > DIAS_DO_LEMBRETE_DA_PARCELA) continue;
      const total = rs.filter((r) => r.loteId === e.loteId && r.numero > 0).length;
      enfileiradas += await enfileirarNotificacoes({
        db,
        hotsiteId,
        evento: 'prazo-da-compra',
        usuarioIds: [v.cliente.id],
        loteId: e.loteId,
        chave: `venda:${v.id}:parcela:${e.numero}`,
        dados: {
          vendaId: v.id,
          prazo: 'parcela',
          ate: e.vencimento,
          valor: e.restante,
          motivo: `A parcela ${e.numero}/${total} da compra ${v.id} (CPC, art. 895), de ${formatarMoeda(e.restante)}, vence em ${e.vencimento.split('-').reverse().join('/')}. Pague pelo boleto ou PIX da parcela em Minhas compras.`,
        },
      });
    }
  }
  return enfileiradas;
}
