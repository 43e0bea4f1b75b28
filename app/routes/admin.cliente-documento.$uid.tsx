import type { LoaderFunctionArgs } from '@remix-run/node';
import { arquivoDoDocumento } from '~/modules/identidade/documentos.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { respostaDeArquivoEnviado } from '~/utils/arquivo-enviado.server';

/**
 * A client's uploaded file, for staff who validate documents. A resource route runs no parent loader,
 * so it checks the access table itself; the file is never rendered as a page of our origin.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const d = await arquivoDoDocumento({ db: context.db, hotsiteId: context.marca.id, uid: params.uid ?? '' });
  if (!d) throw new Response('Documento não encontrado', { status: 404 });
  return respostaDeArquivoEnviado({ bytes: d.conteudo, tipo: d.contentType, nome: d.nomeOriginal });
}
