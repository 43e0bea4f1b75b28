import { sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { linhas } from '~/utils/linhas.server';

/*
 * Delivery demo (decisions 072 and 073): the brand's freight table (vehicles from the Goiânia yard's
 * prices of the spec's /tabela-de-frete, e.g. São Paulo R$ 1.700 in 15 days; documents by Sedex and
 * Carta Registrada to every UF), Saturday hours and a recess day at the first yard, stays for the
 * vehicles waiting in the yards and one validation waiting for staff. Skipped when the table exists.
 */
const UFS = 'AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO'.split(' ');
/** Cars, in centavos and days, by UF (the others are not served by freight: pickup only). */
const CARROS: Record<string, [number, number]> = {
  SP: [1_700_00, 15],
  RJ: [1_900_00, 16],
  MG: [1_400_00, 12],
  GO: [600_00, 5],
  DF: [800_00, 6],
  PR: [2_100_00, 17],
  SC: [2_300_00, 18],
  RS: [2_600_00, 20],
  BA: [2_200_00, 16],
  PA: [2_400_00, 18],
};

export async function seedEntrega(db: Db, hotsiteId: number): Promise<void> {
  const [ja] = linhas<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM tabela_frete WHERE hotsite_id = ${hotsiteId}`));
  if (ja.n > 0) return;
  for (const [uf, [valor, prazo]] of Object.entries(CARROS)) {
    for (const [modalidade, fator] of [
      ['Carros', 1],
      ['Utilitários', 1.3],
      ['Moto', 0.6],
      ['Pesados', 2.5],
    ] as const) {
      await db.execute(sql`INSERT INTO tabela_frete (hotsite_id, uf, modalidade, valor, prazo_dias)
                           VALUES (${hotsiteId}, ${uf}, ${modalidade}, ${Math.round(valor * fator)}, ${prazo})`);
    }
  }
  for (const uf of UFS) {
    await db.execute(sql`INSERT INTO tabela_frete (hotsite_id, uf, modalidade, valor, prazo_dias) VALUES
                           (${hotsiteId}, ${uf}, 'Sedex', ${uf === 'SP' ? 45_00 : 65_00}, ${uf === 'SP' ? 3 : 7}),
                           (${hotsiteId}, ${uf}, 'Carta Registrada', ${uf === 'SP' ? 25_00 : 32_00}, ${uf === 'SP' ? 7 : 12})`);
  }
  const [primeiro] = linhas<{ id: number }>(
    await db.execute(sql`SELECT id FROM patio WHERE hotsite_id = ${hotsiteId} AND ativo ORDER BY id LIMIT 1`),
  );
  if (primeiro) {
    await db.execute(sql`UPDATE patio SET dias_atendimento = '123456', valor_diaria = 3500 WHERE id = ${primeiro.id}`);
    await db.execute(sql`INSERT INTO patio_recesso (hotsite_id, patio_id, dia, descricao)
                         VALUES (${hotsiteId}, ${primeiro.id}, ((now() AT TIME ZONE 'America/Sao_Paulo')::date + 9), 'Inventário anual')
                         ON CONFLICT DO NOTHING`);
  }
  // Vehicles of closed lots wait in their lot's yard since the auction day.
  await db.execute(sql`
    INSERT INTO estadia (hotsite_id, patio_id, veiculo_id, dia_inicio, vaga)
    SELECT l.hotsite_id, l.patio_id, l.veiculo_id, coalesce(le.data, now())::date, 'A-' || (row_number() OVER (ORDER BY l.id))
      FROM lote l LEFT JOIN leilao le ON le.id = l.leilao_id
     WHERE l.hotsite_id = ${hotsiteId} AND l.patio_id IS NOT NULL AND l.situacao IN ('AG_PAGAMENTO', 'PAGO', 'CONDICIONAL')
     ORDER BY l.id LIMIT 12`);
  await db.execute(sql`
    INSERT INTO lote_cliente_validacao (hotsite_id, lote_id, usuario_id, tipo)
    SELECT v.hotsite_id, i.lote_id, v.usuario_id, 'CPF_CNPJ_Restritos'
      FROM venda v JOIN venda_item i ON i.venda_id = v.id
     WHERE v.hotsite_id = ${hotsiteId} AND v.situacao = 'AguardandoPagamento'
     ORDER BY v.id LIMIT 1`);
}
