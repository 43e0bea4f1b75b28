import type { RequestHandler } from 'express';
import type { Contexto } from '~/context';
import { arquivoDaMarca } from '~/modules/hotsites/arquivos.server';

/**
 * GET /marca/arquivo/:arquivo: brand files (logo, favicon, images) by content hash. Immutable, and never run
 * as a document (their own CSP sandboxes them). A name that is no file of the brand goes on (to a 404 page).
 */
export const arquivosDaMarca: RequestHandler<{ arquivo: string }> = async (req, res, next) => {
  try {
    const { db, marca } = res.locals.contexto as Contexto;
    const arquivo = await arquivoDaMarca({ db, hotsiteId: marca.id, nome: req.params.arquivo, outraMarca: req.query.marca });
    if (!arquivo) return next();
    res.set({
      'Content-Type': arquivo.contentType,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      ETag: `"${arquivo.sha256}"`,
    });
    res.send(arquivo.conteudo);
  } catch (erro) {
    next(erro);
  }
};
