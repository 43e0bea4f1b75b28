import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { botao, botaoSecundario } from '~/components/layout.css';
import { container } from '~/components/layout.css';
import { useWording } from '~/components/marca';
import { LinhaDeVenda, OfertasSegundoColocado } from '~/components/vendas/partes';
import * as s from '~/components/vendas/vendas.css';
import { vendas as textosDeVendas } from '~/locales/pt-BR/vendas';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { listarVendas } from '~/modules/vendas/consultas.server';
import { ofertasDoCliente, responderOferta } from '~/modules/vendas/segundo-colocado.server';
import { lerFormulario } from '~/utils/formulario.server';
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
  const ofertas = await ofertasDoCliente({ db: context.db, hotsiteId: context.marca.id, usuarioId: u.id });
  return { vendas, ofertas, total, filtro, pagina, paginas: Math.max(1, Math.ceil(total / POR_PAGINA)) };
}

/** The runner-up answers an offer (decision 058): accept (a sale is created) or decline. */
export async function action({ request, context }: ActionFunctionArgs) {
  const u = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request);
  return responderOferta({
    db: context.db,
    hub: context.hub,
    hotsiteId: context.marca.id,
    usuarioId: u.id,
    entrada: { ofertaUid: form.get('ofertaUid'), resposta: form.get('resposta') },
    urlBase: context.urlBase,
  });
}

export const meta: MetaFunction = () => [{ title: 'Minhas compras' }];

export default function MinhasCompras() {
  const { vendas, ofertas, filtro, pagina, paginas } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>();
  const t = useWording(textosDeVendas);
  const link = (f: string | null, p = 1) =>
    `?${new URLSearchParams({ ...(f ? { situacao: f } : {}), ...(p > 1 ? { pagina: String(p) } : {}) })}`;
  return (
    <section className={`${container} ${s.pagina}`}>
      <h1>{t('vendas.minhas_compras')}</h1>
      {r ? (
        <p role="status">
          {r.mensagem}
          {r.vendaId ? (
            <>
              {' '}
              <Link to={`/cliente/compras/${r.vendaId}`}>
                {t('vendas.compra')} {r.vendaId}
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      {ofertas.length > 0 ? (
        <section aria-labelledby="ofertas">
          <h2 id="ofertas">{t('vendas.ofertas')}</h2>
          <p className={s.suave}>{t('vendas.ofertas_explicacao')}</p>
          <OfertasSegundoColocado
            ofertas={ofertas}
            responder={(uid) => (
              <Form method="post" className={s.acoes}>
                <input type="hidden" name="ofertaUid" value={uid} />
                <button className={botao} type="submit" name="resposta" value="aceitar">
                  Aceitar
                </button>
                <button className={botaoSecundario} type="submit" name="resposta" value="recusar">
                  Recusar
                </button>
              </Form>
            )}
          />
        </section>
      ) : null}
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
