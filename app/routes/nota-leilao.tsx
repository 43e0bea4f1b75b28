import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useLocation } from '@remix-run/react';
import { container } from '~/components/layout.css';
import { useWording } from '~/components/marca';
import { NotaDeVenda } from '~/components/vendas/nota';
import * as s from '~/components/vendas/vendas.css';
import { vendas as textosDeVendas } from '~/locales/pt-BR/vendas';
import type { VendaDaConsulta } from '~/modules/vendas/nota.server';
import { notasDaConsulta } from '~/paginas/nota-leilao.server';
import { formatarData, formatarMoeda } from '~/utils/format';

/**
 * nota-leilao?leiId={id}[&comId=][&leoId=] (decision 070): every purchase note of an auction, one a
 * printed sheet, with the auction's totals on top. Sales staff see every sale; a seller user only its
 * sellers'. Without leiId, the auctions with sales to choose from. No hash is shown or linked. The
 * same notes as a PDF: nota-leilao.pdf with the same query.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { leiloes, notas } = await notasDaConsulta(args);
  return { marca: args.context.marca.nome, leiloes, notas };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.notas ? `Notas do leilão ${data.notas.leilao.nome}` : 'Notas do leilão' },
  { name: 'robots', content: 'noindex' },
];

export default function NotasDoLeilao() {
  const { marca, leiloes, notas } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const t = useWording(textosDeVendas);
  if (!notas)
    return (
      <section className={`${container} ${s.pagina}`}>
        <h1>{t('vendas.notasDoLeilao')}</h1>
        <ul className={s.lista} data-testid="leiloes-com-vendas">
          {leiloes.map((l) => (
            <li key={l.id}>
              <Link to={`?leiId=${l.id}`}>
                {l.nome} — {formatarData(l.data)} ({l.vendas})
              </Link>
            </li>
          ))}
        </ul>
        {leiloes.length === 0 ? <p>Nenhuma venda encontrada</p> : null}
      </section>
    );
  return (
    <section className={`${container} ${s.pagina}`} data-testid="nota-leilao">
      <div className={s.cartao}>
        <h1>
          {t('vendas.notasDoLeilao')}: {notas.leilao.nome}
        </h1>
        <p className={s.suave}>
          {marca} · {formatarData(notas.leilao.data)} · {notas.vendas.length} {notas.vendas.length === 1 ? 'nota' : 'notas'}
        </p>
        <p>
          <a href={`/nota-leilao.pdf${search}`} download data-testid="nota-leilao-pdf">
            Baixar PDF
          </a>
        </p>
        <dl className={s.dados}>
          <dt>{t('vendas.arremate')}</dt>
          <dd>{formatarMoeda(notas.totais.arremate)}</dd>
          <dt>{t('vendas.comissaoDoLeiloeiro')}</dt>
          <dd>{formatarMoeda(notas.totais.comissao)}</dd>
          <dt>Taxas</dt>
          <dd>{formatarMoeda(notas.totais.taxas)}</dd>
          <dt>Total</dt>
          <dd>
            <strong>{formatarMoeda(notas.totais.total)}</strong>
          </dd>
        </dl>
      </div>
      {notas.vendas.map((v) => (
        <NotaDeVenda key={v.id} v={v as VendaDaConsulta} marca={marca} />
      ))}
    </section>
  );
}
