import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { hotsite, manutencaoPlataforma, usuario } from '@db/schema';
import type { HotsiteCache } from '~/modules/hotsites/hotsite-cache.server';
import { SITUACOES_EM_DISPUTA } from '~/modules/dominio/situacoes';
import { booleano } from '~/modules/dominio/campos';
import { operacoes } from '~/locales/pt-BR/operacoes';
import type { Hub } from '~/realtime/hub.server';
import { salas } from '~/realtime/protocol';
import { dataSchema, textoLivre } from '~/utils/entrada';
import { ErroHttp } from '~/utils/errors';
import { idSchema } from '~/utils/id';
import type { JanelaDeManutencao } from './manutencao';

const m = operacoes.manutencao;

/**
 * The brand's windows that have not ended, kept per brand in the brand cache (dropped on the bus's
 * `hotsite-alterado`, which scheduling and cancelling publish): every request asks, so it must not
 * cost a query.
 */
export function janelasDaMarca({ db, hotsites, hotsiteId }: { db: Db; hotsites: HotsiteCache; hotsiteId: number }) {
  return hotsites.daMarca<JanelaDeManutencao[]>('manutencao', hotsiteId, () =>
    db
      .select({
        id: manutencaoPlataforma.id,
        inicio: manutencaoPlataforma.inicio,
        fim: manutencaoPlataforma.fim,
        mensagem: manutencaoPlataforma.mensagem,
      })
      .from(manutencaoPlataforma)
      .where(
        and(
          eq(manutencaoPlataforma.hotsiteId, hotsiteId),
          isNull(manutencaoPlataforma.canceladaEm),
          gt(manutencaoPlataforma.fim, sql`now()`),
        ),
      ),
  );
}

export async function listarManutencoes({ db, hotsiteId }: { db: Db; hotsiteId: number }) {
  const linhas = await db
    .select({
      id: manutencaoPlataforma.id,
      grupo: manutencaoPlataforma.grupo,
      inicio: manutencaoPlataforma.inicio,
      fim: manutencaoPlataforma.fim,
      mensagem: manutencaoPlataforma.mensagem,
      lotesMovidos: manutencaoPlataforma.lotesMovidos,
      canceladaEm: manutencaoPlataforma.canceladaEm,
      criadoPor: usuario.nome,
      todas: sql<boolean>`(SELECT count(*) > 1 FROM manutencao_plataforma g WHERE g.grupo = ${manutencaoPlataforma.grupo})`,
    })
    .from(manutencaoPlataforma)
    .leftJoin(usuario, eq(usuario.id, manutencaoPlataforma.criadoPorId))
    .where(eq(manutencaoPlataforma.hotsiteId, hotsiteId))
    .orderBy(desc(manutencaoPlataforma.inicio))
    .limit(50);
  return linhas;
}

export const manutencaoSchema = z
  .object({
    inicio: dataSchema({ mensagem: 'Informe o início da manutenção' }),
    fim: dataSchema({ mensagem: 'Informe o fim da manutenção' }),
    mensagem: z.preprocess((v) => (typeof v === 'string' && v.trim() ? v : m.mensagemPadrao), textoLivre(300)),
    todas: booleano.optional(),
  })
  .refine((e) => e.fim > e.inicio, { message: m.fimAntesDoInicio, path: ['fim'] });

/**
 * Schedules a window for this brand or, with `todas`, for every brand (one row each, one `grupo`). In the
 * same transaction every open lot of those brands whose closing falls inside the window is moved past
 * its end by the window's length (order and spacing kept; decision 193), its sequence number bumped
 * under the row lock; after commit each lot room hears the new end and every instance drops its cache.
 */
export async function agendarManutencao({
  db,
  hub,
  hotsites,
  hotsiteId,
  usuarioId,
  entrada,
  agora = new Date(),
}: {
  db: Db;
  hub: Hub;
  hotsites: HotsiteCache;
  hotsiteId: number;
  usuarioId: number;
  entrada: unknown;
  agora?: Date;
}) {
  const e = manutencaoSchema.parse(entrada);
  if (e.fim <= agora) throw new ErroHttp(400, m.fimNoPassado, { fim: [m.fimNoPassado] });
  const { movidos, marcas } = await db.transaction(async (tx) => {
    const marcas = e.todas ? (await tx.select({ id: hotsite.id }).from(hotsite)).map((h) => h.id) : [hotsiteId];
    const [primeira] = await tx
      .insert(manutencaoPlataforma)
      .values({ hotsiteId: marcas[0]!, inicio: e.inicio, fim: e.fim, mensagem: e.mensagem, criadoPorId: usuarioId })
      .returning({ grupo: manutencaoPlataforma.grupo });
    if (marcas.length > 1) {
      await tx.insert(manutencaoPlataforma).values(
        marcas.slice(1).map((id) => ({
          hotsiteId: id,
          grupo: primeira!.grupo,
          inicio: e.inicio,
          fim: e.fim,
          mensagem: e.mensagem,
          criadoPorId: usuarioId,
        })),
      );
    }
    const { rows } = (await tx.execute(sql`
      UPDATE lote l
         SET data_fim = l.data_fim + (${e.fim.toISOString()}::timestamptz - ${e.inicio.toISOString()}::timestamptz),
             sequencia = l.sequencia + 1, updated_at = now()
        FROM veiculo v
       WHERE v.id = l.veiculo_id AND l.hotsite_id IN (${sql.join(
         marcas.map((id) => sql`${id}`),
         sql`, `,
       )})
         AND l.situacao IN (${sql.join(
           SITUACOES_EM_DISPUTA.map((s) => sql`${s}`),
           sql`, `,
         )})
         AND l.finalizacao_manual = false
         AND l.data_fim >= ${e.inicio.toISOString()}::timestamptz AND l.data_fim < ${e.fim.toISOString()}::timestamptz
      RETURNING l.id, l.hotsite_id, v.uid AS vei_uid, l.data_fim, l.sequencia, l.situacao`)) as unknown as {
      rows: { id: number; hotsite_id: number; vei_uid: string; data_fim: string | Date; sequencia: number; situacao: string }[];
    };
    const porMarca = new Map<number, number>();
    for (const r of rows) porMarca.set(r.hotsite_id, (porMarca.get(r.hotsite_id) ?? 0) + 1);
    for (const [id, n] of porMarca) {
      await tx
        .update(manutencaoPlataforma)
        .set({ lotesMovidos: n })
        .where(and(eq(manutencaoPlataforma.grupo, primeira!.grupo), eq(manutencaoPlataforma.hotsiteId, id)));
    }
    return { movidos: rows, marcas };
  });
  // Bidders watching a moved lot see its new closing time at once (the lot room's update, in order by seq).
  for (const r of movidos) {
    await hub.publicar(r.hotsite_id, salas.lote(r.vei_uid), {
      event: 'on-elastic-response',
      data: { loteId: r.id, veiUid: r.vei_uid, dataFim: new Date(r.data_fim).toISOString(), situacao: r.situacao, seq: r.sequencia },
    });
  }
  await hotsites.hotsiteAlterado(marcas[0]!);
  return { lotesMovidos: movidos.filter((r) => r.hotsite_id === hotsiteId).length, marcas: marcas.length };
}

/** Cancels a window of this brand that has not ended (lots already moved stay moved). */
export async function cancelarManutencao({
  db,
  hotsites,
  hotsiteId,
  id,
}: {
  db: Db;
  hotsites: HotsiteCache;
  hotsiteId: number;
  id: unknown;
}) {
  const mid = idSchema(m.naoEncontrada).parse(id);
  const [j] = await db
    .select({ fim: manutencaoPlataforma.fim, canceladaEm: manutencaoPlataforma.canceladaEm })
    .from(manutencaoPlataforma)
    .where(and(eq(manutencaoPlataforma.id, mid), eq(manutencaoPlataforma.hotsiteId, hotsiteId)));
  if (!j || j.canceladaEm) throw new ErroHttp(404, m.naoEncontrada);
  if (j.fim <= new Date()) throw new ErroHttp(409, m.jaEncerrada);
  await db
    .update(manutencaoPlataforma)
    .set({ canceladaEm: new Date() })
    .where(and(eq(manutencaoPlataforma.id, mid), eq(manutencaoPlataforma.hotsiteId, hotsiteId)));
  await hotsites.hotsiteAlterado(hotsiteId);
}
