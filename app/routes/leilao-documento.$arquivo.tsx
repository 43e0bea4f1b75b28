import type { LoaderFunctionArgs } from '@remix-run/node';
import { arquivoDoDocumento } from '~/modules/backoffice/documentos-leilao.server';
import { respostaDeArquivoEnviado } from '~/utils/arquivo-enviado.server';

/** leilao-documento/{uid}.pdf: an auction's document (edital, regulamento...) for the public pages, as an uploaded file. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const uid = /^([0-9a-f-]{36})\.pdf$/i.exec(params.arquivo ?? '')?.[1];
  const d = uid ? await arquivoDoDocumento({ db: context.db, hotsiteId: context.marca.id, uid }) : null;
  if (!d) throw new Response('Documento não encontrado', { status: 404 });
  return respostaDeArquivoEnviado({
    bytes: d.conteudo,
    tipo: 'application/pdf',
    nome: d.nomeArquivo || 'documento.pdf',
    cache: 'public, max-age=300',
  });
}
