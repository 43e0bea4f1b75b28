import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { AcompanhamentoDoLeilao, useRecarregarACada5s } from '~/components/aovivo/acompanhamento';
import { metaDaPagina } from '~/components/meta';
import { acompanharLeilao } from '~/modules/aovivo/acompanhamento.server';
import { leiloesDoPregao } from '~/modules/aovivo/pregao.server';
import { comitentesDoUsuario } from '~/modules/comitentes/usuarios-comitente.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { ErroHttp } from '~/utils/errors';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Acompanhar leilão');

/**
 * /admin/acompanhar-leilao/{leilaoUid?} (Comitente + ADM): the seller's follow-up. A seller user sees only
 * the auctions holding its sellers' lots, and only those lots (live state, bids by kind, conditional
 * answer); no client list (decision 061). ADM sees every lot. Refreshed every 5 s while open.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const usuario = await exigirAcesso(request, context);
  if (!usuario) throw new Response('Efetuar login para acessar esta página', { status: 401 });
  const hotsiteId = context.marca.id;
  const comitentes = await comitentesDoUsuario({ db: context.db, hotsiteId, usuario });
  const leiloes = await leiloesDoPregao({ db: context.db, hotsiteId, comitentes });
  const uid = params.leilaoUid ?? leiloes[0]?.uid;
  if (!uid) return { leiloes, acompanhamento: null, conectados: null };
  if (!z.uuid().safeParse(uid).success) throw new Response('Leilão não encontrado', { status: 404 });
  const acompanhamento = await acompanharLeilao({ db: context.db, hotsiteId, leilaoUid: uid, comitentes }).catch((erro) => {
    if (erro instanceof ErroHttp) throw new Response(erro.mensagem, { status: erro.status });
    throw erro;
  });
  // Watchers in the auditorium right now, every instance (decision 074).
  return { leiloes, acompanhamento, conectados: context.hub.conectados(context.marca.id, uid) };
}

export default function AcompanharLeilaoDoComitente() {
  const { leiloes, acompanhamento, conectados } = useLoaderData<typeof loader>();
  useRecarregarACada5s();
  return (
    <AcompanhamentoDoLeilao
      base="/admin/acompanhar-leilao"
      leiloes={leiloes}
      acompanhamento={acompanhamento}
      conectados={conectados}
      comClientes={false}
    />
  );
}
