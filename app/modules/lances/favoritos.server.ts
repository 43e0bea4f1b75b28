import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { paginacaoSchema } from '~/utils/entrada';
import type { Db } from '@db/client.server';
import { ErroHttp } from '~/utils/errors';
import { linhas } from '~/utils/linhas.server';
import { idValido } from '~/utils/id';

/**
 * Favourites (spec section 7): by vehicle uid, at most 999 per client. Creating an existing one answers
 * 409 'Favorito já existente', which the client reads as "already a favourite"; removing answers
 * 'Removido com sucesso'. The toggle removes if present, else creates.
 */
export const LIMITE_FAVORITOS = 999;
export const MENSAGENS_FAVORITO = {
  existente: 'Favorito já existente',
  removido: 'Removido com sucesso',
  criado: 'Adicionado aos favoritos',
  limite: `Limite de ${LIMITE_FAVORITOS} favoritos atingido`,
  naoEncontrado: 'Favorito não encontrado',
  loteNaoEncontrado: 'Lote não encontrado',
} as const;

export const veiUidSchema = z.object({ veiUid: z.string().uuid('veiUid inválido') });

export async function listarFavoritos({
  db,
  hotsiteId,
  usuarioId,
  limite = LIMITE_FAVORITOS,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  limite?: number;
}) {
  return linhas<{ id: number; veiUid: string; loteId: number | null; createdAt: string }>(
    await db.execute(sql`
      SELECT f.id, f.vei_uid AS "veiUid", l.id AS "loteId", f.created_at AS "createdAt"
        FROM favorito f
        LEFT JOIN veiculo v ON v.uid = f.vei_uid AND v.hotsite_id = f.hotsite_id
        LEFT JOIN LATERAL (SELECT id FROM lote WHERE veiculo_id = v.id ORDER BY id DESC LIMIT 1) l ON true
       WHERE f.usuario_id = ${usuarioId} AND f.hotsite_id = ${hotsiteId}
       ORDER BY f.id DESC LIMIT ${Math.min(limite, LIMITE_FAVORITOS)}`),
  );
}

export async function criarFavorito({
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
  const { veiUid } = veiUidSchema.parse(entrada);
  return db.transaction(async (tx) => {
    // Serialise a client's favourites so the limit holds under concurrent clicks.
    await tx.execute(sql`SELECT id FROM usuario WHERE id = ${usuarioId} FOR UPDATE`);
    const veiculo = linhas(await tx.execute(sql`SELECT 1 FROM veiculo WHERE uid = ${veiUid} AND hotsite_id = ${hotsiteId}`));
    if (veiculo.length === 0) throw new ErroHttp(404, MENSAGENS_FAVORITO.loteNaoEncontrado);
    const [{ n }] = linhas<{ n: number }>(
      await tx.execute(sql`SELECT count(*)::int AS n FROM favorito WHERE usuario_id = ${usuarioId} AND hotsite_id = ${hotsiteId}`),
    );
    const novo = linhas<{ id: number }>(
      await tx.execute(sql`INSERT INTO favorito (hotsite_id, usuario_id, vei_uid) VALUES (${hotsiteId}, ${usuarioId}, ${veiUid})
                            ON CONFLICT (usuario_id, vei_uid) DO NOTHING RETURNING id`),
    );
    if (novo.length === 0) throw new ErroHttp(409, MENSAGENS_FAVORITO.existente);
    if (n >= LIMITE_FAVORITOS) throw new ErroHttp(422, MENSAGENS_FAVORITO.limite);
    return { id: novo[0].id, veiUid, mensagem: MENSAGENS_FAVORITO.criado };
  });
}

/** By favourite id or by veiUid (the spec allows both). */
export async function removerFavorito({
  db,
  hotsiteId,
  usuarioId,
  id,
  veiUid,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  id?: number;
  veiUid?: string;
}) {
  const alvo =
    veiUid != null
      ? sql`vei_uid = ${veiUidSchema.parse({ veiUid }).veiUid}`
      : id != null && Number.isSafeInteger(id)
        ? sql`id = ${id}`
        : null;
  if (!alvo) throw new ErroHttp(400, 'Informe o favorito a remover');
  const r = linhas(
    await db.execute(sql`DELETE FROM favorito WHERE usuario_id = ${usuarioId} AND hotsite_id = ${hotsiteId} AND ${alvo} RETURNING id`),
  );
  if (r.length === 0) throw new ErroHttp(404, MENSAGENS_FAVORITO.naoEncontrado);
  return { mensagem: MENSAGENS_FAVORITO.removido };
}

/** Toggle (pages and cards): remove if present, else create. Answers whether it is now a favourite. */
export async function alternarFavorito({
  db,
  hotsiteId,
  usuarioId,
  veiUid,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  veiUid: string;
}) {
  const r = linhas(
    await db.execute(
      sql`DELETE FROM favorito WHERE usuario_id = ${usuarioId} AND hotsite_id = ${hotsiteId} AND vei_uid = ${veiUidSchema.parse({ veiUid }).veiUid} RETURNING id`,
    ),
  );
  if (r.length > 0) return { favorito: false, mensagem: MENSAGENS_FAVORITO.removido };
  try {
    await criarFavorito({ db, hotsiteId, usuarioId, entrada: { veiUid } });
  } catch (erro) {
    // Spec: 'Favorito já existente' is read as a favourite, not an error.
    if (!(erro instanceof ErroHttp && erro.mensagem === MENSAGENS_FAVORITO.existente)) throw erro;
  }
  return { favorito: true, mensagem: MENSAGENS_FAVORITO.criado };
}

/** Which of these lots are the client's favourites (the list cards' hearts): one indexed query. */
export async function lotesFavoritos({
  db,
  hotsiteId,
  usuarioId,
  loteIds,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  loteIds: number[];
}): Promise<Set<number>> {
  if (loteIds.length === 0) return new Set();
  const r = linhas<{ id: number }>(
    await db.execute(sql`
      SELECT l.id FROM favorito f
        JOIN veiculo v ON v.uid = f.vei_uid AND v.hotsite_id = f.hotsite_id
        JOIN lote l ON l.veiculo_id = v.id AND l.hotsite_id = f.hotsite_id
       WHERE f.usuario_id = ${usuarioId} AND f.hotsite_id = ${hotsiteId} AND l.id IN ${loteIds}`),
  );
  return new Set(r.map((x) => Number(x.id)));
}

/** The vehicle uid of a lot of the brand (a card's toggle posts the lot id), or a 404. */
export async function veiUidDoLote({ db, hotsiteId, loteId }: { db: Db; hotsiteId: number; loteId: unknown }): Promise<string> {
  const id = Number(loteId);
  const r = idValido(id)
    ? linhas<{ uid: string }>(
        await db.execute(
          sql`SELECT v.uid FROM lote l JOIN veiculo v ON v.id = l.veiculo_id WHERE l.id = ${id} AND l.hotsite_id = ${hotsiteId}`,
        ),
      )
    : [];
  if (r.length === 0) throw new ErroHttp(404, MENSAGENS_FAVORITO.loteNaoEncontrado);
  return String(r[0].uid);
}

export const paginaSchema = paginacaoSchema({ porPaginaMaximo: 100, porPaginaPadrao: 50 });

/** GET /v1/lote/buscar-favoritos?pagina=1&porPagina=50: the favourite lots as cards, newest favourite first. */
export async function buscarLotesFavoritos({
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
  const { pagina, porPagina } = paginaSchema.parse(entrada);
  const itens = linhas<Record<string, unknown>>(
    await db.execute(sql`
      SELECT l.id, l.uid, v.uid AS "veiUid", l.nome, l.numero, l.situacao, l.data_fim AS "dataFim", l.valor_atual AS "valorAtual",
             l.minimo, l.incremento, l.ultimo_lance_valor AS "lance", l.localizacao_cidade AS "localizacaoCidade",
             l.localizacao_uf AS "localizacaoUf", l.categoria, l.marca_nome AS "marcaNome", l.modelo, l.ano_modelo AS "anoModelo",
             f.id AS "favoritoId", count(*) OVER () AS total
        FROM favorito f
        JOIN veiculo v ON v.uid = f.vei_uid AND v.hotsite_id = f.hotsite_id
        JOIN LATERAL (SELECT * FROM lote WHERE veiculo_id = v.id AND hotsite_id = ${hotsiteId} ORDER BY id DESC LIMIT 1) l ON true
       WHERE f.usuario_id = ${usuarioId} AND f.hotsite_id = ${hotsiteId}
       ORDER BY f.id DESC
       LIMIT ${porPagina} OFFSET ${(pagina - 1) * porPagina}`),
  );
  const total = itens.length ? Number(itens[0].total) : 0;
  const texto = (v: unknown) => (v == null ? null : String(v));
  return {
    total,
    pagina,
    porPagina,
    itens: itens.map((i) => ({
      id: i.id as number,
      uid: String(i.uid),
      veiUid: String(i.veiUid),
      favoritoId: i.favoritoId as number,
      nome: String(i.nome),
      numero: String(i.numero),
      situacao: String(i.situacao),
      dataFim: i.dataFim ? new Date(i.dataFim as string).toISOString() : null,
      valorAtual: Number(i.valorAtual),
      minimo: Number(i.minimo),
      incremento: Number(i.incremento),
      lance: i.lance == null ? null : Number(i.lance),
      localizacaoCidade: texto(i.localizacaoCidade),
      localizacaoUf: texto(i.localizacaoUf),
      categoria: texto(i.categoria),
      marcaNome: texto(i.marcaNome),
      modelo: texto(i.modelo),
      anoModelo: i.anoModelo == null ? null : Number(i.anoModelo),
    })),
  };
}
