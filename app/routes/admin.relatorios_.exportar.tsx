import type { LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { relatorioDoLeilao, relatorioEmCsv, relatorioEmXlsx } from '~/modules/vendas/relatorios.server';
import { ErroHttp } from '~/utils/errors';

/**
 * /admin/relatorios/exportar?leilao={uid|id}&formato=csv|xlsx (Acerto, SAC, ADM): the auction's report
 * (/admin/relatorios) as a download, one row per sale, money as exact decimals (decision 071).
 */
const consulta = z.object({
  leilao: z.string({ error: 'Informe o leilão' }).min(1, 'Informe o leilão').max(40, 'Leilão não encontrado'),
  formato: z.enum(['csv', 'xlsx'], 'formato deve ser csv ou xlsx'),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const q = consulta.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!q.success) throw new Response(q.error.issues[0]?.message ?? 'Consulta inválida', { status: 400 });
  const relatorio = await relatorioDoLeilao({ db: context.db, hotsiteId: context.marca.id, leilao: q.data.leilao }).catch((erro) => {
    if (erro instanceof ErroHttp) throw new Response(erro.mensagem, { status: erro.status });
    throw erro;
  });
  const nome = `relatorio-leilao-${relatorio.leilao.id}`;
  const cabecalhos = (tipo: string, arquivo: string) => ({
    'Content-Type': tipo,
    'Content-Disposition': `attachment; filename="${arquivo}"`,
    'Cache-Control': 'private, no-store',
  });
  if (q.data.formato === 'csv')
    return new Response(relatorioEmCsv(relatorio), { headers: cabecalhos('text/csv; charset=utf-8', `${nome}.csv`) });
  return new Response(new Uint8Array(await relatorioEmXlsx(relatorio)), {
    headers: cabecalhos('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', `${nome}.xlsx`),
  });
}
