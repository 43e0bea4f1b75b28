import type { LoaderFunctionArgs } from '@remix-run/node';
import { fichaDoLeilao, leiloesParaFicha } from '~/modules/operacoes/fichas.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { ErroHttp } from '~/utils/errors';

/**
 * What ficha-leiloeiro and ficha-lotes-vidro read (decision 219): without leiUid the brand's
 * auctions to choose from, with it the auction's sheet. The route's rule is checked here too (a `?_data`
 * call runs this loader alone); an unknown or malformed uid is a 404, another brand's auction too.
 */
export async function fichaDaConsulta({ request, params, context }: Pick<LoaderFunctionArgs, 'request' | 'params' | 'context'>) {
  const usuario = await exigirAcesso(request, context);
  if (!usuario) throw new Response('Efetuar login para acessar esta página', { status: 401 });
  const hotsiteId = context.marca.id;
  if (!params.leiUid) return { leiloes: await leiloesParaFicha({ db: context.db, hotsiteId }), ficha: null };
  const ficha = await fichaDoLeilao({ db: context.db, hotsiteId, leilaoUid: params.leiUid }).catch((erro) => {
    if (erro instanceof ErroHttp) throw new Response(erro.mensagem, { status: erro.status });
    throw erro;
  });
  return { leiloes: null, ficha };
}
