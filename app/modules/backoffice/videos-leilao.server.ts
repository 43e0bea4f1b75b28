import '~/utils/zod-pt-br';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { leilao } from '@db/schema';
import { videoDaTransmissao } from '~/modules/aovivo/video';
import { registrarAlteracao } from '~/modules/identidade/permissoes-marca.server';
import type { Hub } from '~/realtime/hub.server';
import { salas } from '~/realtime/protocol';
import { ErroHttp, naoEncontrado } from '~/utils/errors';
import { leilaoDaMarca } from './documentos-leilao.server';
import { MENSAGENS_VIDEO, urlVideoSchema, VIDEOS_POR_LEILAO } from './videos';

/*
 * The video URLs of an auction (/admin/leilao-url-videos/{leilaoUid}; issue #13, decision 068). Each URL
 * must be one the auditorium can play (videoDaTransmissao: YouTube, Vimeo or an HLS stream over https).
 * The active one is the auction's `transmissaoUrl`, the very column the auditorium opens with and a
 * published broadcast (/admin/transmissao) writes: activating a URL here switches the auditorium's video
 * at once (`on-transmissao` after commit), and publishing a broadcast later takes over again.
 */

export const videoEntradaSchema = z.object({ url: urlVideoSchema });

export async function videosDoLeilao({ db, hotsiteId, leilaoUid }: { db: Db; hotsiteId: number; leilaoUid: string }) {
  const l = await leilaoDaMarca(db, hotsiteId, leilaoUid);
  const [r] = await db
    .select({ videos: leilao.videos, transmissaoUrl: leilao.transmissaoUrl })
    .from(leilao)
    .where(and(eq(leilao.hotsiteId, hotsiteId), eq(leilao.id, l.id)));
  return {
    leilao: { id: l.id, uid: l.uid, nome: l.nome },
    transmissaoUrl: r.transmissaoUrl,
    videos: r.videos.map((url) => ({ url, tipo: videoDaTransmissao(url)?.tipo ?? null, ativo: url === r.transmissaoUrl })),
  };
}

type Acao = { tipo: 'adicionar'; url: unknown; ativar?: boolean } | { tipo: 'remover'; url: unknown } | { tipo: 'ativar'; url: unknown };

/**
 * Adds, removes or activates a URL, on the locked auction row. Activating (or removing the active one)
 * changes what the auditorium plays; the room hears it after commit.
 */
export async function alterarVideos({
  db,
  hub,
  hotsiteId,
  usuarioId,
  leilaoUid,
  acao,
}: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  usuarioId: number;
  leilaoUid: string;
  acao: Acao;
}) {
  const l = await leilaoDaMarca(db, hotsiteId, leilaoUid);
  const url =
    acao.tipo === 'adicionar' ? videoEntradaSchema.parse({ url: acao.url }).url : z.string().trim().max(500).catch('').parse(acao.url);
  const mudou = await db.transaction(async (tx) => {
    const [atual] = await tx
      .select({ videos: leilao.videos, transmissaoUrl: leilao.transmissaoUrl })
      .from(leilao)
      .where(and(eq(leilao.hotsiteId, hotsiteId), eq(leilao.id, l.id)))
      .for('update');
    if (!atual) throw naoEncontrado();
    let videos = atual.videos;
    let transmissaoUrl = atual.transmissaoUrl;
    if (acao.tipo === 'adicionar') {
      if (videos.includes(url)) throw new ErroHttp(409, MENSAGENS_VIDEO.repetido, { url: [MENSAGENS_VIDEO.repetido] });
      if (videos.length >= VIDEOS_POR_LEILAO) throw new ErroHttp(409, MENSAGENS_VIDEO.muitos);
      videos = [...videos, url];
      if (acao.ativar) transmissaoUrl = url;
    } else {
      if (!videos.includes(url)) throw naoEncontrado(MENSAGENS_VIDEO.naoEncontrado);
      if (acao.tipo === 'remover') {
        videos = videos.filter((v) => v !== url);
        if (transmissaoUrl === url) transmissaoUrl = null;
      } else transmissaoUrl = url;
    }
    await tx
      .update(leilao)
      .set({ videos, transmissaoUrl, updatedAt: new Date() })
      .where(and(eq(leilao.hotsiteId, hotsiteId), eq(leilao.id, l.id)));
    await registrarAlteracao(tx, {
      hotsiteId,
      usuarioId,
      entidade: 'leilao',
      entidadeId: l.id,
      acao: 'alterou',
      detalhes: { videos: acao.tipo, url },
    });
    return transmissaoUrl !== atual.transmissaoUrl ? { url: transmissaoUrl } : null;
  });
  // No broadcast row stands behind a URL of this list: transmissaoUid is empty.
  if (mudou && hub)
    void hub.publicar(hotsiteId, salas.leilao(l.uid), {
      event: 'on-transmissao',
      data: {
        leilaoUid: l.uid,
        transmissaoUid: '',
        url: mudou.url ?? '',
        videoAtivo: mudou.url !== null,
        audioAtivo: mudou.url !== null,
        posicaoTemplate: 0,
        videoLoop: false,
      },
    });
  return videosDoLeilao({ db, hotsiteId, leilaoUid: l.uid });
}
