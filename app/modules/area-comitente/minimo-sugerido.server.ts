import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { SITUACOES_ARREMATADO, SITUACOES_NAO_ARREMATADO } from '~/modules/dominio/situacoes';
import { textoLivre } from '~/utils/entrada';
import { linhas } from '~/utils/linhas.server';
import { reaisSchema } from '~/utils/numeros';
import { minimoSugerido, type LoteDoHistorico } from './minimo-sugerido';

/*
 * The suggested minimum's history (decision 165): the brand's closed lots (sold or not sold) of the same
 * make and model, model year within ±2 and the same condition, each with its minimum and its vehicle's
 * FIPE; the pure decision (minimo-sugerido.ts) puts them in levels. Only counts and rates leave here,
 * never a lot: the seller sees the market, not another seller's lot.
 */

export const MENSAGENS_MINIMO = {
  modelo: 'Informe o modelo',
  ano: 'Ano inválido',
  estado: 'Estado de conservação inválido',
  fipe: 'Informe o valor FIPE em reais, por exemplo 45.000,00',
} as const;

/** Closed lots: sold, or closed without a sale (REPASSE, still offered, excluded). */
const ENCERRADOS = [...SITUACOES_ARREMATADO, ...SITUACOES_NAO_ARREMATADO.filter((s) => s !== 'REPASSE')];
const lista = (xs: readonly string[]) =>
  sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  );

const vazio = (v: unknown) => (v === '' || v == null ? undefined : v);

/** The form (GET): model, model year, condition, FIPE as typed (R$). */
export const consultaMinimo = z.object({
  modelo: textoLivre(120, MENSAGENS_MINIMO.modelo).pipe(z.string().trim().min(1, MENSAGENS_MINIMO.modelo)),
  ano: z.preprocess(
    (v) => (typeof v === 'string' && /^\d{4}$/.test(v) ? Number(v) : vazio(v)),
    z.number({ error: MENSAGENS_MINIMO.ano }).int(MENSAGENS_MINIMO.ano).min(1950, MENSAGENS_MINIMO.ano).max(2100, MENSAGENS_MINIMO.ano),
  ),
  estado: z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,6}$/.test(v) ? Number(v) : vazio(v)),
    z.number({ error: MENSAGENS_MINIMO.estado }).int(MENSAGENS_MINIMO.estado).positive(MENSAGENS_MINIMO.estado).optional(),
  ),
  fipe: reaisSchema({ mensagem: MENSAGENS_MINIMO.fipe, min: 1, max: 100_000_000_00 }),
});
export type ConsultaMinimo = z.infer<typeof consultaMinimo>;

/** The conditions a seller may pick (the catalogue's list). */
export async function estadosDeConservacao({ db }: { db: Db }) {
  return linhas<{ id: number; nome: string }>(await db.execute(sql`SELECT id, nome FROM estado_conservacao WHERE ativo ORDER BY nome`)).map(
    (r) => ({ id: Number(r.id), nome: String(r.nome) }),
  );
}

/**
 * The models the brand has history of, to suggest while typing (one spelling per model, 500 at most): a skip
 * scan of the (hotsite, lower(modelo), situacao) index, one probe per distinct model, instead of reading every
 * closed lot of the brand.
 */
export async function modelosDoHistorico({ db, hotsiteId }: { db: Db; hotsiteId: number }) {
  return linhas<{ modelo: string }>(
    await db.execute(sql`
      WITH RECURSIVE m AS (
        (SELECT lower(modelo) AS k FROM lote WHERE hotsite_id = ${hotsiteId} AND lower(modelo) IS NOT NULL ORDER BY lower(modelo) LIMIT 1)
        UNION ALL
        SELECT (SELECT lower(l.modelo) FROM lote l WHERE l.hotsite_id = ${hotsiteId} AND lower(l.modelo) > m.k ORDER BY lower(l.modelo) LIMIT 1)
          FROM m WHERE m.k IS NOT NULL)
      SELECT x.modelo FROM m, LATERAL (
        SELECT l.modelo FROM lote l WHERE l.hotsite_id = ${hotsiteId} AND lower(l.modelo) = m.k AND l.situacao IN (${lista(ENCERRADOS)})
         ORDER BY l.situacao LIMIT 1) x
       ORDER BY x.modelo LIMIT 500`),
  ).map((r) => String(r.modelo));
}

export async function calcularMinimoSugerido({ db, hotsiteId, consulta }: { db: Db; hotsiteId: number; consulta: ConsultaMinimo }) {
  const q = consulta;
  const rs = linhas<{ minimo: number; fipe: number; vendido: boolean }>(
    await db.execute(sql`
      SELECT l.minimo, v.fipe_valor AS fipe, l.situacao IN (${lista(SITUACOES_ARREMATADO)}) AS vendido
        FROM lote l JOIN veiculo v ON v.id = l.veiculo_id
       WHERE l.hotsite_id = ${hotsiteId} AND l.situacao IN (${lista(ENCERRADOS)}) AND lower(l.modelo) = lower(${q.modelo})
         AND coalesce(v.ano_modelo, l.ano_modelo) BETWEEN ${q.ano - 2} AND ${q.ano + 2}
         ${q.estado != null ? sql`AND v.estado_conservacao_id = ${q.estado}` : sql``}
         AND v.fipe_valor > 0
       LIMIT 20000`),
  );
  const historico: LoteDoHistorico[] = rs.map((r) => ({ minimo: Number(r.minimo), fipe: Number(r.fipe), vendido: Boolean(r.vendido) }));
  return minimoSugerido(historico, q.fipe);
}
