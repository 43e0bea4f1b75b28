import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { AcompanhamentoDoLeilao, useAcompanhamentoAoVivo } from '~/components/aovivo/acompanhamento';
import { metaDaPagina } from '~/components/meta';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { acompanharLeilao } from '~/modules/aovivo/acompanhamento.server';
import { leiloesDoPregao } from '~/modules/aovivo/pregao.server';
import { ErroHttp } from '~/utils/errors';
import { z } from 'zod';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Acompanhar leilão');

/**
 * /admin/backoffice-acompanhar-leilao/{leilaoUid?} (SAC + ADM): every lot of the auction live (bids by
 * kind, seller value, conditional answer) and its clients. Refreshed every 5 s while open.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const leiloes = await leiloesDoPregao({ db: context.db, hotsiteId: context.marca.id });
  const uid = params.leilaoUid ?? leiloes[0]?.uid;
  if (!uid) return { leiloes, acompanhamento: null, conectados: null };
  if (!z.uuid().safeParse(uid).success) throw new Response('Leilão não encontrado', { status: 404 });
  const acompanhamento = await acompanharLeilao({ db: context.db, hotsiteId: context.marca.id, leilaoUid: uid }).catch((erro) => {
    if (erro instanceof ErroHttp) throw new Response(erro.mensagem, { status: erro.status });
    throw erro;
  });
  // Watchers in the auditorium right now, every instance (decision 074).
  return { leiloes, acompanhamento, conectados: context.hub.conectados(context.marca.id, uid) };
}

export default function AcompanharLeilao() {
  const { leiloes, acompanhamento, conectados } = useLoaderData<typeof loader>();
  // Live through the follow-up room (decision 264); every 5 s while outside it.
  const tempoReal = useAcompanhamentoAoVivo(acompanhamento?.leilao.uid ?? null);
  return (
    <AcompanhamentoDoLeilao
      base="/admin/backoffice-acompanhar-leilao"
      leiloes={leiloes}
      acompanhamento={acompanhamento}
      conectados={conectados}
      tempoReal={tempoReal}
    />
  );
}
