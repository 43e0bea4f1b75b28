import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { TabelaRolavel } from '~/components/backoffice/pecas';
import { Link, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { metaDaPagina } from '~/components/meta';
import * as s from '~/components/vendas/vendas.css';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { leiloesComVendas, relatorioDoLeilao } from '~/modules/vendas/relatorios.server';
import { ErroHttp } from '~/utils/errors';
import { formatarData, formatarMoeda } from '~/utils/format';

/**
 * /admin/relatorios (Acerto, SAC, ADM; decision 071): per auction, the sales by situation, the totals
 * (arremate, comissão, taxas) of the sales that count, the lots sold / not sold / conditional, and the
 * sales as CSV or XLSX (admin.relatorios_.exportar).
 */
export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Relatórios');

const consulta = z.object({ leilao: z.string().max(40).optional() });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const hotsiteId = context.marca.id;
  const q = consulta.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!q.success) throw new Response(q.error.issues[0]?.message ?? 'Consulta inválida', { status: 400 });
  const leiloes = await leiloesComVendas({ db: context.db, hotsiteId });
  const chave = q.data.leilao ?? leiloes[0]?.uid;
  if (!chave) return { leiloes, relatorio: null };
  const relatorio = await relatorioDoLeilao({ db: context.db, hotsiteId, leilao: chave }).catch((erro) => {
    if (erro instanceof ErroHttp) throw new Response(erro.mensagem, { status: erro.status });
    throw erro;
  });
  return { leiloes, relatorio };
}

export default function Relatorios() {
  const { leiloes, relatorio: r } = useLoaderData<typeof loader>();
  return (
    <section className={s.pagina}>
      <h1>Relatórios</h1>
      <nav className={s.filtros} aria-label="Leilão">
        {leiloes.map((l) => (
          <Link key={l.uid} to={`?leilao=${l.uid}`} className={l.uid === r?.leilao.uid ? s.filtroAtivo : s.filtro}>
            {l.nome} — {formatarData(l.data)}
          </Link>
        ))}
      </nav>
      {!r ? (
        <p>Nenhuma venda encontrada</p>
      ) : (
        <>
          <h2>
            {r.leilao.nome} — {formatarData(r.leilao.data)}
          </h2>
          <p className={s.acoes}>
            <a href={`/admin/relatorios/exportar?leilao=${r.leilao.uid}&formato=csv`} download>
              Exportar CSV
            </a>
            <a href={`/admin/relatorios/exportar?leilao=${r.leilao.uid}&formato=xlsx`} download>
              Exportar XLSX
            </a>
          </p>
          <div className={s.grade}>
            <div className={s.cartao}>
              <h3>
                Totais ({r.totais.vendas} {r.totais.vendas === 1 ? 'venda' : 'vendas'})
              </h3>
              <dl className={s.dados} data-testid="totais-relatorio">
                <dt>Arremate</dt>
                <dd>{formatarMoeda(r.totais.arremate)}</dd>
                <dt>Comissão</dt>
                <dd>{formatarMoeda(r.totais.comissao)}</dd>
                <dt>Taxas</dt>
                <dd>{formatarMoeda(r.totais.taxas)}</dd>
                <dt>Desconto</dt>
                <dd>{formatarMoeda(r.totais.desconto)}</dd>
                <dt>Total</dt>
                <dd>
                  <strong>{formatarMoeda(r.totais.total)}</strong>
                </dd>
              </dl>
            </div>
            <div className={s.cartao}>
              <h3>Lotes ({r.lotes.total})</h3>
              <dl className={s.dados} data-testid="lotes-relatorio">
                <dt>Vendidos</dt>
                <dd>{r.lotes.vendidos}</dd>
                <dt>Não vendidos</dt>
                <dd>{r.lotes.naoVendidos}</dd>
                <dt>Em condicional</dt>
                <dd>{r.lotes.condicionais}</dd>
                <dt>Em andamento</dt>
                <dd>{r.lotes.emAndamento}</dd>
              </dl>
            </div>
          </div>
          <TabelaRolavel rotulo="Relatórios">
            <table className={s.tabela} data-testid="situacoes-relatorio">
              <thead>
                <tr>
                  <th className={s.celula}>Situação</th>
                  <th className={s.numero}>Vendas</th>
                  <th className={s.numero}>Total</th>
                </tr>
              </thead>
              <tbody>
                {r.porSituacao.map((p) => (
                  <tr key={p.situacao}>
                    <td className={s.celula}>{p.rotulo}</td>
                    <td className={s.numero}>{p.vendas}</td>
                    <td className={s.numero}>{formatarMoeda(p.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TabelaRolavel>
          <div className={s.rolagem} role="region" aria-label="Relatórios" tabIndex={0}>
            <table className={s.tabela} data-testid="vendas-relatorio">
              <thead>
                <tr>
                  <th className={s.celula}>Venda</th>
                  <th className={s.celula}>Cliente</th>
                  <th className={s.celula}>Lotes</th>
                  <th className={s.celula}>Situação</th>
                  <th className={s.numero}>Arremate</th>
                  <th className={s.numero}>Comissão</th>
                  <th className={s.numero}>Taxas</th>
                  <th className={s.numero}>Total</th>
                </tr>
              </thead>
              <tbody>
                {r.linhas.map((l) => (
                  <tr key={l.venda}>
                    <td className={s.celula}>
                      <Link to={`/admin/compras/${l.venda}`}>{l.venda}</Link>
                    </td>
                    <td className={s.celula}>{l.cliente}</td>
                    <td className={s.celula}>{l.lotes}</td>
                    <td className={s.celula}>{l.situacao}</td>
                    <td className={s.numero}>{formatarMoeda(l.arremate)}</td>
                    <td className={s.numero}>{formatarMoeda(l.comissao)}</td>
                    <td className={s.numero}>{formatarMoeda(l.taxas)}</td>
                    <td className={s.numero}>{formatarMoeda(l.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
