import type { LoaderFunctionArgs } from '@remix-run/node';
import { fichaLeiloeiroEmPdf } from '~/modules/operacoes/fichas-pdf.server';
import { respostaPdf } from '~/modules/vendas/pdf.server';
import { fichaDaConsulta } from '~/paginas/fichas.server';

/** ficha-leiloeiro/{leiUid}/pdf: the same sheet as the page, as a PDF download. */
export async function loader(args: LoaderFunctionArgs) {
  const { ficha } = await fichaDaConsulta(args);
  if (!ficha) throw new Response('Leilão não encontrado', { status: 404 });
  return respostaPdf(
    await fichaLeiloeiroEmPdf(ficha, { marca: args.context.marca.nome, tipo: args.context.marca.tipo }),
    `ficha-leiloeiro-${ficha.leilao.uid}.pdf`,
  );
}
