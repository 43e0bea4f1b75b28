import type { RequestHandler } from 'express';
import type { Admissao } from '~/utils/admissao.server';
import { MENSAGEM_BANCO_INDISPONIVEL, RETRY_AFTER_BANCO_S } from '~/utils/errors';
import { recusarPedido } from './respostas.server';

/**
 * Admission control (decision 114): at most ADMISSAO_SIMULTANEOS requests at once, the rest wait in a queue
 * per brand (by Host), served in turn; a full queue or a long wait is answered 503 with Retry-After at once
 * rather than by a slow timeout.
 */
export function admitir({ admissao, encerrando }: { admissao: Admissao; encerrando: () => boolean }): RequestHandler {
  return (req, res, next) => {
    // While the instance drains, every answer asks its client to open its next request elsewhere.
    if (encerrando()) res.setHeader('Connection', 'close');
    admissao.pedir(
      (req.headers.host ?? '').toLowerCase(),
      (sair) => {
        res.once('finish', sair);
        res.once('close', sair);
        next();
      },
      () => {
        res.setHeader('Retry-After', String(RETRY_AFTER_BANCO_S));
        recusarPedido(req, res, 503, MENSAGEM_BANCO_INDISPONIVEL);
      },
    );
  };
}
