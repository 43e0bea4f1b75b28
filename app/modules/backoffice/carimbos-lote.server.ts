import '~/utils/zod-pt-br';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '@db/client.server';
import type { CarimboDoLote } from '@db/schema';
import { registrarAlteracao } from '~/modules/identidade/permissoes-marca.server';
import { textoLivre } from '~/utils/entrada';
import { ErroHttp, naoEncontrado } from '~/utils/errors';
import { ID_MAXIMO } from '~/utils/id';
import { linhas } from '~/utils/linhas.server';
import { booleano, inteiro, urlOpcional } from '~/modules/dominio/campos';

/*
 * Lot badges (carimbos; spec 001 search result `carimbos`: nome, urlCard, urlLote, link; decision 086). The
 * brand keeps a list (`carimbo_lote`, managed by ADM beside the photo stamps); staff pick badges for a lot on
 * the lot form. The lot keeps a copy (`lote.carimbos`), so cards and the lot page read them with the lot, and
 * writing it bumps the lot's `updated_at`: the change feed (`lote_alteracao`) then drops the card from every
 * instance's cache. Editing or deactivating a badge rewrites the copy on the lots that carry it.
 */

export const CARIMBOS_POR_LOTE = 5;
export const MENSAGENS_CARIMBO_LOTE = {
  naoEncontrado: 'Carimbo não encontrado',
  nomeRepetido: 'Já existe um carimbo com este nome',
  inativo: 'Carimbo inativo ou de outra marca',
  demais: `Escolha no máximo ${CARIMBOS_POR_LOTE} carimbos por lote`,
} as const;

export const carimboLoteSchema = z.object({
  nome: z.preprocess((v) => v ?? '', textoLivre(40).pipe(z.string().min(2, 'Informe o nome do carimbo'))),
  urlCard: urlOpcional('Endereço da imagem do card inválido'),
  urlLote: urlOpcional('Endereço da imagem do lote inválido'),
  link: urlOpcional('Link inválido'),
  ativo: booleano.default(true),
});

const idCarimbo = inteiro(1, ID_MAXIMO, MENSAGENS_CARIMBO_LOTE.naoEncontrado);

/** The ids picked on the lot form (checkboxes `carimbo` repeated, or a list). */
export const carimbosDoLoteSchema = z.object({
  carimbos: z.preprocess(
    (v) => (v == null || v === '' ? [] : Array.isArray(v) ? v : [v]),
    z.array(idCarimbo).max(CARIMBOS_POR_LOTE, MENSAGENS_CARIMBO_LOTE.demais),
  ),
});

export interface CarimboLote {
  id: number;
  uid: string;
  nome: string;
  urlCard: string | null;
  urlLote: string | null;
  link: string | null;
  ativo: boolean;
  lotes: number;
}

/** The brand's badges by name, with how many lots carry each. */
export async function listarCarimbosLote({ db, hotsiteId, ativos = false }: { db: Db; hotsiteId: number; ativos?: boolean }) {
  return linhas<CarimboLote>(
    await db.execute(sql`SELECT c.id, c.uid, c.nome, c.url_card AS "urlCard", c.url_lote AS "urlLote", c.link, c.ativo,
        (SELECT count(*)::int FROM lote l WHERE l.hotsite_id = ${hotsiteId} AND l.carimbos @> jsonb_build_array(jsonb_build_object('id', c.id))) AS lotes
      FROM carimbo_lote c WHERE c.hotsite_id = ${hotsiteId} ${ativos ? sql`AND c.ativo` : sql``} ORDER BY c.nome`),
  ).map((c) => ({ ...c, id: Number(c.id), lotes: Number(c.lotes) }));
}

/** Rewrites the copy of these badges on every lot of the brand that carries one (dropping inactive ones). */
async function reescreverNosLotes(tx: Tx, hotsiteId: number, ids: number[]) {
  if (!ids.length) return;
  await tx.execute(sql`UPDATE lote l SET carimbos = coalesce((
        SELECT jsonb_agg(jsonb_build_object('id', c.id, 'nome', c.nome, 'urlCard', c.url_card, 'urlLote', c.url_lote, 'link', c.link) ORDER BY e.ordem)
          FROM jsonb_array_elements(l.carimbos) WITH ORDINALITY AS e(item, ordem)
          JOIN carimbo_lote c ON c.hotsite_id = ${hotsiteId} AND c.id = (e.item->>'id')::int AND c.ativo), '[]'::jsonb),
        sequencia = l.sequencia + 1
      WHERE l.hotsite_id = ${hotsiteId}
        AND l.carimbos @> ANY (ARRAY[${sql.join(
          ids.map((id) => sql`jsonb_build_array(jsonb_build_object('id', ${id}::int))`),
          sql`, `,
        )}])`);
}

/** Creates (id null) or edits a badge; an edit reaches the lots that carry it. */
export async function salvarCarimboLote({
  db,
  hotsiteId,
  usuarioId,
  id,
  entrada,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  id: number | null;
  entrada: unknown;
}) {
  const e = carimboLoteSchema.parse(entrada);
  return db.transaction(async (tx) => {
    const [repetido] = linhas(
      await tx.execute(sql`SELECT 1 FROM carimbo_lote WHERE hotsite_id = ${hotsiteId} AND lower(nome) = lower(${e.nome})
                             ${id === null ? sql`` : sql`AND id <> ${id}`}`),
    );
    if (repetido) throw new ErroHttp(409, MENSAGENS_CARIMBO_LOTE.nomeRepetido, { nome: [MENSAGENS_CARIMBO_LOTE.nomeRepetido] });
    let salvo: number;
    if (id === null) {
      const [r] = linhas<{ id: number }>(
        await tx.execute(sql`INSERT INTO carimbo_lote (hotsite_id, nome, url_card, url_lote, link, ativo)
          VALUES (${hotsiteId}, ${e.nome}, ${e.urlCard ?? null}, ${e.urlLote ?? null}, ${e.link ?? null}, ${e.ativo}) RETURNING id`),
      );
      salvo = Number(r.id);
    } else {
      const r =
        await tx.execute(sql`UPDATE carimbo_lote SET nome = ${e.nome}, url_card = ${e.urlCard ?? null}, url_lote = ${e.urlLote ?? null},
          link = ${e.link ?? null}, ativo = ${e.ativo}, updated_at = now() WHERE hotsite_id = ${hotsiteId} AND id = ${id} RETURNING id`);
      if (!linhas(r).length) throw naoEncontrado(MENSAGENS_CARIMBO_LOTE.naoEncontrado);
      salvo = id;
      await reescreverNosLotes(tx, hotsiteId, [id]);
    }
    await registrarAlteracao(tx, {
      hotsiteId,
      usuarioId,
      entidade: 'carimbo_lote',
      entidadeId: salvo,
      acao: id === null ? 'criou' : 'alterou',
    });
    return { id: salvo };
  });
}

/** Sets the badges of one lot (in the order given); only the brand's active badges. */
export async function definirCarimbosDoLote({
  db,
  hotsiteId,
  usuarioId,
  loteId,
  entrada,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  loteId: number;
  entrada: unknown;
}): Promise<CarimboDoLote[]> {
  const ids = [...new Set(carimbosDoLoteSchema.parse(entrada).carimbos)];
  return db.transaction(async (tx) => {
    const achados = ids.length
      ? linhas<CarimboDoLote>(
          await tx.execute(sql`SELECT id, nome, url_card AS "urlCard", url_lote AS "urlLote", link FROM carimbo_lote
                                WHERE hotsite_id = ${hotsiteId} AND ativo AND id IN (${sql.join(
                                  ids.map((i) => sql`${i}`),
                                  sql`, `,
                                )})`),
        ).map((c) => ({ ...c, id: Number(c.id) }))
      : [];
    if (achados.length !== ids.length)
      throw new ErroHttp(400, MENSAGENS_CARIMBO_LOTE.inativo, { carimbos: [MENSAGENS_CARIMBO_LOTE.inativo] });
    const copia = ids.map((i) => achados.find((c) => c.id === i)!);
    const r = await tx.execute(sql`UPDATE lote SET carimbos = ${JSON.stringify(copia)}::jsonb, sequencia = sequencia + 1
                                     WHERE hotsite_id = ${hotsiteId} AND id = ${loteId} RETURNING id`);
    if (!linhas(r).length) throw naoEncontrado('Lote não encontrado');
    await registrarAlteracao(tx, {
      hotsiteId,
      usuarioId,
      entidade: 'lote',
      entidadeId: loteId,
      acao: 'alterou',
      detalhes: { carimbos: copia.map((c) => c.nome) },
    });
    return copia;
  });
}
