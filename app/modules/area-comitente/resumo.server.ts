import { sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { filtroComitentes, type Comitentes } from '~/modules/comitentes/usuarios-comitente.server';
import { SITUACOES_ARREMATADO } from '~/modules/dominio/situacoes';
import { linhas } from '~/utils/linhas.server';

/*
 * The seller's results summary (decision 199, migration 0041): one row per (seller, auction) holding the sums
 * the result charts read. Triggers append the pairs whose lots, vehicles, closings, sales or payments changed
 * to resumo_comitente_pendente; before the charts read, `atualizarResumo` recomputes the reader's changed
 * pairs, so a chart is never staler than the last commit. In this order, inside one transaction:
 *   1. the brand's advisory lock: two readers never write one pair from different snapshots;
 *   2. delete the pending rows the reader sees (a writer still running keeps its row for the next reader);
 *   3. recompute those pairs from their lots with statements that start after the delete, so they see every
 *      commit the deleted rows stood for.
 * With nothing pending (the usual read) it costs one index probe and no transaction.
 */

/** pg_advisory_xact_lock's first key for the summary's refresh (the second is the brand). */
const TRAVA_DO_RESUMO = 727030;

const lista = (xs: readonly string[]) =>
  sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  );

export async function atualizarResumo({ db, hotsiteId, comitentes }: { db: Db; hotsiteId: number; comitentes: Comitentes }) {
  if (comitentes !== 'todos' && comitentes.length === 0) return 0;
  const dosLeitores = sql`p.hotsite_id = ${hotsiteId} AND ${filtroComitentes(sql`p.comitente_id`, comitentes)}`;
  const [algum] = linhas(await db.execute(sql`SELECT 1 FROM resumo_comitente_pendente p WHERE ${dosLeitores} LIMIT 1`));
  if (!algum) return 0;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${TRAVA_DO_RESUMO}, ${hotsiteId})`);
    const pares = linhas<{ comitente_id: number; leilao_id: number }>(
      await tx.execute(sql`WITH feitos AS (DELETE FROM resumo_comitente_pendente p WHERE ${dosLeitores} RETURNING p.comitente_id, p.leilao_id)
                           SELECT DISTINCT comitente_id, leilao_id FROM feitos`),
    );
    if (!pares.length) return 0;
    const cs = `{${pares.map((p) => Number(p.comitente_id)).join(',')}}`;
    const ls = `{${pares.map((p) => Number(p.leilao_id)).join(',')}}`;
    const doPar = sql`(SELECT c, l FROM unnest(${cs}::int[], ${ls}::int[]) AS u(c, l))`;
    await tx.execute(sql`DELETE FROM resumo_comitente_leilao r USING ${doPar} p
                          WHERE r.hotsite_id = ${hotsiteId} AND r.comitente_id = p.c AND r.leilao_id = p.l`);
    const vendido = sql`l.situacao IN (${lista(SITUACOES_ARREMATADO)})`;
    // A sale counts once, in the pair of its lowest active lot (a sale of lots of two auctions is rare; this
    // keeps it from being summed twice).
    await tx.execute(sql`
      WITH pares AS ${doPar},
      lotes AS (
        SELECT l.comitente_id, l.leilao_id, l.id, l.minimo, l.ultimo_lance_valor, vc.fipe_valor, vc.documentos_recebidos_em,
               coalesce(e.encerrado_em, l.data_fim) AS encerrado_em, ${vendido} AS vendido
          FROM pares p
          JOIN lote l ON l.hotsite_id = ${hotsiteId} AND l.comitente_id = p.c AND l.leilao_id = p.l
          JOIN veiculo vc ON vc.id = l.veiculo_id
          LEFT JOIN lote_encerramento e ON e.lote_id = l.id),
      vendas AS (
        SELECT lt.comitente_id, lt.leilao_id, v.id, v.total, v.situacao_entrega, v.agendado_horario, lt.encerrado_em
          FROM lotes lt
          JOIN venda_item i ON i.lote_id = lt.id AND i.hotsite_id = ${hotsiteId} AND i.ativo
          JOIN venda v ON v.id = i.venda_id AND v.hotsite_id = i.hotsite_id AND v.situacao NOT IN ('Cancelada', 'ClienteDesistiu')
         WHERE i.lote_id = (SELECT min(i2.lote_id) FROM venda_item i2 WHERE i2.venda_id = v.id AND i2.ativo)),
      pagos AS (
        SELECT vd.comitente_id, vd.leilao_id, vd.id, vd.total, vd.encerrado_em, vd.situacao_entrega, vd.agendado_horario,
               min(coalesce(pg.data_pagamento, pg.respondido_at)) AS pago_em, coalesce(sum(pg.valor), 0) AS recebido
          FROM vendas vd LEFT JOIN pagamento pg ON pg.venda_id = vd.id AND pg.hotsite_id = ${hotsiteId} AND pg.situacao = 'aprovado'
         GROUP BY vd.comitente_id, vd.leilao_id, vd.id, vd.total, vd.encerrado_em, vd.situacao_entrega, vd.agendado_horario),
      por_lote AS (
        SELECT comitente_id, leilao_id, count(*) AS ofertados, count(*) FILTER (WHERE vendido) AS vendidos,
               coalesce(sum(ultimo_lance_valor::numeric * 10000 / minimo) FILTER (WHERE vendido AND ultimo_lance_valor IS NOT NULL AND minimo > 0), 0) AS soma_sobre_minimo,
               count(*) FILTER (WHERE vendido AND ultimo_lance_valor IS NOT NULL AND minimo > 0) AS n_sobre_minimo,
               coalesce(sum(ultimo_lance_valor::numeric * 10000 / fipe_valor) FILTER (WHERE vendido AND ultimo_lance_valor IS NOT NULL AND fipe_valor > 0), 0) AS soma_sobre_fipe,
               count(*) FILTER (WHERE vendido AND ultimo_lance_valor IS NOT NULL AND fipe_valor > 0) AS n_sobre_fipe,
               count(*) FILTER (WHERE vendido AND documentos_recebidos_em IS NULL) AS documentos_pendentes
          FROM lotes GROUP BY comitente_id, leilao_id),
      por_venda AS (
        SELECT comitente_id, leilao_id, sum(recebido) AS recebido, sum(greatest(total - recebido, 0)) AS a_receber,
               coalesce(sum(extract(epoch FROM pago_em - encerrado_em) / 86400) FILTER (WHERE pago_em IS NOT NULL AND encerrado_em IS NOT NULL), 0) AS soma_dias_pagamento,
               count(*) FILTER (WHERE pago_em IS NOT NULL AND encerrado_em IS NOT NULL) AS n_dias_pagamento,
               coalesce(sum(extract(epoch FROM agendado_horario - encerrado_em) / 86400)
                 FILTER (WHERE situacao_entrega = 'entregue' AND agendado_horario IS NOT NULL AND encerrado_em IS NOT NULL), 0) AS soma_dias_retirada,
               count(*) FILTER (WHERE situacao_entrega = 'entregue' AND agendado_horario IS NOT NULL AND encerrado_em IS NOT NULL) AS n_dias_retirada
          FROM pagos GROUP BY comitente_id, leilao_id)
      INSERT INTO resumo_comitente_leilao (hotsite_id, comitente_id, leilao_id, ofertados, vendidos, soma_sobre_minimo, n_sobre_minimo,
             soma_sobre_fipe, n_sobre_fipe, documentos_pendentes, recebido, a_receber, soma_dias_pagamento, n_dias_pagamento,
             soma_dias_retirada, n_dias_retirada)
      SELECT ${hotsiteId}, pl.comitente_id, pl.leilao_id, pl.ofertados, pl.vendidos, pl.soma_sobre_minimo, pl.n_sobre_minimo,
             pl.soma_sobre_fipe, pl.n_sobre_fipe, pl.documentos_pendentes, coalesce(pv.recebido, 0), coalesce(pv.a_receber, 0),
             coalesce(pv.soma_dias_pagamento, 0), coalesce(pv.n_dias_pagamento, 0), coalesce(pv.soma_dias_retirada, 0), coalesce(pv.n_dias_retirada, 0)
        FROM por_lote pl
        JOIN leilao le ON le.id = pl.leilao_id
        JOIN comitente c ON c.id = pl.comitente_id
        LEFT JOIN por_venda pv ON pv.comitente_id = pl.comitente_id AND pv.leilao_id = pl.leilao_id`);
    return pares.length;
  });
}
