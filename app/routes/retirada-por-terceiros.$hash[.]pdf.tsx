import type { LoaderFunctionArgs } from '@remix-run/node';
import { formatarCpf } from '~/modules/dominio/documentos-br';
import { qrPng, respostaPdf, retiradaEmPdf } from '~/modules/vendas/pdf.server';
import { autorizacaoPorHash } from '~/modules/vendas/retirada-terceiros.server';

/** retirada-por-terceiros/{hash}.pdf: the pickup authorisation as a PDF download; 410 once revoked. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const a = await autorizacaoPorHash({ db: context.db, hotsiteId: context.marca.id, hash: params.hash });
  if (!a) throw new Response('Autorização não encontrada', { status: 404 });
  if (a.revogada) throw new Response('Autorização revogada', { status: 410, headers: { 'Cache-Control': 'no-store' } });
  const url = `${context.urlBase}/qrcode/retirada-por-terceiros/${a.hash}`;
  const pdf = await retiradaEmPdf(
    { ...a, cpf: formatarCpf(a.cpf) },
    { marca: context.marca.nome, qr: await qrPng(url), url, tipo: context.marca.tipo },
  );
  return respostaPdf(pdf, `retirada-por-terceiros-${a.venda.id}.pdf`);
}
