import type { LoaderFunctionArgs } from '@remix-run/node';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { arquivoDoComprovante } from '~/modules/vendas/consultas.server';
import { MENSAGENS_VENDA } from '~/modules/vendas/acoes.server';
import { respostaDeArquivoEnviado } from '~/utils/arquivo-enviado.server';

/** A proof's file for staff (the type was read from its bytes on upload; served sandboxed, a PDF as a download). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const uid = params.uid ?? '';
  const a = /^[0-9a-f-]{36}$/i.test(uid)
    ? await arquivoDoComprovante({ db: context.db, hotsiteId: context.marca.id, leitor: 'equipe', uid })
    : null;
  if (!a) throw new Response(MENSAGENS_VENDA.comprovanteNaoEncontrado, { status: 404 });
  return respostaDeArquivoEnviado({ bytes: a.bytes, tipo: a.tipo, nome: a.nome });
}
