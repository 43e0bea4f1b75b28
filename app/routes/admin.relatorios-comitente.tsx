import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { botao } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import * as s from '~/components/vendas/vendas.css';
import { comitentesDoUsuario } from '~/modules/comitentes/usuarios-comitente.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { consultaRelatorioComitente, opcoesDoRelatorioComitente, relatorioDeComitentes } from '~/modules/vendas/relatorio-comitente.server';
import { Grafico } from '~/components/comitente/grafico';
import * as g from '~/components/comitente/grafico.css';
import { GRAFICOS } from '~/modules/area-comitente/graficos';
import { consultaResultados, resultadosDoComitente } from '~/modules/area-comitente/resultados.server';
import { ErroHttp } from '~/utils/errors';
import { formatarData, formatarMoeda } from '~/utils/format';

/**
 * /admin/relatorios-comitente (Comitente + ADM, spec 000 §2 "consignor reports"; decision 079): per seller
 * and auction, the lots offered, sold, conditional and unsold, the hammer, commission, discount and the
 * seller's net; filters by auction, seller and auction date; 30 rows a page; CSV and XLSX export
 * (admin.relatorios-comitente_.exportar). A seller user sees only the sellers it is tied to.
 */
const POR_PAGINA = 30;

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Relatórios do comitente');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const usuario = await exigirAcesso(request, context);
  if (!usuario) throw new Response('Efetuar login para acessar esta página', { status: 401 });
  const hotsiteId = context.marca.id;
  const busca = new URL(request.url).searchParams;
  const q = consultaRelatorioComitente.safeParse(Object.fromEntries(busca));
  if (!q.success) throw new Response(q.error.issues[0]?.message ?? 'Consulta inválida', { status: 400 });
  const comitentes = await comitentesDoUsuario({ db: context.db, hotsiteId, usuario });
  try {
    // The seller's charts (#30), per auction, with the report's seller and period (the auction filter is the report's table's).
    const cg = consultaResultados.safeParse({ comitente: busca.get('comitente'), de: busca.get('de'), ate: busca.get('ate') });
    if (!cg.success) throw new Response(cg.error.issues[0]?.message ?? 'Consulta inválida', { status: 400 });
    const [opcoes, relatorio, graficos] = await Promise.all([
      opcoesDoRelatorioComitente({ db: context.db, hotsiteId, comitentes }),
      relatorioDeComitentes({ db: context.db, hotsiteId, comitentes, consulta: q.data, porPagina: POR_PAGINA }),
      resultadosDoComitente({ db: context.db, hotsiteId, comitentes, consulta: cg.data }),
    ]);
    return { ...opcoes, relatorio, graficos, filtros: { ...q.data, pagina: undefined } };
  } catch (erro) {
    if (erro instanceof ErroHttp) throw new Response(erro.mensagem, { status: erro.status });
    throw erro;
  }
}

export default function RelatoriosComitente() {
  const { comitentes, leiloes, relatorio: r, graficos, filtros } = useLoaderData<typeof loader>();
  const params = (extra: Record<string, string>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(filtros)) if (v != null && v !== '') p.set(k, String(v));
    for (const [k, v] of Object.entries(extra))
      if (v) p.set(k, v);
      else p.delete(k);
    return p.toString();
  };
  const t = r.totais;
  return (
    <section className={s.pagina}>
      <h1>Relatórios do comitente</h1>
      <Form method="get" className={s.acoes} aria-label="Filtros">
        <label>
          Comitente{' '}
          <select name="comitente" defaultValue={filtros.comitente ?? ''} className={s.campo}>
            <option value="">Todos</option>
            {comitentes.map((c) => (
              <option key={c.id} value={c.id}>
                {c.nome}
              </option>
            ))}
          </select>
        </label>
        <label>
          Leilão{' '}
          <select name="leilao" defaultValue={filtros.leilao ?? ''} className={s.campo}>
            <option value="">Todos</option>
            {leiloes.map((l) => (
              <option key={l.id} value={l.id}>
                {l.nome} — {formatarData(l.data)}
              </option>
            ))}
          </select>
        </label>
        <label>
          De <input type="date" name="de" defaultValue={filtros.de ?? ''} className={s.campo} />
        </label>
        <label>
          Até <input type="date" name="ate" defaultValue={filtros.ate ?? ''} className={s.campo} />
        </label>
        <button type="submit" className={botao}>
          Filtrar
        </button>
      </Form>
      <p className={s.acoes}>
        <a href={`/admin/relatorios-comitente/exportar?${params({ formato: 'csv' })}`} download>
          Exportar CSV
        </a>
        <a href={`/admin/relatorios-comitente/exportar?${params({ formato: 'xlsx' })}`} download>
          Exportar XLSX
        </a>
      </p>
      {r.linhas.length === 0 ? (
        <p>Nenhum lote de comitente encontrado</p>
      ) : (
        <div className={s.rolagem} role="region" aria-label="Relatórios do comitente" tabIndex={0}>
          <table className={s.tabela} data-testid="relatorio-comitente">
            <thead>
              <tr>
                <th className={s.celula}>Comitente</th>
                <th className={s.celula}>Leilão</th>
                <th className={s.numero}>Ofertados</th>
                <th className={s.numero}>Vendidos</th>
                <th className={s.numero}>Em condicional</th>
                <th className={s.numero}>Não vendidos</th>
                <th className={s.numero}>Arremate</th>
                <th className={s.numero}>Comissão</th>
                <th className={s.numero}>Desconto</th>
                <th className={s.numero}>Líquido do comitente</th>
              </tr>
            </thead>
            <tbody>
              {r.linhas.map((l) => (
                <tr key={`${l.comitente.id}-${l.leilao.id}`} data-comitente={l.comitente.id} data-leilao={l.leilao.id}>
                  <td className={s.celula}>{l.comitente.nome}</td>
                  <td className={s.celula}>
                    {l.leilao.nome} — {formatarData(l.leilao.data)}
                  </td>
                  <td className={s.numero}>{l.ofertados}</td>
                  <td className={s.numero}>{l.vendidos}</td>
                  <td className={s.numero}>{l.condicionais}</td>
                  <td className={s.numero}>{l.naoVendidos}</td>
                  <td className={s.numero}>{formatarMoeda(l.arremate)}</td>
                  <td className={s.numero}>{formatarMoeda(l.comissao)}</td>
                  <td className={s.numero}>{formatarMoeda(l.desconto)}</td>
                  <td className={s.numero}>{formatarMoeda(l.liquido)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot data-testid="totais-relatorio-comitente">
              <tr>
                <th className={s.celula} colSpan={2}>
                  Total ({r.quantidade} {r.quantidade === 1 ? 'linha' : 'linhas'})
                </th>
                <td className={s.numero}>{t.ofertados}</td>
                <td className={s.numero}>{t.vendidos}</td>
                <td className={s.numero}>{t.condicionais}</td>
                <td className={s.numero}>{t.naoVendidos}</td>
                <td className={s.numero}>{formatarMoeda(t.arremate)}</td>
                <td className={s.numero}>{formatarMoeda(t.comissao)}</td>
                <td className={s.numero}>{formatarMoeda(t.desconto)}</td>
                <td className={s.numero}>
                  <strong>{formatarMoeda(t.liquido)}</strong>
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      {graficos.length ? (
        <>
          <h2>Gráficos por leilão</h2>
          <div className={g.graficos}>
            {GRAFICOS.map((def) => (
              <Grafico
                key={def.id}
                definicao={def}
                linhas={graficos}
                rotuloGrupo="Leilão"
                exportar={`/admin/relatorios-comitente/graficos?${params({ grafico: def.id, leilao: '' })}`}
              />
            ))}
          </div>
        </>
      ) : null}
      {r.paginas > 1 ? (
        <nav className={s.paginacao} aria-label="Páginas">
          {r.pagina > 1 ? <Link to={`?${params({ pagina: String(r.pagina - 1) })}`}>Anterior</Link> : null}
          <span>
            Página {r.pagina} de {r.paginas}
          </span>
          {r.pagina < r.paginas ? <Link to={`?${params({ pagina: String(r.pagina + 1) })}`}>Próxima</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}
