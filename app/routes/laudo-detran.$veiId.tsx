import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { LaudoDetran } from '~/components/consultas/laudo-detran';
import { laudoDetran } from '~/modules/consultas/detran.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { idSchema } from '~/utils/id';

/** laudo-detran/{veiId} (issue #31): a vehicle's detran items and checked history, for staff (decision 179). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const id = idSchema().safeParse(params.veiId);
  const dados = id.success ? await laudoDetran({ db: context.db, hotsiteId: context.marca.id, veiculoId: id.data }) : null;
  if (!dados) throw new Response('Veículo não encontrado', { status: 404 });
  return { dados, marca: context.marca.nome };
}

export const meta: MetaFunction = () => [{ title: 'Laudo Detran' }, { name: 'robots', content: 'noindex' }];

export default function Pagina() {
  const { dados, marca } = useLoaderData<typeof loader>();
  return <LaudoDetran dados={dados} marca={marca} modo="laudo" />;
}
