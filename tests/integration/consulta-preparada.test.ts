import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultaPreparada } from '@db/client.server';
import { criarBancoDeTeste } from '../db';

/**
 * The bid path's named statements (decision 100): the same rows as drizzle's unnamed query on both
 * databases, array parameters included, and on PostgreSQL a statement kept by the connection.
 */
describe('consultaPreparada', () => {
  let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
  beforeAll(async () => {
    banco = await criarBancoDeTeste();
  });
  afterAll(() => banco.descartar());

  const lotesDaMarca = consultaPreparada<[number, number[]], { id: number; hotsite_id: number }>(
    'teste_lotes_da_marca',
    'SELECT id, hotsite_id FROM lote WHERE hotsite_id = $1 AND id = ANY($2::int[]) ORDER BY id',
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
        const obtido = await lotesDaMarca(banco.db, [hotsiteId, ids]);
        expect(obtido.map((r) => Number(r.id))).toEqual(esperado);
      }
    }
  });

  it.runIf(!!process.env.DATABASE_URL)('is kept by name on the PostgreSQL connection', async () => {
    await lotesDaMarca(banco.db, [1, [1]]);
    // The pool hands the last released connection out again: the one that just ran the statement.
    const { rows } = (await banco.db.execute(sql`SELECT name FROM pg_prepared_statements`)) as unknown as { rows: { name: string }[] };
    expect(rows.map((r) => r.name)).toContain('teste_lotes_da_marca');
  });
});
