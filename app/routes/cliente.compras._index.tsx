import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { container } from '~/components/layout.css';
import { useWording } from '~/components/marca';
import { LinhaDeVenda } from '~/components/vendas/partes';
import * as s from '~/components/vendas/vendas.css';
import { vendas as textosDeVendas } from '~/locales/pt-BR/vendas';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { listarVendas } from '~/modules/vendas/consultas.server';
import { FILTROS_VENDA, SITUACAO_VENDA, type FiltroVenda } from '~/modules/vendas/regras';

/** /cliente/compras: the client's sales, 10 per page, newest first, filtered by situation. */
const POR_PAGINA = 10;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const u = (await exigirAcesso(request, context))!;
  const url = new URL(request.url);
  const pedido = url.searchParams.get('situacao');
  const filtro = (FILTROS_VENDA as readonly string[]).includes(pedido ?? '') ? (pedido as FiltroVenda) : null;
  const pagina = Math.min(Math.max(1, Math.trunc(Number(url.searchParams.get('pagina'))) || 1), 10_000);
  const { vendas, total } = await listarVendas({
    db: context.db,
    hotsiteId: context.marca.id,
    leitor: { usuarioId: u.id },
    filtro,
    pagina,
    porPagina: POR_PAGINA,
  });
  return { vendas, total, filtro, pagina, paginas: Math.max(1, Math.ceil(total / POR_PAGINA)) };
}

export const meta: MetaFunction = () => [{ title: 'Minhas compras' }];

export default function MinhasCompras() {
  const { vendas, filtro, pagina, paginas } = useLoaderData<typeof loader>();
  const t = useWording(textosDeVendas);
  const link = (f: string | null, p = 1) =>
    `?${new URLSearchParams({ ...(f ? { situacao: f } : {}), ...(p > 1 ? { pagina: String(p) } : {}) })}`;
  return (
    <section className={`${container} ${s.pagina}`}>
      <h1>{t('vendas.minhas_compras')}</h1>
      <nav className={s.filtros} aria-label="Situação">
        <Link to={link(null)} className={filtro ? s.filtro : s.filtroAtivo} aria-current={filtro ? undefined : 'page'}>
          Todas
        </Link>
        {FILTROS_VENDA.map((f) => (
          <Link key={f} to={link(f)} className={f === filtro ? s.filtroAtivo : s.filtro} aria-current={f === filtro ? 'page' : undefined}>
            {SITUACAO_VENDA[f].rotulo}
          </Link>
        ))}
      </nav>
      {vendas.length === 0 ? <p>{t('vendas.nenhuma')}</p> : null}
      <ul className={s.lista} data-testid="vendas">
        {vendas.map((v) => (
          <LinhaDeVenda key={v.id} v={v} href={`/cliente/compras/${v.id}`} />
        ))}
      </ul>
      {paginas > 1 ? (
        <nav className={s.paginacao} aria-label="Páginas">
          {pagina > 1 ? <Link to={link(filtro, pagina - 1)}>Anterior</Link> : null}
          <span className={s.suave}>
            Página {pagina} de {paginas}
          </span>
          {pagina < paginas ? <Link to={link(filtro, pagina + 1)}>Próxima</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}
