import type { LoaderFunctionArgs } from '@remix-run/node';
import { fichaVidroEmPdf } from '~/modules/operacoes/fichas-pdf.server';
import { respostaPdf } from '~/modules/vendas/pdf.server';
import { fichaDaConsulta } from '~/paginas/fichas.server';

/** ficha-lotes-vidro/{leiUid}/pdf: the same sheet as the page, as a PDF download. */
export async function loader(args: LoaderFunctionArgs) {
  const { ficha } = await fichaDaConsulta(args);
  if (!ficha) throw new Response('Leilão não encontrado', { status: 404 });
  return respostaPdf(
    await fichaVidroEmPdf(ficha, { marca: args.context.marca.nome, tipo: args.context.marca.tipo }),
    `ficha-lotes-vidro-${ficha.leilao.uid}.pdf`,
  );
}
