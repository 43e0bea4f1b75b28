import { and, asc, eq, max, sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { leilao, lote, loteFoto, veiculo } from '@db/schema';
import { salvarArquivo } from '~/modules/hotsites/onboard.server';
import type { Hub } from '~/realtime/hub.server';
import { sharp as carregarSharp } from '~/utils/bibliotecas.server';
import { ErroHttp, naoEncontrado } from '~/utils/errors';
import { aplicarCarimbos, carimbosAtivos } from './carimbos.server';
import { comoPublicado, type LinhaLote } from './leiloes.server';
import { publicarLotes } from './publicacao.server';

/*
 * Lot photos uploaded in the back office (decision 041). Each upload is decoded and re-encoded by
 * sharp (libvips): auto-rotated by its EXIF, EXIF dropped, resized to at most 1600 px wide as WebP,
 * plus a 400×300 WebP thumbnail. Both are stored as brand files (hotsite_arquivo, by content hash) and
 * served from /marca/arquivo/<sha256>.webp with a year-long immutable cache.
 */

export const FOTOS_POR_ENVIO = 30;
export const MENSAGEM_NAO_E_IMAGEM = 'Arquivo não é uma imagem JPEG, PNG ou WebP';

export async function processarFoto(conteudo: Buffer): Promise<{ foto: Buffer; miniatura: Buffer }> {
  const sharp = await carregarSharp();
  let meta;
  try {
    meta = await sharp(conteudo).metadata();
  } catch {
    throw new ErroHttp(400, MENSAGEM_NAO_E_IMAGEM);
  }
  if (!meta.format || !['jpeg', 'png', 'webp'].includes(meta.format)) throw new ErroHttp(400, MENSAGEM_NAO_E_IMAGEM);
  if ((meta.width ?? 0) * (meta.height ?? 0) > 60_000_000) throw new ErroHttp(400, 'Imagem grande demais: no máximo 60 megapixels');
  try {
    const base = sharp(conteudo, { limitInputPixels: 60_000_000 }).rotate();
    const [foto, miniatura] = await Promise.all([
      base.clone().resize({ width: 1600, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
      base.clone().resize(400, 300, { fit: 'cover' }).webp({ quality: 70 }).toBuffer(),
    ]);
    return { foto, miniatura };
  } catch {
    throw new ErroHttp(400, MENSAGEM_NAO_E_IMAGEM);
  }
}

/** The lot whose photos the vehicle screen manages: the vehicle's most recent lot. */
export async function loteAtualDoVeiculo({ db, hotsiteId, veiculoUid }: { db: Db; hotsiteId: number; veiculoUid: string }) {
  const [l] = await db
    .select({ id: lote.id })
    .from(lote)
    .innerJoin(veiculo, eq(veiculo.id, lote.veiculoId))
    .where(and(eq(lote.hotsiteId, hotsiteId), eq(veiculo.uid, veiculoUid)))
    .orderBy(sql`${lote.id} desc`)
    .limit(1);
  return l?.id ?? null;
}

export async function fotosDoLote({ db, hotsiteId, loteId }: { db: Db; hotsiteId: number; loteId: number }) {
  return db
    .select({
      id: loteFoto.id,
      ordem: loteFoto.ordem,
      url: loteFoto.url,
      urlMiniatura: loteFoto.urlMiniatura,
      descricao: loteFoto.descricao,
      aprovada: loteFoto.aprovada,
    })
    .from(loteFoto)
    .where(and(eq(loteFoto.hotsiteId, hotsiteId), eq(loteFoto.loteId, loteId)))
    .orderBy(asc(loteFoto.ordem), asc(loteFoto.id));
}

/**
 * Renumbers the photos 1..n in the given order and keeps the lot's photo count (the feed sees it): the
 * count is of the approved photos, the ones the public site shows (decision 069).
 */
export async function renumerar(tx: Parameters<Parameters<Db['transaction']>[0]>[0], hotsiteId: number, loteId: number, ids: number[]) {
  for (const [i, id] of ids.entries()) {
    await tx
      .update(loteFoto)
      .set({ ordem: i + 1 })
      .where(and(eq(loteFoto.id, id), eq(loteFoto.loteId, loteId), eq(loteFoto.hotsiteId, hotsiteId)));
  }
  const { rows } = (await tx.execute(sql`
    UPDATE lote l SET quantidade_fotos = (SELECT count(*)::int FROM lote_foto f WHERE f.lote_id = l.id AND f.aprovada), sequencia = l.sequencia + 1 FROM veiculo v
     WHERE l.id = ${loteId} AND l.hotsite_id = ${hotsiteId} AND v.id = l.veiculo_id
    RETURNING l.id, v.uid AS vei_uid, l.situacao, l.data_fim, l.minimo, l.incremento, l.ultimo_lance_valor, l.sequencia`)) as unknown as {
    rows: LinhaLote[];
  };
  return rows;
}

async function conferirLote(db: Db, hotsiteId: number, loteId: number) {
  const [l] = await db
    .select({ id: lote.id })
    .from(lote)
    .where(and(eq(lote.hotsiteId, hotsiteId), eq(lote.id, loteId)));
  if (!l) throw naoEncontrado('Lote não encontrado');
}

/** Adds photos at the end of the lot's gallery (the first photo is the cover). */
export async function adicionarFotos({
  db,
  hub,
  hotsiteId,
  loteId,
  arquivos,
}: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  loteId: number;
  arquivos: { nome: string; conteudo: Buffer }[];
}) {
  if (!arquivos.length) throw new ErroHttp(400, 'Escolha ao menos uma foto');
  if (arquivos.length > FOTOS_POR_ENVIO) throw new ErroHttp(400, `Envie no máximo ${FOTOS_POR_ENVIO} fotos por vez`);
  await conferirLote(db, hotsiteId, loteId);
  // Decode and stamp outside the transaction: image work is slow and needs no lock.
  const carimbos = await carimbosAtivos(db, hotsiteId);
  const processadas: { nome: string; foto: Buffer; miniatura: Buffer }[] = [];
  for (const a of arquivos) {
    const p = await processarFoto(a.conteudo);
    processadas.push({
      nome: a.nome,
      foto: await aplicarCarimbos(p.foto, carimbos, 80),
      miniatura: await aplicarCarimbos(p.miniatura, carimbos, 70),
    });
  }
  // An auction that asks for approval gets the new photos hidden until a developer approves them.
  const [doLeilao] = await db
    .select({ aprovarFotos: leilao.aprovarFotos })
    .from(lote)
    .innerJoin(leilao, eq(leilao.id, lote.leilaoId))
    .where(and(eq(lote.hotsiteId, hotsiteId), eq(lote.id, loteId)));
  const aprovada = !doLeilao?.aprovarFotos;
  const linhas = await db.transaction(async (tx) => {
    await tx.select({ id: lote.id }).from(lote).where(eq(lote.id, loteId)).for('update');
    const [{ ultima }] = await tx
      .select({ ultima: max(loteFoto.ordem) })
      .from(loteFoto)
      .where(eq(loteFoto.loteId, loteId));
    let ordem = ultima ?? 0;
    for (const p of processadas) {
      const nome = p.nome.replace(/\.[^.]*$/, '').slice(0, 100) || 'foto';
      const url = await salvarArquivo(tx, hotsiteId, { nome: `${nome}.webp`, contentType: 'image/webp', conteudo: p.foto });
      const urlMiniatura = await salvarArquivo(tx, hotsiteId, {
        nome: `${nome}-mini.webp`,
        contentType: 'image/webp',
        conteudo: p.miniatura,
      });
      await tx.insert(loteFoto).values({ hotsiteId, loteId, ordem: ++ordem, url, urlMiniatura, aprovada });
    }
    const ids = (
      await tx.select({ id: loteFoto.id }).from(loteFoto).where(eq(loteFoto.loteId, loteId)).orderBy(asc(loteFoto.ordem), asc(loteFoto.id))
    ).map((f) => f.id);
    return renumerar(tx, hotsiteId, loteId, ids);
  });
  await publicarLotes(hub, hotsiteId, linhas.map(comoPublicado));
  return fotosDoLote({ db, hotsiteId, loteId });
}

/**
 * Reorders (ids in the new order; every photo of the lot exactly once), makes one the cover (moves it
 * first) or removes one.
 */
export async function organizarFotos({
  db,
  hub,
  hotsiteId,
  loteId,
  acao,
}: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  loteId: number;
  acao: { tipo: 'ordem'; ids: number[] } | { tipo: 'capa'; id: number } | { tipo: 'remover'; id: number };
}) {
  await conferirLote(db, hotsiteId, loteId);
  const linhas = await db.transaction(async (tx) => {
    await tx.select({ id: lote.id }).from(lote).where(eq(lote.id, loteId)).for('update');
    const atuais = (
      await tx
        .select({ id: loteFoto.id })
        .from(loteFoto)
        .where(and(eq(loteFoto.hotsiteId, hotsiteId), eq(loteFoto.loteId, loteId)))
        .orderBy(asc(loteFoto.ordem), asc(loteFoto.id))
    ).map((f) => f.id);
    let ids: number[];
    if (acao.tipo === 'ordem') {
      const mesmas =
        acao.ids.length === atuais.length && new Set(acao.ids).size === atuais.length && acao.ids.every((i) => atuais.includes(i));
      if (!mesmas) throw new ErroHttp(400, 'A nova ordem precisa conter cada foto do lote uma vez');
      ids = acao.ids;
    } else {
      if (!atuais.includes(acao.id)) throw naoEncontrado('Foto não encontrada');
      ids = atuais.filter((i) => i !== acao.id);
      if (acao.tipo === 'capa') ids.unshift(acao.id);
      else await tx.delete(loteFoto).where(and(eq(loteFoto.id, acao.id), eq(loteFoto.loteId, loteId)));
    }
    return renumerar(tx, hotsiteId, loteId, ids);
  });
  await publicarLotes(hub, hotsiteId, linhas.map(comoPublicado));
  return fotosDoLote({ db, hotsiteId, loteId });
}
