import type { LoaderFunctionArgs } from '@remix-run/node';
import { semNota } from '~/modules/vendas/nota.server';
import { documentoDoPedido } from '~/paginas/documento-por-hash.server';
import { notaEmPdf, qrPng, respostaPdf } from '~/modules/vendas/pdf.server';

/** nota/{hash}.pdf: the purchase note as a PDF download. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const venda = await documentoDoPedido(request, context, params.hash);
  if (!venda || semNota(venda)) throw new Response('Nota não encontrada', { status: 404 });
  const url = `${context.urlBase}/qrcode/nota/${venda.hashQrcode}`;
  const pdf = await notaEmPdf(venda, { marca: context.marca.nome, qr: await qrPng(url), url, tipo: context.marca.tipo });
  return respostaPdf(pdf, `nota-${venda.numeroNota}.pdf`);
}
