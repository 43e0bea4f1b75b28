import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Auditorio } from '~/components/aovivo/auditorio';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { dadosDoPregao } from '~/modules/aovivo/pregao.server';
import { ErroHttp } from '~/utils/errors';

/**
 * /auditorio and /auditorio/{id}: the live auction (dev, ADM and the brand's clients; a visitor goes
 * to the login). {id}: the auction's uid or id; without it, the live auction or the next one.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const u = await exigirAcesso(request, context);
  // A private auction's auditorium, and its name in the list, only for its accepted guests (decision 186).
  const visivelPara = u?.hotsiteId === context.marca.id ? u.id : null;
  const dados = await dadosDoPregao({ db: context.db, hotsiteId: context.marca.id, leilao: params.id, visivelPara }).catch((erro) => {
    if (erro instanceof ErroHttp) throw new Response(erro.mensagem, { status: erro.status });
    throw erro;
  });
  const anuncioUid = new URL(request.url).searchParams.get('anuncioUid');
  return {
    ...dados,
    usuario: u ? { id: u.id, nome: u.nome } : null,
    anuncioUid: anuncioUid && dados.lotes.some((l) => l.veiUid === anuncioUid) ? anuncioUid : null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.leilao ? `Auditório · ${data.leilao.nome}` : 'Auditório' }];

export default function PaginaDoAuditorio() {
  const dados = useLoaderData<typeof loader>();
  return <Auditorio dados={dados} />;
}
