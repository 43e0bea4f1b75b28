import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useWording } from '~/components/marca';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { botao } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import * as s from '~/components/vendas/vendas.css';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { listarLancesRecebidos } from '~/modules/lances/recebidos.server';
import { textoLivre } from '~/utils/entrada';
import { formatarDataHora, formatarMoeda } from '~/utils/format';

/** /admin/lances-recebidos (Acerto, SAC, ADM): the brand's bids, newest first, with a search. */
const POR_PAGINA = 30;

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Lances recebidos');

export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const url = new URL(request.url);
  const pagina = Math.min(Math.max(1, Math.trunc(Number(url.searchParams.get('pagina'))) || 1), 10_000);
  const busca = textoLivre(100).safeParse(url.searchParams.get('busca') ?? '');
  const b = busca.success && busca.data ? busca.data : null;
  const { lances, total } = await listarLancesRecebidos({
    db: context.db,
    hotsiteId: context.marca.id,
    busca: b,
    pagina,
    porPagina: POR_PAGINA,
  });
  return { lances, total, pagina, busca: b ?? '', paginas: Math.max(1, Math.ceil(total / POR_PAGINA)) };
}

export default function LancesRecebidos() {
  const t = useWording();
  const { lances, total, pagina, paginas, busca } = useLoaderData<typeof loader>();
  const link = (p: number) => `?${new URLSearchParams({ ...(busca ? { busca } : {}), ...(p > 1 ? { pagina: String(p) } : {}) })}`;
  return (
    <section className={s.pagina}>
      <h1>Lances recebidos</h1>
      <Form method="get" className={s.acoes}>
        <input
          className={s.campo}
          name="busca"
          defaultValue={busca}
          placeholder="Nº do lote, lote, cliente, e-mail ou apelido"
          aria-label="Buscar lances"
          maxLength={100}
        />
        <button className={botao} type="submit">
          Buscar
        </button>
      </Form>
      <p className={s.suave}>{t.contar('n_lances', total)}</p>
      <div className={s.rolagem} role="region" aria-label="Lances recebidos" tabIndex={0}>
        <table className={s.tabela} data-testid="lances-recebidos">
          <thead>
            <tr>
              <th className={s.celula}>Data</th>
              <th className={s.celula}>Lote</th>
              <th className={s.celula}>Cliente</th>
              <th className={s.celula}>Tipo</th>
              <th className={s.celula}>Situação</th>
              <th className={s.numero}>Valor</th>
            </tr>
          </thead>
          <tbody>
            {lances.map((l) => (
              <tr key={l.uid}>
                <td className={s.celula}>
                  <Link to={`/admin/lance-recebido/${l.uid}`}>{formatarDataHora(l.data)}</Link>
                </td>
                <td className={s.celula}>
                  {l.loteNumero} · {l.loteNome}
                  {l.leilao ? <div className={s.suave}>{l.leilao}</div> : null}
                </td>
                <td className={s.celula}>
                  {l.cliente} <span className={s.suave}>({l.apelido})</span>
                  <div className={s.suave}>{l.email}</div>
                </td>
                <td className={s.celula}>{l.tipo}</td>
                <td className={s.celula}>{l.situacao}</td>
                <td className={s.numero}>{formatarMoeda(l.valor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {paginas > 1 ? (
        <nav className={s.paginacao} aria-label="Páginas">
          {pagina > 1 ? <Link to={link(pagina - 1)}>Anterior</Link> : null}
          <span className={s.suave}>
            Página {pagina} de {paginas}
          </span>
          {pagina < paginas ? <Link to={link(pagina + 1)}>Próxima</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}
