import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { buscaSalva, FREQUENCIAS_DE_BUSCA } from '@db/schema';
import { buscaDaUrl, type Filtros } from '~/modules/catalogo/filtros';
import { SITUACOES_LISTAVEIS } from '~/modules/dominio/situacoes';
import { linhas } from '~/utils/linhas.server';
import { casarBuscas, filtrosGuardadosSchema, type BuscaParaCasar, type LoteNovo } from './casar-buscas';

/**
 * Saved searches ("Avise-me"): the list page's filters kept with a frequency. The digest matches every
 * search of a frequency against the lots released since it last looked, in batches paired in memory
 * (decision 214), and queues one notice per search (its first lot, how many), then moves the searches'
 * mark forward.
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
/** Searches read, matched and marked per transaction: memory and lock time stay bounded at any count. */
const POR_LOTE_DE_BUSCAS = 5_000;

/**
 * One digest run for a frequency: each due search (instant: always; daily/weekly: when its mark is that
 * old) gets one notice for the lots released since its mark, keyed by the run's instant so a rerun of
 * the same run queues nothing twice. Answers how many notices were queued.
 *
 * Per batch of searches, in one transaction (decision 214): lock the due searches (SKIP LOCKED: another
 * instance's run takes the others), read once the lots released in the window of the oldest of them,
 * pair them in memory (`casarBuscas`), queue the notices in one INSERT and move the marks forward.
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
  let enfileiradas = 0;
  let depoisDe = 0;
  for (;;) {
    const r = await db.transaction(async (tx) => {
      const buscas = linhas<{
        id: number;
        hotsite_id: number;
        usuario_id: number;
        uid: string;
        filtros: unknown;
        visto_ate: Date | string;
      }>(
        await tx.execute(sql`
          SELECT id, hotsite_id, usuario_id, uid, filtros, visto_ate
            FROM busca_salva
           WHERE frequencia = ${frequencia} AND visto_ate <= ${agora}::timestamptz - ${INTERVALO[frequencia]}::interval AND id > ${depoisDe}
           ORDER BY id
           LIMIT ${POR_LOTE_DE_BUSCAS}
           FOR UPDATE SKIP LOCKED`),
      );
      if (buscas.length === 0) return null;
      const paraCasar: BuscaParaCasar[] = [];
      for (const b of buscas) {
        // A stored row that no longer reads as filters is skipped (and its mark moved), never a failed run.
        const f = filtrosGuardadosSchema.safeParse(b.filtros);
        if (f.success) paraCasar.push({ id: b.id, hotsiteId: b.hotsite_id, vistoAte: new Date(b.visto_ate).getTime(), filtros: f.data });
      }
      const desde = new Date(Math.min(...paraCasar.map((b) => b.vistoAte), agora.getTime()));
      const sites = [...new Set(paraCasar.map((b) => b.hotsiteId))];
      const lotes = sites.length
        ? linhas<{
            id: number;
            hotsite_id: number;
            created_at: Date | string;
            nome: string;
            numero: string;
            marca_nome: string | null;
            localizacao_uf: string | null;
            categoria: string | null;
            ano_modelo: number | null;
            valor: number | string;
          }>(
            // Listable, not ended, and not in a private auction (only its guests see those lots, decision 186).
            await tx.execute(sql`
              SELECT l.id, l.hotsite_id, l.created_at, l.nome, l.numero, l.marca_nome, l.localizacao_uf, l.categoria, l.ano_modelo,
                     CASE WHEN l.tipo = 'Compre Já' AND l.compre_ja IS NOT NULL THEN l.compre_ja ELSE l.valor_atual END AS valor
                FROM lote l
               WHERE l.created_at > ${desde} AND l.created_at <= ${agora}
                 AND l.hotsite_id = ANY(${`{${sites.join(',')}}`}::int[])
                 AND l.situacao IN (${LISTAVEIS})
                 AND (l.data_fim IS NULL OR l.data_fim > ${agora})
                 AND NOT coalesce((SELECT le.privado FROM leilao le WHERE le.id = l.leilao_id), false)`),
          ).map((l): LoteNovo => ({
            id: l.id,
            hotsiteId: l.hotsite_id,
            criadoEm: new Date(l.created_at).getTime(),
            nome: l.nome,
            numero: l.numero,
            marca: l.marca_nome,
            uf: l.localizacao_uf,
            categoria: l.categoria,
            ano: l.ano_modelo,
            valor: Number(l.valor),
          }))
        : [];
      const achados = casarBuscas(paraCasar, lotes);
      let n = 0;
      if (achados.size > 0) {
        const porId = new Map(buscas.map((b) => [b.id, b]));
        const novas = [...achados].map(([id, a]) => {
          const b = porId.get(id)!;
          return {
            hotsite_id: b.hotsite_id,
            usuario_id: b.usuario_id,
            lote_id: a.loteId,
            chave: `${id}:${agora.toISOString()}`,
            dados: { buscaUid: b.uid, quantidade: a.quantidade },
          };
        });
        const q = await tx.execute(sql`
          INSERT INTO notificacao (hotsite_id, usuario_id, evento, lote_id, chave, dados)
          SELECT n.hotsite_id, n.usuario_id, 'busca-salva', n.lote_id, n.chave, n.dados
            FROM jsonb_to_recordset(${JSON.stringify(novas)}::jsonb)
                 AS n(hotsite_id int, usuario_id int, lote_id int, chave text, dados jsonb)
          ON CONFLICT DO NOTHING`);
        n = (q as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? (q as { affectedRows?: number }).affectedRows ?? 0;
      }
      await tx.execute(sql`UPDATE busca_salva SET visto_ate = ${agora} WHERE id = ANY(${`{${buscas.map((b) => b.id).join(',')}}`}::int[])`);
      return { n, ultimo: buscas[buscas.length - 1].id, cheio: buscas.length === POR_LOTE_DE_BUSCAS };
    });
    if (!r) break;
    enfileiradas += r.n;
    depoisDe = r.ultimo;
    if (!r.cheio) break;
  }
  return enfileiradas;
}
