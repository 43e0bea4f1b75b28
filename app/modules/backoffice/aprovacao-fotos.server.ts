import '~/utils/zod-pt-br';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { leilao, lote, loteFoto } from '@db/schema';
import { registrarAlteracao } from '~/modules/identidade/permissoes-marca.server';
import type { Hub } from '~/realtime/hub.server';
import { ErroHttp } from '~/utils/errors';
import { leilaoDaMarca } from './documentos-leilao.server';
import { renumerar } from './fotos.server';
import { comoPublicado, type LinhaLote } from './leiloes.server';
import { publicarLotes } from './publicacao.server';

/*
 * Approving the photos of an auction's lots before they go public (/admin/aprovar-fotos-leilao, Dev;
 * decision 069). The spec names the screen, not its flow: an auction asks for approval with its
 * `aprovarFotos` flag; while it does, photos stored for its lots wait (`lote_foto.aprovada` false) and
 * the public site, the cards and the auditorium show only approved ones. Photos already public stay as
 * they are when the flag is turned on; turning it off does not publish the waiting ones either (they
 * are approved or refused here).
 */

export const MENSAGENS_APROVACAO = {
  nenhumaFoto: 'Escolha ao menos uma foto',
  fotoNaoEncontrada: 'Foto não encontrada neste leilão',
} as const;

const ids = z
  .array(
    z.preprocess(
      (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v),
      z.number({ error: MENSAGENS_APROVACAO.fotoNaoEncontrada }).int().min(1).max(2_147_483_647),
    ),
  )
  .min(1, MENSAGENS_APROVACAO.nenhumaFoto)
  .max(1000, 'No máximo 1000 fotos por vez');

/** The auction's lots with their photos, waiting ones first. */
export async function fotosDoLeilao({ db, hotsiteId, leilaoUid }: { db: Db; hotsiteId: number; leilaoUid: string }) {
  const l = await leilaoDaMarca(db, hotsiteId, leilaoUid);
  const linhas = await db
    .select({
      id: loteFoto.id,
      loteId: lote.id,
      numero: lote.numero,
      nome: lote.nome,
      ordem: loteFoto.ordem,
      url: loteFoto.url,
      urlMiniatura: loteFoto.urlMiniatura,
      aprovada: loteFoto.aprovada,
    })
    .from(loteFoto)
    .innerJoin(lote, eq(lote.id, loteFoto.loteId))
    .where(and(eq(loteFoto.hotsiteId, hotsiteId), eq(lote.leilaoId, l.id)))
    .orderBy(asc(loteFoto.aprovada), asc(lote.numero), asc(loteFoto.ordem))
    .limit(2000);
  return {
    leilao: { id: l.id, uid: l.uid, nome: l.nome, aprovarFotos: l.aprovarFotos },
    aguardando: linhas.filter((f) => !f.aprovada),
    aprovadas: linhas.filter((f) => f.aprovada).length,
  };
}

/** Turns the auction's approval requirement on or off. */
export async function exigirAprovacao({
  db,
  hotsiteId,
  usuarioId,
  leilaoUid,
  exigir,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  leilaoUid: string;
  exigir: boolean;
}) {
  const l = await leilaoDaMarca(db, hotsiteId, leilaoUid);
  await db.transaction(async (tx) => {
    await tx
      .update(leilao)
      .set({ aprovarFotos: exigir, updatedAt: new Date() })
      .where(and(eq(leilao.hotsiteId, hotsiteId), eq(leilao.id, l.id)));
    await registrarAlteracao(tx, {
      hotsiteId,
      usuarioId,
      entidade: 'leilao',
      entidadeId: l.id,
      acao: 'alterou',
      detalhes: { aprovarFotos: exigir },
    });
  });
}

/**
 * Approves (publishes) or refuses (removes) photos of the auction's lots; every id must be a photo of a
 * lot of this auction. The lots' photo counts follow and their pages hear it after commit.
 */
export async function decidirFotos({
  db,
  hub,
  hotsiteId,
  usuarioId,
  leilaoUid,
  decisao,
  fotoIds,
}: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  usuarioId: number;
  leilaoUid: string;
  decisao: 'aprovar' | 'reprovar';
  fotoIds: unknown;
}) {
  const lista = ids.parse(fotoIds);
  const l = await leilaoDaMarca(db, hotsiteId, leilaoUid);
  const linhas = await db.transaction(async (tx) => {
    const fotos = await tx
      .select({ id: loteFoto.id, loteId: loteFoto.loteId })
      .from(loteFoto)
      .innerJoin(lote, eq(lote.id, loteFoto.loteId))
      .where(and(eq(loteFoto.hotsiteId, hotsiteId), eq(lote.leilaoId, l.id), inArray(loteFoto.id, lista)));
    if (fotos.length !== new Set(lista).size) throw new ErroHttp(404, MENSAGENS_APROVACAO.fotoNaoEncontrada);
    const lotes = [...new Set(fotos.map((f) => f.loteId))].sort((a, b) => a - b);
    for (const id of lotes) await tx.select({ id: lote.id }).from(lote).where(eq(lote.id, id)).for('update');
    if (decisao === 'aprovar') await tx.update(loteFoto).set({ aprovada: true }).where(inArray(loteFoto.id, lista));
    else await tx.delete(loteFoto).where(inArray(loteFoto.id, lista));
    const publicar: LinhaLote[] = [];
    for (const loteId of lotes) {
      const restantes = (
        await tx
          .select({ id: loteFoto.id })
          .from(loteFoto)
          .where(eq(loteFoto.loteId, loteId))
          .orderBy(asc(loteFoto.ordem), asc(loteFoto.id))
      ).map((f) => f.id);
      publicar.push(...(await renumerar(tx, hotsiteId, loteId, restantes)));
    }
    await registrarAlteracao(tx, {
      hotsiteId,
      usuarioId,
      entidade: 'leilao',
      entidadeId: l.id,
      acao: 'alterou',
      detalhes: { fotos: decisao, quantidade: lista.length },
    });
    return publicar;
  });
  await publicarLotes(hub, hotsiteId, linhas.map(comoPublicado));
  return { quantidade: lista.length };
}
