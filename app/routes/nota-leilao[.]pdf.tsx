import type { LoaderFunctionArgs } from '@remix-run/node';
import { notasDoLeilaoEmPdf, respostaPdf } from '~/modules/vendas/pdf.server';
import { notasDaConsulta } from '~/paginas/nota-leilao.server';

/** nota-leilao.pdf?leiId={id}[&comId=][&leoId=]: the auction's notes (nota-leilao) as a PDF download. */
export async function loader(args: LoaderFunctionArgs) {
  const { notas } = await notasDaConsulta(args);
  if (!notas) throw new Response('Informe o leilão (leiId)', { status: 400 });
  return respostaPdf(
    await notasDoLeilaoEmPdf(notas, { marca: args.context.marca.nome, tipo: args.context.marca.tipo }),
    `notas-leilao-${notas.leilao.id}.pdf`,
  );
}
