import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { metaDaPagina } from '~/components/meta';
import { TransmissaoNaPlataforma } from '~/components/aovivo/transmissao-plataforma';
import { agirNaPlataforma, carregarPlataforma } from '~/paginas/transmissao-plataforma.server';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Transmissão no Instagram');

/** /admin/transmissao/instagram/{id} (Leiloeiro + ADM + MKT): the auction's broadcasts on Instagram (decision 075). */
export const loader = (args: LoaderFunctionArgs) => carregarPlataforma('instagram', args);
export const action = (args: ActionFunctionArgs) => agirNaPlataforma('instagram', args);

export default function TransmissaoNoInstagram() {
  return <TransmissaoNaPlataforma d={useLoaderData<typeof loader>()} />;
}
