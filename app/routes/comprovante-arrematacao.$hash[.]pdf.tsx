import type { LoaderFunctionArgs } from '@remix-run/node';
import { semNota } from '~/modules/vendas/nota.server';
import { documentoDoPedido } from '~/paginas/documento-por-hash.server';
import { comprovanteEmPdf, qrPng, respostaPdf } from '~/modules/vendas/pdf.server';

/** comprovante-arrematacao/{hash}.pdf: the receipt as a PDF, one page per lot (`?lote=` prints one). */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const venda = await documentoDoPedido(request, context, params.hash);
  const naoEncontrado = () => new Response('Comprovante não encontrado', { status: 404 });
  if (!venda || semNota(venda)) throw naoEncontrado();
  const lote = new URL(request.url).searchParams.get('lote');
  const itens = venda.itens.filter((i) => i.ativo && (lote == null || i.numero === lote));
  if (itens.length === 0) throw naoEncontrado();
  const url = `${context.urlBase}/qrcode/extrato/${venda.hashQrcode}`;
  const pdf = await comprovanteEmPdf(venda, itens, { marca: context.marca.nome, qr: await qrPng(url), url, tipo: context.marca.tipo });
  return respostaPdf(pdf, `comprovante-arrematacao-${venda.id}${lote ? `-lote-${itens[0].numero}` : ''}.pdf`);
}
