import type { LoaderFunctionArgs } from '@remix-run/node';
import { ataEmPdf } from '~/modules/confianca/ata.server';
import { ataDoPedido } from '~/paginas/ata-de-lances.server';

/** ata-de-lances/{loteId}.pdf: the closed lot's bid record, readable, with the chain head and its check. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const { ata, t } = await ataDoPedido(context, params.loteId);
  const pdf = await ataEmPdf(ata, {
    urlVerificacao: `${context.urlBase}/v1/lote/${ata.lote.id}/ata/verificacao`,
    rotulos: { lote: t('confianca.lote'), lance: t('confianca.lance') },
  });
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="ata-de-lances-${ata.lote.id}.pdf"`,
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex',
    },
  });
}
