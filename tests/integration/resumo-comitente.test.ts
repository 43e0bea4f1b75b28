import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '@db/client.server';
import { consultaResultados, resultadosDoComitente } from '~/modules/area-comitente/resultados.server';
import { linhas } from '~/utils/linhas.server';
import { criarBancoDeTeste, envDeTeste } from '../db';

/*
 * The seller's results summary (decision 199): the charts read one row per (seller, auction), kept current by
 * triggers that note changed pairs and by the reader recomputing them. What a seller would notice: a chart
 * that lags behind a payment, a vehicle's documents or a lot's closing, or that differs from the lots.
 * Each check compares the charts with the same charts computed from scratch (every pair pending again).
 */
let banco: Database & { descartar(): Promise<void> };
const db = () => banco.db;
beforeAll(async () => {
  banco = await criarBancoDeTeste();
}, 120_000);
afterAll(() => banco?.descartar());

const H = 1;
const um = async <T>(q: ReturnType<typeof sql>) => linhas<T>(await db().execute(q))[0];

/** A seller with `n` lots in each of two auctions: even lots paid (a sale and an approved payment each), odd not sold. */
async function vendedor(n = 6) {
  const { id: comitenteId } = await um<{ id: number }>(
    sql`INSERT INTO comitente (hotsite_id, nome_site) VALUES (${H}, 'Banco Resumo ' || gen_random_uuid()) RETURNING id`,
  );
  const leiloes = linhas<{ id: number }>(
    await db().execute(sql`INSERT INTO leilao (hotsite_id, nome, situacao, data)
                            SELECT ${H}, 'Leilão Resumo ' || g, 'EXECUTADO', now() - (g || ' days')::interval FROM generate_series(1, 2) g
                            RETURNING id`),
  ).map((r) => Number(r.id));
  const { id: compradorId } = await um<{ id: number }>(
    sql`INSERT INTO usuario (hotsite_id, email, nome) VALUES (${H}, 'comprador-' || gen_random_uuid() || '@resumo.test', 'Comprador') RETURNING id`,
  );
  const lotes: { loteId: number; veiculoId: number; vendaId: number | null }[] = [];
  for (const leilaoId of leiloes)
    for (let i = 0; i < n; i++) {
      const { id: veiculoId } = await um<{ id: number }>(
        sql`INSERT INTO veiculo (hotsite_id, nome, modelo, fipe_valor, veiculo_tipo_id) VALUES (${H}, 'Gol ' || ${i}, 'Gol', 4000000, (SELECT min(id) FROM veiculo_tipo)) RETURNING id`,
      );
      const vendido = i % 2 === 0;
      const { id: loteId } = await um<{ id: number }>(sql`
        INSERT INTO lote (hotsite_id, veiculo_id, leilao_id, comitente_id, situacao, nome, numero, categoria, veiculo_tipo_id, minimo,
                          incremento, ultimo_lance_valor, data_fim)
        SELECT ${H}, ${veiculoId}, ${leilaoId}, ${comitenteId}, ${vendido ? 'PAGO' : 'NAO_ARREMATADO'}, 'Gol', ${String(i + 1).padStart(3, '0')},
               'Carros', veiculo_tipo_id, 2000000, 10000, ${vendido ? 3000000 : null}, now() - interval '3 days' FROM veiculo WHERE id = ${veiculoId}
        RETURNING id`);
      let vendaId: number | null = null;
      if (vendido) {
        ({ id: vendaId } = await um<{ id: number }>(sql`
          INSERT INTO venda (hotsite_id, usuario_id, leilao_id, comitente_id, situacao, hash_qrcode, data_pagamento, arremate, total)
          VALUES (${H}, ${compradorId}, ${leilaoId}, ${comitenteId}, 'Fechada', 'resumo-' || gen_random_uuid(), now(), 3000000, 3150000)
          RETURNING id`));
        await db().execute(sql`INSERT INTO venda_item (hotsite_id, venda_id, lote_id, valor, comissao, total)
                                VALUES (${H}, ${vendaId}, ${loteId}, 3000000, 150000, 3150000)`);
        await db().execute(sql`INSERT INTO pagamento (hotsite_id, venda_id, tipo, valor, situacao, data_pagamento)
                                VALUES (${H}, ${vendaId}, 'BOLETO', 1000000, 'aprovado', now() - interval '1 day')`);
      }
      lotes.push({ loteId, veiculoId, vendaId });
    }
  return { comitenteId, leiloes, lotes };
}

const graficos = (comitenteId: number) =>
  resultadosDoComitente({ db: db(), hotsiteId: H, comitentes: [comitenteId], consulta: consultaResultados.parse({}) });

/** The same charts with the seller's summary thrown away and every pair recomputed from its lots. */
async function doZero(comitenteId: number) {
  await db().execute(sql`DELETE FROM resumo_comitente_leilao WHERE hotsite_id = ${H} AND comitente_id = ${comitenteId}`);
  await db().execute(sql`INSERT INTO resumo_comitente_pendente (hotsite_id, comitente_id, leilao_id)
                          SELECT DISTINCT hotsite_id, comitente_id, leilao_id FROM lote WHERE hotsite_id = ${H} AND comitente_id = ${comitenteId}`);
  return graficos(comitenteId);
}

describe('the seller’s results summary', () => {
  it('follows payments, documents, closings and lots moved between auctions, and always equals a recomputation', async () => {
    const v = await vendedor();
    const antes = await graficos(v.comitenteId);
    expect(antes.map((g) => [g.ofertados, g.vendidos, g.documentosPendentes, g.recebido])).toEqual([
      [6, 3, 3, 30_000_00],
      [6, 3, 3, 30_000_00],
    ]);
    expect(antes[1].aReceber).toBe(3 * 21_500_00);
    expect(antes[1].arremateSobreMinimo).toBe(15000);

    const [a, , c] = v.lotes.slice(0, 6);
    // Documents received, a second payment approved, an unsold lot sold: the newest auction's row changes at once.
    await db().execute(sql`UPDATE veiculo SET documentos_recebidos_em = now() WHERE id = ${a.veiculoId}`);
    await db().execute(sql`INSERT INTO pagamento (hotsite_id, venda_id, tipo, valor, situacao, data_pagamento)
                            VALUES (${H}, ${c.vendaId}, 'PIX', 2150000, 'aprovado', now())`);
    await db().execute(sql`UPDATE lote SET situacao = 'AG_PAGAMENTO', ultimo_lance_valor = 2500000 WHERE id = ${v.lotes[1].loteId}`);
    const depois = await graficos(v.comitenteId);
    expect(depois[1]).toMatchObject({ ofertados: 6, vendidos: 4, documentosPendentes: 3, recebido: 51_500_00, aReceber: 2 * 21_500_00 });
    expect(depois[0]).toEqual(antes[0]);
    expect(depois).toEqual(await doZero(v.comitenteId));

    // A lot moved to the other auction leaves one row and joins the other; a deleted lot leaves its row.
    await db().execute(sql`UPDATE lote SET leilao_id = ${v.leiloes[0]} WHERE id = ${v.lotes[9].loteId}`);
    await db().execute(sql`DELETE FROM lote WHERE id = ${v.lotes[3].loteId}`);
    const movido = await graficos(v.comitenteId);
    expect(movido.map((g) => g.ofertados)).toEqual([5, 6]);
    expect(movido).toEqual(await doZero(v.comitenteId));
  });

  it('a bid on a lot still in dispute marks nothing; its closing does', async () => {
    const v = await vendedor(2);
    await graficos(v.comitenteId);
    const { loteId } = v.lotes[1];
    await db().execute(sql`UPDATE lote SET situacao = 'AO_VIVO' WHERE id = ${loteId}`);
    await graficos(v.comitenteId);
    const pendentes = async () =>
      Number(
        (await um<{ n: number }>(sql`SELECT count(*)::int AS n FROM resumo_comitente_pendente WHERE comitente_id = ${v.comitenteId}`)).n,
      );
    await db().execute(sql`UPDATE lote SET ultimo_lance_valor = 2100000, data_fim = data_fim + interval '2 minutes' WHERE id = ${loteId}`);
    expect(await pendentes()).toBe(0);
    await db().execute(sql`UPDATE lote SET situacao = 'AG_PAGAMENTO' WHERE id = ${loteId}`);
    expect(await pendentes()).toBe(1);
    const g = await graficos(v.comitenteId);
    expect(g[1].vendidos).toBe(2);
    expect(await pendentes()).toBe(0);
  });

  it('an auction not yet held has no results: it is no 0% bar until its day comes (decision 274)', async () => {
    const v = await vendedor(2);
    // The newer auction moves a week ahead: its lots wait for it, unsold so far.
    await db().execute(sql`UPDATE leilao SET data = now() + interval '7 days', situacao = 'PRONTO' WHERE id = ${v.leiloes[0]}`);
    await db().execute(sql`UPDATE lote SET situacao = 'LIBERADO_LEILAO' WHERE leilao_id = ${v.leiloes[0]}`);
    const antes = await graficos(v.comitenteId);
    expect(antes.map((g) => g.grupo)).toEqual([
      (await um<{ uid: string }>(sql`SELECT uid::text FROM leilao WHERE id = ${v.leiloes[1]}`)).uid,
    ]);
    expect(antes[0]).toMatchObject({ ofertados: 2, vendidos: 1, taxaVenda: 5000 });
    // Its day comes: its row is there.
    await db().execute(sql`UPDATE leilao SET data = now() - interval '1 minute' WHERE id = ${v.leiloes[0]}`);
    expect((await graficos(v.comitenteId)).map((g) => g.ofertados)).toEqual([2, 2]);
  });

  it.runIf(envDeTeste.DATABASE_URL)('parallel payments and readers on PostgreSQL end equal to a recomputation', async () => {
    const v = await vendedor(10);
    await graficos(v.comitenteId);
    const vendas = v.lotes.filter((l) => l.vendaId != null);
    await Promise.all([
      ...vendas.map((l) =>
        db().execute(sql`INSERT INTO pagamento (hotsite_id, venda_id, tipo, valor, situacao, data_pagamento)
                         VALUES (${H}, ${l.vendaId}, 'PIX', 100000, 'aprovado', now())`),
      ),
      ...vendas.map((l) => db().execute(sql`UPDATE veiculo SET documentos_recebidos_em = now() WHERE id = ${l.veiculoId}`)),
      ...Array.from({ length: 8 }, () => graficos(v.comitenteId)),
    ]);
    const fim = await graficos(v.comitenteId);
    expect(fim.map((g) => [g.documentosPendentes, g.recebido])).toEqual([
      [0, 5 * 11_000_00],
      [0, 5 * 11_000_00],
    ]);
    expect(fim).toEqual(await doZero(v.comitenteId));
  });
});
