import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import * as s from '~/components/backoffice/backoffice.css';
import { Paginacao, TabelaRolavel } from '~/components/backoffice/pecas';
import * as f from '~/components/formulario/formulario.css';
import { botao } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { listarLeiloes } from '~/modules/backoffice/leiloes.server';
import { ROTULOS_LEILAO } from '~/modules/backoffice/regras';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { SITUACOES_LEILAO } from '@db/schema/enums-catalogo';
import { formatarDataHora } from '~/utils/format';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Leilões');

export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const filtro = Object.fromEntries(new URL(request.url).searchParams);
  const r = await listarLeiloes({ db: context.db, hotsiteId: context.marca.id, filtro });
  return { ...r, filtro, itens: r.itens.map((l) => ({ ...l, data: l.data.toISOString() })) };
}

export default function Leiloes() {
  const d = useLoaderData<typeof loader>();
  return (
    <section>
      <div className={s.titulo}>
        <h1>Leilões</h1>
        <Link to="/admin/leilao" className={botao}>
          Novo leilão
        </Link>
      </div>
      <Form method="get" className={s.filtros}>
        <label className={f.campo}>
          <span className={f.rotulo}>Nome</span>
          <input name="nome" defaultValue={d.filtro.nome ?? ''} className={f.entrada} />
        </label>
        <label className={f.campo}>
          <span className={f.rotulo}>Situação</span>
          <select name="situacao" defaultValue={d.filtro.situacao ?? ''} className={f.entrada}>
            <option value="">Todas</option>
            {SITUACOES_LEILAO.map((x) => (
              <option key={x} value={x}>
                {ROTULOS_LEILAO[x]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={botao}>
          Filtrar
        </button>
      </Form>
      <TabelaRolavel rotulo="Leilões">
        <table className={f.tabela} data-testid="lista-leiloes">
          <thead>
            <tr>
              <th>Nome</th>
              <th>Data</th>
              <th>Modalidade</th>
              <th>Situação</th>
              <th>Lotes</th>
            </tr>
          </thead>
          <tbody>
            {d.itens.map((l) => (
              <tr key={l.id}>
                <td>
                  <Link to={`/admin/leilao/${l.id}`}>{l.nome}</Link>
                </td>
                <td>{formatarDataHora(l.data)}</td>
                <td>{l.modalidade}</td>
                <td>
                  <span className={s.selo}>{ROTULOS_LEILAO[l.situacao]}</span>
                </td>
                <td>
                  <Link to={`/admin/lotes?leilaoId=${l.id}`}>{l.quantidadeLotes}</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TabelaRolavel>
      {d.itens.length === 0 ? <p>Nenhum leilão encontrado.</p> : null}
      <Paginacao pagina={d.pagina} porPagina={d.porPagina} total={d.total} />
    </section>
  );
}
