import { z } from 'zod';
import { videoDaTransmissao } from '~/modules/aovivo/video';

/** An auction's video URL: one the auditorium can play (the auction form and /admin/leilao-url-videos). */
export const VIDEOS_POR_LEILAO = 50;
export const MENSAGENS_VIDEO = {
  invalido: 'Endereço de vídeo inválido: use um link do YouTube, do Vimeo ou um stream HLS (.m3u8) com https',
  repetido: 'Este vídeo já está na lista do leilão',
  muitos: `No máximo ${VIDEOS_POR_LEILAO} vídeos por leilão`,
  naoEncontrado: 'Vídeo não encontrado neste leilão',
} as const;

/** One video URL the auditorium can play. */
export const urlVideoSchema = z
  .string({ error: MENSAGENS_VIDEO.invalido })
  .trim()
  .max(500, MENSAGENS_VIDEO.invalido)
  .refine((u) => videoDaTransmissao(u) !== null, MENSAGENS_VIDEO.invalido);
