import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { BotaoFavorito } from '~/components/lances/botao-favorito';
import { habilitacaoQueImpede, PainelDeLances } from '~/components/lances/painel-de-lances';
import { CaixaDeHabilitacao } from '~/components/habilitacao/caixa-de-habilitacao';
import { caixaDoLote } from '~/modules/habilitacao/habilitacao.server';
import { container } from '~/components/layout.css';
import { painelDoLote } from '~/modules/lances/consultas.server';
import { usuarioDoPedido } from '~/modules/identidade/guard.server';
import { ErroHttp } from '~/utils/errors';

/**
 * Standalone bid page for a lot (/lances/<veiUid>): the same panel the catalogue's lot page mounts.
 * Useful as a direct link from "meus lances" and for the browser tests.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const u = await usuarioDoPedido(request, context);
  try {
    const dados = await painelDoLote({
      db: context.db,
      hotsiteId: context.marca.id,
      veiUid: params.veiUid ?? '',
      usuarioId: u?.hotsiteId === context.marca.id ? u.id : null,
    });
    const habilitacao = await caixaDoLote({ db: context.db, marca: context.marca, usuario: u, loteId: dados.loteId });
    return { dados, mensagem: new URL(request.url).searchParams.get('mensagem'), habilitacao };
  } catch (erro) {
    if (erro instanceof ErroHttp) throw new Response(erro.mensagem, { status: erro.status });
    throw erro;
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.dados.nome} - lances` : 'Lances' }];

export default function PaginaDeLances() {
  const { dados, mensagem, habilitacao } = useLoaderData<typeof loader>();
  return (
    <section className={container} style={{ display: 'grid', gap: 16, paddingBlock: 24 }}>
      <h1 style={{ margin: 0 }}>
        {dados.nome} <BotaoFavorito veiUid={dados.veiUid} favorito={dados.favorito} />
      </h1>
      {habilitacao ? <CaixaDeHabilitacao dados={habilitacao} ancora="habilitacao" /> : null}
      {/* Remounted when the habilitation changes: a "not enabled" refusal shown before it is gone. */}
      <PainelDeLances
        key={habilitacao?.estado?.situacao ?? ''}
        dados={dados}
        mensagem={mensagem}
        habilitacao={habilitacaoQueImpede(habilitacao?.estado)}
      />
    </section>
  );
}
