import type { LoaderFunctionArgs } from '@remix-run/node';
import { ataDoPedido } from '~/paginas/ata-de-lances.server';

/** ata-de-lances/{loteId}.json: the closed lot's bid record as JSON, each bid with its canonical fields and hash. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const { ata } = await ataDoPedido(context, params.loteId);
  return new Response(JSON.stringify(ata, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="ata-de-lances-${ata.lote.id}.json"`,
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex',
    },
  });
}
