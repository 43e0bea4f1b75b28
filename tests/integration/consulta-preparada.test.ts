import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executarNomeada } from '@db/client.server';
import { criarBancoDeTeste } from '../db';

/**
 * The bid path's named statements (decision 100): the same rows as drizzle's unnamed query on both
 * databases, array parameters included, and on PostgreSQL a statement kept by the connection.
 */
describe('executarNomeada', () => {
  let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
  beforeAll(async () => {
    banco = await criarBancoDeTeste();
  });
  afterAll(() => banco.descartar());

  const lotesDaMarca = (hotsiteId: number, ids: number[]) =>
    executarNomeada<{ id: number; hotsite_id: number }>(
      banco.db,
      'teste_lotes_da_marca',
      sql`SELECT id, hotsite_id FROM lote WHERE hotsite_id = ${hotsiteId} AND id = ANY(${sql.param(ids)}::int[]) ORDER BY id`,
    );

  it('answers what the unnamed query answers, for every call, with another brand’s ids left out', async () => {
    const { rows } = (await banco.db.execute(sql`SELECT id, hotsite_id FROM lote ORDER BY id LIMIT 40`)) as unknown as {
      rows: { id: number; hotsite_id: number }[];
    };
    const ids = rows.map((r) => r.id);
    for (const hotsiteId of [...new Set(rows.map((r) => r.hotsite_id)), 999]) {
      const esperado = rows.filter((r) => r.hotsite_id === hotsiteId).map((r) => r.id);
      for (let i = 0; i < 7; i++) {
        // Seven calls: PostgreSQL weighs a generic plan after the fifth; the answer must not change.
        const obtido = await lotesDaMarca(hotsiteId, ids);
        expect(obtido.map((r) => Number(r.id))).toEqual(esperado);
      }
    }
  });

  it.runIf(!!process.env.DATABASE_URL)('is kept by name on the PostgreSQL connection', async () => {
    await lotesDaMarca(1, [1]);
    // The pool hands the last released connection out again: the one that just ran the statement.
    const { rows } = (await banco.db.execute(sql`SELECT name FROM pg_prepared_statements`)) as unknown as { rows: { name: string }[] };
    expect(rows.map((r) => r.name)).toContainEqual(expect.stringMatching(/^teste_lotes_da_marca_[0-9a-f]{16}$/));
  });

  it('executarNomeada answers inside a transaction what execute answers there, timestamps as text', async () => {
    const consulta = (ids: number[]) => sql`SELECT id, data_fim FROM lote WHERE id = ANY(${sql.param(ids)}::int[]) ORDER BY id`;
    await banco.db.transaction(async (tx) => {
      const { rows } = (await tx.execute(consulta([1, 2, 3]))) as unknown as { rows: { id: number; data_fim: unknown }[] };
      for (let i = 0; i < 7; i++) expect(await executarNomeada(tx, 'teste_lotes', consulta([1, 2, 3]))).toEqual(rows);
      expect(rows.every((r) => r.data_fim === null || typeof r.data_fim === 'string')).toBe(true);
    });
  });

  it.runIf(!!process.env.DATABASE_URL)('executarNomeada keeps one statement per text under its prefix', async () => {
    await banco.db.transaction(async (tx) => {
      await executarNomeada(tx, 'teste_forma', sql`SELECT ${1}::int AS a`);
      await executarNomeada(tx, 'teste_forma', sql`SELECT ${1}::int AS a, ${2}::int AS b`);
      const { rows } = (await tx.execute(sql`SELECT name FROM pg_prepared_statements WHERE name LIKE 'teste_forma_%'`)) as unknown as {
        rows: { name: string }[];
      };
      expect(rows).toHaveLength(2);
    });
  });
});
