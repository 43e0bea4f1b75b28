import { sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { linhas } from '~/utils/linhas.server';

/*
 * Demo lot badges (decision 086): four badges per brand, and a copy on some of the lots seeded so far
 * (every fifth listed lot is an "Oportunidade", low-mileage cars carry "Baixa quilometragem"). Idempotent:
 * skipped when the brand has badges.
 */
const CARIMBOS = ['Oportunidade', 'Baixa quilometragem', 'Aceita financiamento', 'Laudo cautelar aprovado'];

export async function seedCarimbos(db: Db, hotsiteId: number) {
  if (linhas(await db.execute(sql`SELECT 1 FROM carimbo_lote WHERE hotsite_id = ${hotsiteId} LIMIT 1`)).length) return;
  for (const nome of CARIMBOS) await db.execute(sql`INSERT INTO carimbo_lote (hotsite_id, nome) VALUES (${hotsiteId}, ${nome})`);
  await db.execute(sql`
    UPDATE lote l SET carimbos = (
        SELECT coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'nome', c.nome, 'urlCard', c.url_card, 'urlLote', c.url_lote, 'link', c.link) ORDER BY c.id), '[]'::jsonb)
          FROM carimbo_lote c
         WHERE c.hotsite_id = ${hotsiteId}
           AND ((c.nome = 'Oportunidade' AND l.id % 5 = 0)
             OR (c.nome = 'Baixa quilometragem' AND l.km IS NOT NULL AND l.km < 40000 AND l.categoria = 'Carros')
             OR (c.nome = 'Laudo cautelar aprovado' AND l.laudo_cautelar_resultado = 'Aprovado')))
     WHERE l.hotsite_id = ${hotsiteId}
       AND (l.id % 5 = 0 OR (l.km IS NOT NULL AND l.km < 40000 AND l.categoria = 'Carros') OR l.laudo_cautelar_resultado = 'Aprovado')`);
}
