import { sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { linhas } from '~/utils/linhas.server';
import { enfileirarAtualizacao } from './atualizacoes.server';
import { destinoDaEtapaAutomatica, ETAPAS_DO_PATIO, etapaSeguinte, type EtapaDoPatio } from './etapas';

/*
 * The sale stages the lot and the vehicle reach (decision 204): the triggers of migration 0042 write them into
 * `remocao_etapa_automatica` in the lot's or the vehicle's own transaction; this reports them, one removal at a
 * time and in the order they came. Each one is claimed with the removal locked, so two instances never report it
 * twice, and it turns into the insurer's status update (the outbox of decision 172) in the same transaction that
 * marks it reported. A stage that must wait (the sale before the insurer's S08) holds the ones after it.
 */

/** How long a waiting stage sleeps before it is looked at again. */
const ESPERA = sql`interval '30 seconds'`;

interface Pendente {
  id: number;
  hotsiteId: number;
  remocaoId: number;
  codigo: string;
  origem: string;
}

/** Reports the due stages, up to `lote`; answers how many ended each way. */
export async function aplicarEtapasAutomaticas({ db, lote = 50 }: { db: Db; lote?: number }) {
  const contagem = { informada: 0, esperando: 0, ignorada: 0 };
  for (let i = 0; i < lote; i++) {
    const feito = await db.transaction(async (tx) => {
      // The oldest due stage of a removal nobody else holds; its older siblings come first.
      const [p] = linhas<Pendente>(
        await tx.execute(sql`SELECT a.id, a.hotsite_id AS "hotsiteId", a.remocao_id AS "remocaoId", a.codigo, a.origem
            FROM remocao_etapa_automatica a
           WHERE a.situacao = 'pendente' AND a.proxima_em <= now()
             AND NOT EXISTS (SELECT 1 FROM remocao_etapa_automatica b
                              WHERE b.remocao_id = a.remocao_id AND b.situacao = 'pendente' AND b.id < a.id)
           ORDER BY a.proxima_em, a.id LIMIT 1 FOR UPDATE SKIP LOCKED`),
      );
      if (!p) return null;
      const [r] = linhas<{ situacao: string; etapa: string | null; autorizada: boolean }>(
        await tx.execute(sql`SELECT situacao, etapa, autorizado_at IS NOT NULL AS autorizada FROM remocao
            WHERE id = ${p.remocaoId} AND hotsite_id = ${p.hotsiteId} FOR UPDATE`),
      );
      const codigo = p.codigo as EtapaDoPatio;
      const destino =
        !r || !ETAPAS_DO_PATIO.includes(codigo)
          ? { tipo: 'ignorar' as const, motivo: 'Etapa desconhecida' }
          : destinoDaEtapaAutomatica(codigo, r);
      if (destino.tipo === 'esperar') {
        // Every pending stage of this removal waits with it, so none overtakes it.
        await tx.execute(sql`UPDATE remocao_etapa_automatica SET proxima_em = now() + ${ESPERA}, motivo = ${destino.motivo}, updated_at = now()
            WHERE remocao_id = ${p.remocaoId} AND situacao = 'pendente'`);
        return 'esperando' as const;
      }
      if (destino.tipo === 'ignorar') {
        await tx.execute(sql`UPDATE remocao_etapa_automatica SET situacao = 'ignorada', motivo = ${destino.motivo}, updated_at = now()
            WHERE id = ${p.id}`);
        return 'ignorada' as const;
      }
      await tx.execute(sql`UPDATE remocao SET etapa = ${etapaSeguinte(r!.etapa, codigo)}, updated_at = now() WHERE id = ${p.remocaoId}`);
      await enfileirarAtualizacao(tx, { hotsiteId: p.hotsiteId, remocaoId: p.remocaoId, codigo, mensagem: null });
      await tx.execute(
        sql`UPDATE remocao_etapa_automatica SET situacao = 'informada', motivo = NULL, updated_at = now() WHERE id = ${p.id}`,
      );
      return 'informada' as const;
    });
    if (!feito) break;
    contagem[feito]++;
  }
  return contagem;
}

/** A removal's stages from the lot and the vehicle, as its screen lists them. */
export async function etapasAutomaticasDaRemocao(
  db: Pick<Db, 'execute'>,
  { hotsiteId, remocaoId }: { hotsiteId: number; remocaoId: number },
) {
  return linhas<{ codigo: string; origem: string; situacao: string; motivo: string | null; createdAt: string }>(
    await db.execute(sql`SELECT codigo, origem, situacao, motivo, created_at AS "createdAt" FROM remocao_etapa_automatica
        WHERE hotsite_id = ${hotsiteId} AND remocao_id = ${remocaoId} ORDER BY id`),
  ).map((e) => ({ ...e, createdAt: new Date(e.createdAt).toISOString() }));
}
