import type { LoaderFunctionArgs } from '@remix-run/node';
import { extratoEmPdf } from '~/modules/vendas/documentos.server';
import { documentoDoPedido } from '~/paginas/documento-por-hash.server';
import { qrcode } from '~/utils/bibliotecas.server';

/** extrato/{hash}.pdf: the statement as a PDF download. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const venda = await documentoDoPedido(request, context, params.hash);
  if (!venda) throw new Response('Extrato não encontrado', { status: 404 });
  const urlVerificacao = `${context.urlBase}/qrcode/extrato/${venda.hashQrcode}`;
  const qrPng = await (await qrcode()).toBuffer(urlVerificacao, { margin: 2, width: 240 });
  const pdf = await extratoEmPdf(venda, { marca: context.marca.nome, qrPng, urlVerificacao, tipo: context.marca.tipo });
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="extrato-${venda.id}.pdf"`,
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
    },
  });
}
