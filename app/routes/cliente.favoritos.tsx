import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { BotaoFavorito } from '~/components/lances/botao-favorito';
import { container } from '~/components/layout.css';
import { exigirLogin } from '~/modules/identidade/guard.server';
import { buscarLotesFavoritos } from '~/modules/lances/favoritos.server';
import { formatarDataHora, formatarMoeda } from '~/utils/format';
import { useWording } from '~/components/marca';
import * as s from './cliente.meus-lances.css';

/** /cliente/favoritos: the client's favourite lots, 50 per page (spec section 9). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const u = await exigirLogin(request, context);
  const url = new URL(request.url);
  return buscarLotesFavoritos({
    db: context.db,
    hotsiteId: context.marca.id,
    usuarioId: u.id,
    entrada: { pagina: url.searchParams.get('pagina') ?? 1, porPagina: 50 },
  });
}

export const meta: MetaFunction = () => [{ title: 'Favoritos' }];

export default function Favoritos() {
  const { itens, total, pagina, porPagina } = useLoaderData<typeof loader>();
  const t = useWording();
  return (
    <section className={container} style={{ paddingBlock: 24 }}>
      <h1>Favoritos ({total})</h1>
      {itens.length === 0 ? <p>Você ainda não tem favoritos.</p> : null}
      <ul className={s.lista} data-testid="favoritos">
        {itens.map((l) => (
          <li key={l.favoritoId} className={s.item}>
            <div>
              <Link to={`/lances/${l.veiUid}`} className={s.titulo}>
                {t('lote')} {l.numero} · {l.nome}
              </Link>
              <div className={s.suave}>
                {/* A favourite stays after its lot ends (lists leave it out): it says so. */}
                {l.dataFim
                  ? `${new Date(l.dataFim).getTime() <= Date.now() ? 'Encerrado em' : 'Encerra em'} ${formatarDataHora(l.dataFim)}`
                  : ''}
                {l.localizacaoCidade ? ` · ${l.localizacaoCidade}-${l.localizacaoUf ?? ''}` : ''}
              </div>
            </div>
            <div style={{ textAlign: 'right' }}>
              <strong>{formatarMoeda(l.valorAtual)}</strong> <BotaoFavorito veiUid={l.veiUid} favorito />
            </div>
          </li>
        ))}
      </ul>
      {total > pagina * porPagina ? (
        <p>
          <Link to={`?pagina=${pagina + 1}`}>Próxima página</Link>
        </p>
      ) : null}
    </section>
  );
}
