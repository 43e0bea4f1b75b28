import { sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { CNPJ_CAIXA } from '~/modules/catalogo/leiloes.server';
import { SITUACOES_LEILAO_ATIVO } from '~/modules/dominio/situacoes';
import { linhas } from '~/utils/linhas.server';

/*
 * Caixa Econômica Federal as a seller of the auction brands (issue #13), so the bank partner's list
 * (GET /v1/leiloes/lista-site/caixa-economica) has auctions: the seller (its real CNPJ), its logo on the
 * next two open auctions, and four lots of each (and their vehicles) as its goods. Runs after the
 * catalogue and before the wallets (which give it one). Idempotent: skipped when the brand has it.
 */
export async function seedCaixa(db: Db, hotsiteId: number) {
  const [marca] = linhas<{ tipo: string }>(await db.execute(sql`SELECT tipo FROM hotsite WHERE id = ${hotsiteId}`));
  if (marca?.tipo !== 'leilao') return;
  if (linhas(await db.execute(sql`SELECT 1 FROM comitente WHERE hotsite_id = ${hotsiteId} AND cnpj = ${CNPJ_CAIXA}`)).length) return;
  const [caixa] = linhas<{ id: number }>(
    await db.execute(sql`INSERT INTO comitente (hotsite_id, nome_site, razao_social, cnpj, grupo, existe_logomarca, logomarca_url)
      VALUES (${hotsiteId}, 'Caixa Econômica Federal', 'Caixa Econômica Federal', ${CNPJ_CAIXA}, 'BANCO', true, '/catalogo/logo.svg?t=CEF&c=8')
      RETURNING id`),
  );
  const leiloes = linhas<{ id: number }>(
    await db.execute(sql`SELECT id FROM leilao WHERE hotsite_id = ${hotsiteId}
        AND situacao IN (${sql.join(
          SITUACOES_LEILAO_ATIVO.map((s) => sql`${s}`),
          sql`, `,
        )})
        AND data >= date_trunc('day', now()) ORDER BY data, id LIMIT 2`),
  );
  for (const l of leiloes) {
    await db.execute(sql`INSERT INTO leilao_comitente (hotsite_id, leilao_id, comitente_id) VALUES (${hotsiteId}, ${l.id}, ${caixa.id})
                         ON CONFLICT DO NOTHING`);
    const lotes = linhas<{ id: number; veiculo_id: number }>(
      await db.execute(sql`SELECT id, veiculo_id FROM lote WHERE hotsite_id = ${hotsiteId} AND leilao_id = ${l.id} ORDER BY id LIMIT 4`),
    );
    if (!lotes.length) continue;
    const ids = sql.join(
      lotes.map((x) => sql`${x.id}`),
      sql`, `,
    );
    const veiculos = sql.join(
      lotes.map((x) => sql`${x.veiculo_id}`),
      sql`, `,
    );
    await db.execute(sql`UPDATE lote SET comitente_id = ${caixa.id} WHERE hotsite_id = ${hotsiteId} AND id IN (${ids})`);
    await db.execute(sql`UPDATE veiculo SET comitente_id = ${caixa.id} WHERE hotsite_id = ${hotsiteId} AND id IN (${veiculos})`);
  }
}
