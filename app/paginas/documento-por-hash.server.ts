import type { AppLoadContext } from '@remix-run/node';
import { usuarioDoPedido } from '~/modules/identidade/guard.server';
import { documentoPorHash, leitorDoUsuario } from '~/modules/vendas/nota.server';

/**
 * The sale a document page's hash opens (extrato, nota, comprovante-arrematacao, their PDFs and QR
 * pages), as the one reading it may see it: whole to its buyer and sales staff logged in on this brand,
 * as the paper shows it to anyone else (decision 109). Null → the route answers 404.
 */
export async function documentoDoPedido(request: Request, context: AppLoadContext, hash: string | undefined) {
  const usuario = await usuarioDoPedido(request, context);
  const leitor = await leitorDoUsuario({ db: context.db, hotsiteId: context.marca.id, usuario });
  return documentoPorHash({ db: context.db, hotsiteId: context.marca.id, hash, leitor });
}
