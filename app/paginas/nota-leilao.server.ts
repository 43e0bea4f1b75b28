import type { LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { comitentesDoUsuario } from '~/modules/comitentes/usuarios-comitente.server';
import { ACESSOS } from '~/modules/dominio/acessos';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { temAlgumPapel } from '~/modules/dominio/papeis';
import { leiloesComVendas, notasDoLeilao } from '~/modules/vendas/relatorios.server';
import { ErroHttp } from '~/utils/errors';
import { idSchema } from '~/utils/id';

const consulta = z.object({
  leiId: idSchema('leiId inválido').optional(),
  comId: idSchema('comId inválido').optional(),
  leoId: idSchema('leoId inválido').optional(),
});

/**
 * What nota-leilao and its PDF read (decision 070): without leiId the auctions with sales, with it every
 * note of the auction the user may read. Sales staff read every sale; a seller user only its sellers'
 * (ADM and SAC are 'todos' there too).
 */
export async function notasDaConsulta({ request, context }: Pick<LoaderFunctionArgs, 'request' | 'context'>) {
  const usuario = await exigirAcesso(request, context);
  if (!usuario) throw new Response('Efetuar login para acessar esta página', { status: 401 });
  const hotsiteId = context.marca.id;
  const q = consulta.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!q.success) throw new Response(q.error.issues[0]?.message ?? 'Consulta inválida', { status: 400 });
  const comitentes = temAlgumPapel(usuario.papeis, ACESSOS['/admin/vendas'] as readonly string[])
    ? 'todos'
    : await comitentesDoUsuario({ db: context.db, hotsiteId, usuario });
  if (!q.data.leiId) return { leiloes: await leiloesComVendas({ db: context.db, hotsiteId, comitentes }), notas: null as null };
  const notas = await notasDoLeilao({
    db: context.db,
    hotsiteId,
    leiId: q.data.leiId,
    comId: q.data.comId ?? null,
    leoId: q.data.leoId ?? null,
    comitentes,
  }).catch((erro) => {
    if (erro instanceof ErroHttp) throw new Response(erro.mensagem, { status: erro.status });
    throw erro;
  });
  return { leiloes: [] as Awaited<ReturnType<typeof leiloesComVendas>>, notas };
}
