import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { buscaSalva, FREQUENCIAS_DE_BUSCA } from '@db/schema';
import { buscaDaUrl, type Filtros } from '~/modules/catalogo/filtros';
import { SITUACOES_LISTAVEIS } from '~/modules/dominio/situacoes';
import { linhas } from '~/utils/linhas.server';

/**
 * Saved searches ("Avise-me", decision 185): the list page's filters kept with a frequency. The digest
 * matches every search of a frequency against the lots released since it last looked, in one statement,
 * and queues one notice per search (its first lot, how many), then moves the searches' mark forward.
 * The filters matched are those a person sets on the list: brand, state, category, year and price ranges,
 * and text in the lot's name.
 */
const MAXIMO_POR_PESSOA = 20;

const entradaSchema = z.object({
  frequencia: z.enum(FREQUENCIAS_DE_BUSCA, { error: 'Escolha a frequência do alerta' }),
  consulta: z.string().max(2000),
});

/** The filters kept: only those the digest matches, as the list's URL reads them. */
export function filtrosGuardados(f: Filtros): Record<string, unknown> {
  const g: Record<string, unknown> = {};
  if (f.marca?.length) g.marca = f.marca;
  if (f.uf?.length) g.uf = f.uf.map((u) => u.toUpperCase());
  if (f.categoria?.length) g.categoria = f.categoria;
  if (f.anoMin != null) g.anoMin = f.anoMin;
  if (f.anoMax != null) g.anoMax = f.anoMax;
  if (f.valorMin != null) g.valorMin = f.valorMin;
  if (f.valorMax != null) g.valorMax = f.valorMax;
  if (f.texto) g.texto = f.texto;
  return g;
}

export async function salvarBusca({
  db,
  hotsiteId,
  usuarioId,
  entrada,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  entrada: unknown;
}) {
  const e = entradaSchema.parse(entrada);
  const { filtros } = buscaDaUrl(new URLSearchParams(e.consulta));
  const [{ n }] = linhas<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM busca_salva WHERE hotsite_id = ${hotsiteId} AND usuario_id = ${usuarioId}`),
  );
  if (n >= MAXIMO_POR_PESSOA) return { tipo: 'limite' as const, maximo: MAXIMO_POR_PESSOA };
  const [b] = await db
    .insert(buscaSalva)
    .values({ hotsiteId, usuarioId, filtros: filtrosGuardados(filtros) as Record<string, string>, frequencia: e.frequencia })
    .returning({ uid: buscaSalva.uid });
  return { tipo: 'salva' as const, uid: b.uid };
}

export function listarBuscas({ db, hotsiteId, usuarioId }: { db: Db; hotsiteId: number; usuarioId: number }) {
  return db
    .select({ uid: buscaSalva.uid, filtros: buscaSalva.filtros, frequencia: buscaSalva.frequencia, createdAt: buscaSalva.createdAt })
    .from(buscaSalva)
    .where(and(eq(buscaSalva.hotsiteId, hotsiteId), eq(buscaSalva.usuarioId, usuarioId)))
    .orderBy(desc(buscaSalva.id));
}

export async function excluirBusca({ db, hotsiteId, usuarioId, uid }: { db: Db; hotsiteId: number; usuarioId: number; uid: string }) {
  if (!z.uuid().safeParse(uid).success) return;
  await db.delete(buscaSalva).where(and(eq(buscaSalva.hotsiteId, hotsiteId), eq(buscaSalva.usuarioId, usuarioId), eq(buscaSalva.uid, uid)));
}

const LISTAVEIS = sql.raw(SITUACOES_LISTAVEIS.map((s) => `'${s}'`).join(','));
const INTERVALO = { instantanea: '0 seconds', diaria: '1 day', semanal: '7 days' } as const;

/**
 * One digest run for a frequency: each due search (instant: always; daily/weekly: when its mark is that
 * old) gets one notice for the lots released since its mark, keyed by the run's instant so a rerun of
 * the same run queues nothing twice. Answers how many notices were queued.
 */
export async function enviarResumoDeBuscas({
  db,
  frequencia,
  agora = new Date(),
}: {
  db: Db;
  frequencia: (typeof FREQUENCIAS_DE_BUSCA)[number];
  agora?: Date;
}) {
  return db.transaction(async (tx) => {
    const r = linhas<{ n: number }>(
      await tx.execute(sql`
        WITH devidas AS (
          SELECT id, hotsite_id, usuario_id, uid, visto_ate,
                 filtros->'marca' AS marcas, filtros->'uf' AS ufs, filtros->'categoria' AS categorias,
                 (filtros->>'anoMin')::int AS ano_min, (filtros->>'anoMax')::int AS ano_max,
                 (filtros->>'valorMin')::bigint AS valor_min, (filtros->>'valorMax')::bigint AS valor_max,
                 '%' || replace(replace(filtros->>'texto', '%', '\\%'), '_', '\\_') || '%' AS texto
            FROM busca_salva
           WHERE frequencia = ${frequencia} AND visto_ate <= ${agora}::timestamptz - ${INTERVALO[frequencia]}::interval
           FOR UPDATE SKIP LOCKED
        ), novos AS MATERIALIZED (
          -- The lots released in the window of the oldest due search: a few thousand at most, read once.
          SELECT l.id, l.hotsite_id, l.created_at, l.nome, l.marca_nome, l.localizacao_uf, l.categoria, l.ano_modelo,
                 coalesce(l.ultimo_lance_valor, l.minimo) AS valor
            FROM lote l
           WHERE l.created_at > (SELECT min(visto_ate) FROM devidas) AND l.created_at <= ${agora} AND l.situacao IN (${LISTAVEIS})
        ), por_marca AS (
          -- A search's brands as rows, so the lots join them by equality (a hash join), not pair by pair.
          SELECT d.*, m.marca FROM devidas d LEFT JOIN LATERAL jsonb_array_elements_text(d.marcas) AS m(marca) ON true
        ), pares AS (
          SELECT b.id AS busca_id, l.id AS lote_id, b.ufs, b.categorias, b.ano_min, b.ano_max, b.valor_min, b.valor_max, b.texto,
                 l.localizacao_uf, l.categoria, l.ano_modelo, l.valor, l.nome
            FROM por_marca b JOIN novos l ON l.hotsite_id = b.hotsite_id AND l.marca_nome = b.marca AND l.created_at > b.visto_ate
          UNION ALL
          SELECT b.id, l.id, b.ufs, b.categorias, b.ano_min, b.ano_max, b.valor_min, b.valor_max, b.texto,
                 l.localizacao_uf, l.categoria, l.ano_modelo, l.valor, l.nome
            FROM por_marca b JOIN novos l ON l.hotsite_id = b.hotsite_id AND l.created_at > b.visto_ate
           WHERE b.marca IS NULL
        ), achados AS (
          SELECT busca_id, min(lote_id) AS lote_id, count(*) AS quantidade
            FROM pares p
           WHERE (p.ufs IS NULL OR p.ufs ? p.localizacao_uf)
             AND (p.categorias IS NULL OR p.categorias ? p.categoria)
             AND (p.ano_min IS NULL OR p.ano_modelo >= p.ano_min)
             AND (p.ano_max IS NULL OR p.ano_modelo <= p.ano_max)
             AND (p.valor_min IS NULL OR p.valor >= p.valor_min)
             AND (p.valor_max IS NULL OR p.valor <= p.valor_max)
             AND (p.texto IS NULL OR p.nome ILIKE p.texto)
           GROUP BY busca_id
        ), novas AS (
          INSERT INTO notificacao (hotsite_id, usuario_id, evento, lote_id, chave, dados)
          SELECT d.hotsite_id, d.usuario_id, 'busca-salva', a.lote_id, d.id::text || ':' || ${agora.toISOString()},
                 jsonb_build_object('buscaUid', d.uid, 'quantidade', a.quantidade)
            FROM achados a JOIN devidas d ON d.id = a.busca_id
          ON CONFLICT DO NOTHING
          RETURNING 1
        ), marcadas AS (
          UPDATE busca_salva s SET visto_ate = ${agora} FROM devidas d WHERE s.id = d.id RETURNING 1
        )
        SELECT (SELECT count(*) FROM novas)::int AS n, (SELECT count(*) FROM marcadas)::int AS m`),
    );
    return r[0]?.n ?? 0;
  });
}
