import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { AcompanhamentoDoLeilao, useAcompanhamentoAoVivo } from '~/components/aovivo/acompanhamento';
import { container } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { acompanharLeilao } from '~/modules/aovivo/acompanhamento.server';
import { leiloesDoPregao } from '~/modules/aovivo/pregao.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { ErroHttp } from '~/utils/errors';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Acompanhar leilão');

/**
 * /leiloeiro-acompanhar-leilao/{leiUid?} (Leiloeiro + ADM): the auctioneer's follow-up of every lot of the
 * auction (live state, bids by kind, seller value, conditional answer) and its clients. Refreshed every 5 s.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const hotsiteId = context.marca.id;
  const leiloes = await leiloesDoPregao({ db: context.db, hotsiteId });
  const uid = params.leiUid ?? leiloes[0]?.uid;
  if (!uid) return { leiloes, acompanhamento: null, conectados: null };
  if (!z.uuid().safeParse(uid).success) throw new Response('Leilão não encontrado', { status: 404 });
  const acompanhamento = await acompanharLeilao({ db: context.db, hotsiteId, leilaoUid: uid }).catch((erro) => {
    if (erro instanceof ErroHttp) throw new Response(erro.mensagem, { status: erro.status });
    throw erro;
  });
  // Watchers in the auditorium right now, every instance (decision 074).
  return { leiloes, acompanhamento, conectados: context.hub.conectados(context.marca.id, uid) };
}

export default function AcompanharLeilaoDoLeiloeiro() {
  const { leiloes, acompanhamento, conectados } = useLoaderData<typeof loader>();
  // Live through the follow-up room (decision 264); every 5 s while outside it.
  const tempoReal = useAcompanhamentoAoVivo(acompanhamento?.leilao.uid ?? null);
  // Outside the admin area (as the auctioneer's panel): the site's container.
  return (
    <div className={container}>
      <AcompanhamentoDoLeilao
        base="/leiloeiro-acompanhar-leilao"
        leiloes={leiloes}
        acompanhamento={acompanhamento}
        conectados={conectados}
        tempoReal={tempoReal}
      />
    </div>
  );
}
