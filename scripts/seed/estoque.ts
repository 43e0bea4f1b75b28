import { sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';

/*
 * Demo wallets, business units and deposits (issue #13; decisions 066, 067), after the brand's catalogue:
 * three business units, one wallet per seller (by the seller's group), the sellers' vehicles and bank
 * accounts pointed at them, and a few deposits of goods into the yards. Idempotent.
 */
const UNIDADES = [
  { nome: 'Varejo Sudeste', uf: 'SP', prioridade: 1 },
  { nome: 'Atacado Nordeste', uf: 'PE', prioridade: 2 },
  { nome: 'Pesados Centro-Oeste', uf: 'GO', prioridade: 3 },
];
const ENTREGADORES = [
  'Guincho Rápido Transportes',
  'José Carlos da Silva',
  'Remoções Paulista Ltda',
  'Ana Paula Ferreira',
  'Auto Socorro 24h',
];
const ESTADOS = [
  'Sem avarias aparentes; chave entregue',
  'Para-choque dianteiro amassado; sem estepe',
  'Pneus carecas; bateria descarregada',
  'Vidro traseiro trincado; documentos no porta-luvas',
  'Lataria com riscos na lateral esquerda',
];

export async function seedEstoque(db: Db, hotsiteId: number) {
  for (const u of UNIDADES) {
    await db.execute(sql`INSERT INTO unidade_negocio (hotsite_id, nome, uf, prioridade) VALUES (${hotsiteId}, ${u.nome}, ${u.uf}, ${u.prioridade})
                         ON CONFLICT (hotsite_id, nome) DO NOTHING`);
  }
  // One wallet for each seller that has none, named after the seller's group.
  await db.execute(sql`
    INSERT INTO carteira (hotsite_id, comitente_id, nome, tipo, prioridade, info_compl)
    SELECT c.hotsite_id, c.id,
           CASE upper(coalesce(c.grupo, '')) WHEN 'BANCO' THEN 'Retomadas de financiamento' WHEN 'SEGURADORA' THEN 'Sinistros com indenização integral'
                WHEN 'FROTA' THEN 'Renovação de frota' ELSE 'Carteira geral' END,
           CASE upper(coalesce(c.grupo, '')) WHEN 'BANCO' THEN 'Financiamento' WHEN 'SEGURADORA' THEN 'Seguro' WHEN 'FROTA' THEN 'Frota' ELSE 'Outros' END,
           1, 'Carteira de demonstração'
      FROM comitente c
     WHERE c.hotsite_id = ${hotsiteId} AND NOT EXISTS (SELECT 1 FROM carteira k WHERE k.comitente_id = c.id)`);
  await db.execute(sql`
    UPDATE veiculo v SET carteira_id = k.id
      FROM (SELECT DISTINCT ON (comitente_id) id, comitente_id FROM carteira WHERE hotsite_id = ${hotsiteId} ORDER BY comitente_id, prioridade, id) k
     WHERE v.hotsite_id = ${hotsiteId} AND v.carteira_id IS NULL AND v.comitente_id = k.comitente_id`);
  await db.execute(sql`
    UPDATE conta_bancaria b SET carteira_id = k.id, tipo_recebimento = coalesce(b.tipo_recebimento, 'TED')
      FROM (SELECT DISTINCT ON (comitente_id) id, comitente_id FROM carteira WHERE hotsite_id = ${hotsiteId} ORDER BY comitente_id, prioridade, id) k
     WHERE b.hotsite_id = ${hotsiteId} AND b.carteira_id IS NULL AND b.comitente_id = k.comitente_id`);
  // Business unit by the vehicle's id, so each unit has some vehicles.
  await db.execute(sql`
    UPDATE veiculo v SET unidade_negocio_id = u.id
      FROM (SELECT id, row_number() OVER (ORDER BY prioridade, id) - 1 AS n, count(*) OVER () AS total
              FROM unidade_negocio WHERE hotsite_id = ${hotsiteId}) u
     WHERE v.hotsite_id = ${hotsiteId} AND v.unidade_negocio_id IS NULL AND u.n = v.id % u.total`);
  // A few deposits: the first vehicles standing in a yard without one.
  const sem = (await db.execute(sql`
    SELECT v.id, v.patio_id FROM veiculo v
     WHERE v.hotsite_id = ${hotsiteId} AND v.patio_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM deposito_bem d WHERE d.hotsite_id = ${hotsiteId})
     ORDER BY v.id LIMIT 5`)) as unknown as { rows: { id: number; patio_id: number }[] };
  for (const [i, v] of sem.rows.entries()) {
    await db.execute(sql`
      INSERT INTO deposito_bem (hotsite_id, veiculo_id, patio_id, data, entregue_por, vaga, codigo_chave, observacao)
      VALUES (${hotsiteId}, ${v.id}, ${v.patio_id}, (now() AT TIME ZONE 'America/Sao_Paulo')::date - ${3 + i * 4}::int,
              ${ENTREGADORES[i % ENTREGADORES.length]}, ${`A-${String(10 + i * 3).padStart(2, '0')}`}, ${`CH-${1000 + Number(v.id)}`},
              ${ESTADOS[i % ESTADOS.length]})`);
  }
}
