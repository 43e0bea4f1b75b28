import type { LoaderFunctionArgs } from '@remix-run/node';
import { arquivoDoDocumento } from '~/modules/backoffice/documentos-leilao.server';

/** leilao-documento/{uid}.pdf: an auction's document (edital, regulamento...) for the public pages. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const uid = /^([0-9a-f-]{36})\.pdf$/i.exec(params.arquivo ?? '')?.[1];
  const d = uid ? await arquivoDoDocumento({ db: context.db, hotsiteId: context.marca.id, uid }) : null;
  if (!d) throw new Response('Documento não encontrado', { status: 404 });
  const nome = d.nomeArquivo.replace(/["\\\r\n]/g, '') || 'documento.pdf';
  return new Response(new Uint8Array(d.conteudo), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${nome.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(nome)}`,
      'Cache-Control': 'public, max-age=300',
    },
  });
}
