import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { metaDaPagina } from '~/components/meta';
import { TransmissaoNaPlataforma } from '~/components/aovivo/transmissao-plataforma';
import { agirNaPlataforma, carregarPlataforma } from '~/paginas/transmissao-plataforma.server';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Transmissão no YouTube');

/** /admin/transmissao/youtube/{id} (Leiloeiro + ADM + MKT): the auction's broadcasts on YouTube (decision 075). */
export const loader = (args: LoaderFunctionArgs) => carregarPlataforma('youtube', args);
export const action = (args: ActionFunctionArgs) => agirNaPlataforma('youtube', args);

export default function TransmissaoNoYouTube() {
  return <TransmissaoNaPlataforma d={useLoaderData<typeof loader>()} />;
}
