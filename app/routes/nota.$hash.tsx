import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { container } from '~/components/layout.css';
import { NotaDeVenda } from '~/components/vendas/nota';
import { QrDeVerificacao } from '~/components/vendas/partes';
import * as s from '~/components/vendas/vendas.css';
import { semNota, type VendaDaConsulta } from '~/modules/vendas/nota.server';
import { documentoDoPedido } from '~/paginas/documento-por-hash.server';
import { verificacaoDoDocumento } from '~/modules/vendas/documentos.server';

/**
 * nota/{hash}: the purchase note of a sale (decision 070), printable, opened by the sale's random hash
 * without login like the statement (decision 048). Its QR code opens qrcode/nota/{hash}. Whole to the
 * buyer and sales staff; to anyone else the buyer's document masked and only their city (decision 109).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const venda = await documentoDoPedido(request, context, params.hash);
  // A cancelled or given-up sale has no note.
  if (!venda || semNota(venda)) throw new Response('Nota não encontrada', { status: 404 });
  const verificacao = await verificacaoDoDocumento(context.urlBase, `/qrcode/nota/${venda.hashQrcode}`);
  return { venda, verificacao, marca: context.marca.nome };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Nota de venda nº ${data.venda.numeroNota}` : 'Nota de venda' },
  { name: 'robots', content: 'noindex' },
];

export default function Nota() {
  const { venda, verificacao, marca } = useLoaderData<typeof loader>();
  return (
    <section className={`${container} ${s.pagina}`}>
      <NotaDeVenda v={venda as VendaDaConsulta} marca={marca} />
      <p>
        <a href={`/nota/${venda.hashQrcode}.pdf`} download>
          Baixar PDF
        </a>
      </p>
      <QrDeVerificacao {...verificacao} alt="QR code de verificação da nota" testId="qr-nota" />
    </section>
  );
}
