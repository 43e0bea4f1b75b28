import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import * as s from '~/components/backoffice/backoffice.css';
import { Paginacao, TabelaRolavel } from '~/components/backoffice/pecas';
import * as f from '~/components/formulario/formulario.css';
import { botao } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { listarTiposVistoria } from '~/modules/vistorias/tipos.server';
import { formatarDataHora } from '~/utils/format';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Tipos de vistoria');

/** /admin/vistorias/tipos: the spec names no screen for inspection types; they live under /admin/vistorias (decision 064). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const filtro = Object.fromEntries(new URL(request.url).searchParams);
  return listarTiposVistoria({ db: context.db, hotsiteId: context.marca.id, filtro });
}

export default function TiposDeVistoria() {
  const d = useLoaderData<typeof loader>();
  return (
    <section>
      <div className={s.titulo}>
        <h1>Tipos de vistoria</h1>
        <div className={f.acoes}>
          <Link to="/admin/vistorias">Vistorias</Link>
          <Link to="/admin/vistorias/tipo" className={botao}>
            Novo tipo
          </Link>
        </div>
      </div>
      <TabelaRolavel rotulo="Tipos de vistoria">
        <table className={f.tabela} data-testid="lista-tipos-vistoria">
          <thead>
            <tr>
              <th>Nome</th>
              <th>Categorias</th>
              <th>Itens</th>
              <th>Para</th>
              <th>Ativo</th>
              <th>Alterado</th>
            </tr>
          </thead>
          <tbody>
            {d.itens.map((t) => (
              <tr key={t.id}>
                <td>
                  <Link to={`/admin/vistorias/tipo/${t.uid}`}>{t.nome}</Link>
                </td>
                <td>{t.categorias.length}</td>
                <td>{t.categorias.reduce((n, c) => n + c.itens.length, 0)}</td>
                <td>{t.disponibilizarParaTipos.length ? t.disponibilizarParaTipos.join(', ') : 'Todos'}</td>
                <td>{t.ativo ? 'Sim' : 'Não'}</td>
                <td>
                  {formatarDataHora(t.updatedAt)}
                  {t.updatedByCliente ? ` · ${t.updatedByCliente}` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TabelaRolavel>
      {d.itens.length === 0 ? <p>Nenhum tipo de vistoria cadastrado.</p> : null}
      <Paginacao pagina={d.pagina} porPagina={d.porPagina} total={d.total} />
    </section>
  );
}
