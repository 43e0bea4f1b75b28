import type { LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { comitentesDoUsuario } from '~/modules/comitentes/usuarios-comitente.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import {
  consultaRelatorioComitente,
  MENSAGENS_RELATORIO_COMITENTE,
  relatorioComitenteEmCsv,
  relatorioComitenteEmXlsx,
  relatorioDeComitentes,
} from '~/modules/vendas/relatorio-comitente.server';
import { ErroHttp } from '~/utils/errors';

/**
 * /admin/relatorios-comitente/exportar?formato=csv|xlsx[&comitente=&leilao=&de=&ate=] (Comitente + ADM):
 * every row of the consignor report (/admin/relatorios-comitente) with the same filters, unpaged, and a
 * Total row in the XLSX; money as exact decimals (decision 079).
 */
const formato = z.object({ formato: z.enum(['csv', 'xlsx'], MENSAGENS_RELATORIO_COMITENTE.formato) });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const usuario = await exigirAcesso(request, context);
  if (!usuario) throw new Response('Efetuar login para acessar esta página', { status: 401 });
  const busca = Object.fromEntries(new URL(request.url).searchParams);
  const f = formato.safeParse(busca);
  if (!f.success) throw new Response(f.error.issues[0]?.message ?? 'Consulta inválida', { status: 400 });
  const q = consultaRelatorioComitente.safeParse({ ...busca, formato: undefined, pagina: undefined });
  if (!q.success) throw new Response(q.error.issues[0]?.message ?? 'Consulta inválida', { status: 400 });
  const hotsiteId = context.marca.id;
  const comitentes = await comitentesDoUsuario({ db: context.db, hotsiteId, usuario });
  const relatorio = await relatorioDeComitentes({ db: context.db, hotsiteId, comitentes, consulta: q.data, porPagina: 0 }).catch((erro) => {
    if (erro instanceof ErroHttp) throw new Response(erro.mensagem, { status: erro.status });
    throw erro;
  });
  const nome = 'relatorio-comitentes';
  const cabecalhos = (tipo: string, arquivo: string) => ({
    'Content-Type': tipo,
    'Content-Disposition': `attachment; filename="${arquivo}"`,
    'Cache-Control': 'private, no-store',
  });
  if (f.data.formato === 'csv')
    return new Response(relatorioComitenteEmCsv(relatorio), { headers: cabecalhos('text/csv; charset=utf-8', `${nome}.csv`) });
  return new Response(new Uint8Array(await relatorioComitenteEmXlsx(relatorio)), {
    headers: cabecalhos('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', `${nome}.xlsx`),
  });
}
