import '~/utils/zod-pt-br';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { type Comitentes, filtroComitentes } from '~/modules/comitentes/usuarios-comitente.server';
import { linhas } from '~/utils/linhas.server';
import { COLUNAS_LOG, comoLog, DE_LOGS, LOG_COM_ERRO, type LinhaDeLog, type LogDoComitente, logsDosComitentes } from './logs.server';
import { PERIODOS_PAINEL } from './periodos';
import { integradoraSchema } from './tags.server';

/*
 * The integration dashboard (`/admin/dashboard-comitente-integracao`, ADM and seller users): over a period,
 * the volume of exchanges and errors per seller and per integrator, each seller's last event, and the last
 * events of the brand. A seller user's numbers count only their sellers' rows (logs.server.ts).
 */

export const filtroPainelSchema = z.object({
  dias: z.preprocess(
    (v) => (v === '' || v === undefined ? 30 : typeof v === 'string' && /^\d{1,3}$/.test(v) ? Number(v) : v),
    z.union(
      PERIODOS_PAINEL.map((d) => z.literal(d)),
      { error: `Período inválido: use ${PERIODOS_PAINEL.join(', ')} dias` },
    ),
  ),
  integradora: z.preprocess((v) => (v === '' ? undefined : v), integradoraSchema.optional()),
});

export interface VolumeDoComitente {
  comitenteId: number;
  nomeSite: string;
  veiculosIntegrados: number;
  eventos: number;
  erros: number;
  recebidos: number;
  enviados: number;
  ultimoEvento: LogDoComitente | null;
}

export interface PainelIntegracao {
  dias: number;
  integradora: string | null;
  totais: { eventos: number; erros: number; recebidos: number; enviados: number; tempoMedioMs: number | null };
  porIntegradora: { integradora: string; eventos: number; erros: number }[];
  porComitente: VolumeDoComitente[];
  ultimos: LogDoComitente[];
}

const n = (v: unknown) => Number(v ?? 0);

export async function painelDeIntegracao({
  db,
  hotsiteId,
  comitentes,
  filtro,
}: {
  db: Db;
  hotsiteId: number;
  comitentes: Comitentes;
  filtro: unknown;
}): Promise<PainelIntegracao> {
  const f = filtroPainelSchema.parse(filtro);
  const desde = new Date(Date.now() - f.dias * 24 * 3600 * 1000).toISOString();
  const onde = sql.join(
    [
      sql`l.hotsite_id = ${hotsiteId}`,
      logsDosComitentes(comitentes),
      sql`l.created_at >= ${desde}`,
      f.integradora ? sql`l.integradora = ${f.integradora}` : sql`TRUE`,
    ],
    sql` AND `,
  );
  const contagens = sql`count(*)::int AS eventos, count(*) FILTER (WHERE ${LOG_COM_ERRO})::int AS erros,
    count(*) FILTER (WHERE l.tipo = 'webhook')::int AS recebidos, count(*) FILTER (WHERE l.tipo <> 'webhook')::int AS enviados`;
  const [totais, porIntegradora, porComitente, ultimosDeCada, ultimos, integrados] = await Promise.all([
    db.execute(sql`SELECT ${contagens}, avg(l.tempo_resposta)::int AS "tempoMedioMs" FROM ${DE_LOGS} WHERE ${onde}`),
    db.execute(sql`SELECT l.integradora, ${contagens} FROM ${DE_LOGS} WHERE ${onde} GROUP BY l.integradora ORDER BY l.integradora`),
    db.execute(sql`SELECT c.id AS "comitenteId", c.nome_site AS "nomeSite", ${contagens}
                   FROM ${DE_LOGS} WHERE ${onde} AND c.id IS NOT NULL GROUP BY c.id, c.nome_site`),
    db.execute(sql`SELECT DISTINCT ON (c.id) ${COLUNAS_LOG} FROM ${DE_LOGS} WHERE ${onde} AND c.id IS NOT NULL
                   ORDER BY c.id, l.created_at DESC, l.id DESC`),
    db.execute(sql`SELECT ${COLUNAS_LOG} FROM ${DE_LOGS} WHERE ${onde} ORDER BY l.created_at DESC, l.id DESC LIMIT 20`),
    db.execute(sql`SELECT c.id AS "comitenteId", c.nome_site AS "nomeSite", count(*)::int AS veiculos
                   FROM comitente_integracao_veiculo iv
                   JOIN veiculo v ON v.id = iv.veiculo_id AND v.hotsite_id = iv.hotsite_id
                   JOIN comitente c ON c.id = v.comitente_id AND c.hotsite_id = iv.hotsite_id
                   WHERE iv.hotsite_id = ${hotsiteId} AND ${filtroComitentes(sql`v.comitente_id`, comitentes)}
                     ${f.integradora ? sql`AND iv.integradora = ${f.integradora}` : sql``}
                   GROUP BY c.id, c.nome_site`),
  ]);
  const t = linhas<Record<string, unknown>>(totais)[0] ?? {};
  const ultimoPorComitente = new Map(linhas<LinhaDeLog>(ultimosDeCada).map((l) => [Number(l.comitenteId), comoLog(l)]));
  const volumes = new Map<number, VolumeDoComitente>();
  for (const r of linhas<{ comitenteId: number; nomeSite: string; veiculos: number }>(integrados)) {
    const id = Number(r.comitenteId);
    volumes.set(id, {
      comitenteId: id,
      nomeSite: r.nomeSite,
      veiculosIntegrados: n(r.veiculos),
      eventos: 0,
      erros: 0,
      recebidos: 0,
      enviados: 0,
      ultimoEvento: null,
    });
  }
  for (const r of linhas<Record<string, unknown>>(porComitente)) {
    const id = Number(r.comitenteId);
    const atual = volumes.get(id);
    volumes.set(id, {
      comitenteId: id,
      nomeSite: String(r.nomeSite),
      veiculosIntegrados: atual?.veiculosIntegrados ?? 0,
      eventos: n(r.eventos),
      erros: n(r.erros),
      recebidos: n(r.recebidos),
      enviados: n(r.enviados),
      ultimoEvento: ultimoPorComitente.get(id) ?? null,
    });
  }
  return {
    dias: f.dias,
    integradora: f.integradora ?? null,
    totais: {
      eventos: n(t.eventos),
      erros: n(t.erros),
      recebidos: n(t.recebidos),
      enviados: n(t.enviados),
      tempoMedioMs: t.tempoMedioMs == null ? null : Number(t.tempoMedioMs),
    },
    porIntegradora: linhas<Record<string, unknown>>(porIntegradora).map((r) => ({
      integradora: String(r.integradora),
      eventos: n(r.eventos),
      erros: n(r.erros),
    })),
    // Most errors first, then most events: the seller that needs a look is on top.
    porComitente: [...volumes.values()].sort((a, b) => b.erros - a.erros || b.eventos - a.eventos || a.nomeSite.localeCompare(b.nomeSite)),
    ultimos: linhas<LinhaDeLog>(ultimos).map(comoLog),
  };
}
