import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import * as s from '~/components/backoffice/backoffice.css';
import { Paginacao, TabelaRolavel } from '~/components/backoffice/pecas';
import * as f from '~/components/formulario/formulario.css';
import { botao } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { gruposDeComitentes, listarComitentesPaginado } from '~/modules/comitentes/comitentes.server';
import { comitentesDoUsuario } from '~/modules/comitentes/usuarios-comitente.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { PAPEIS_INTERNOS } from '~/modules/dominio/papeis';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Comitentes');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const filtro = Object.fromEntries(new URL(request.url).searchParams);
  const hotsiteId = context.marca.id;
  const comitentes = await comitentesDoUsuario({ db: context.db, hotsiteId, usuario: eu });
  const [r, grupos] = await Promise.all([
    listarComitentesPaginado({ db: context.db, hotsiteId, comitentes, filtro }),
    gruposDeComitentes({ db: context.db, hotsiteId }),
  ]);
  return { ...r, grupos, filtro, podeCriar: eu.papeis.includes(PAPEIS_INTERNOS.ADM) };
}

export default function ListaComitentes() {
  const d = useLoaderData<typeof loader>();
  return (
    <section>
      <div className={s.titulo}>
        <h1>Comitentes</h1>
        {d.podeCriar ? (
          <Link to="/admin/comitente" className={botao}>
            Novo comitente
          </Link>
        ) : null}
      </div>
      <Form method="get" className={s.filtros}>
        <label className={f.campo}>
          <span className={f.rotulo}>Nome ou razão social</span>
          <input name="nome" defaultValue={d.filtro.nome ?? ''} className={f.entrada} />
        </label>
        <label className={f.campo}>
          <span className={f.rotulo}>Grupo</span>
          <select name="grupo" defaultValue={d.filtro.grupo ?? ''} className={f.entrada}>
            <option value="">Todos</option>
            {d.grupos.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </label>
        <label className={f.campo}>
          <span className={f.rotulo}>Situação</span>
          <select name="ativo" defaultValue={d.filtro.ativo ?? ''} className={f.entrada}>
            <option value="">Todos</option>
            <option value="true">Ativos</option>
            <option value="false">Inativos</option>
          </select>
        </label>
        <button type="submit" className={botao}>
          Filtrar
        </button>
      </Form>
      <TabelaRolavel rotulo="Comitentes">
        <table className={f.tabela} data-testid="lista-comitentes">
          <thead>
            <tr>
              <th>Nome no site</th>
              <th>Razão social</th>
              <th>Grupo</th>
              <th>Contas</th>
              <th>Usuários</th>
              <th>Situação</th>
            </tr>
          </thead>
          <tbody>
            {d.itens.map((c) => (
              <tr key={c.id}>
                <td>
                  <Link to={`/admin/comitente/${c.id}`}>{c.nomeSite}</Link>
                </td>
                <td>{c.razaoSocial ?? '—'}</td>
                <td>{c.grupo ?? '—'}</td>
                <td>{c.quantidadeContas}</td>
                <td>{c.quantidadeUsuarios}</td>
                <td>
                  <span className={s.selo}>{c.ativo ? 'Ativo' : 'Inativo'}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TabelaRolavel>
      {d.itens.length === 0 ? <p>Nenhum comitente encontrado.</p> : null}
      <Paginacao pagina={d.pagina} porPagina={d.porPagina} total={d.total} />
    </section>
  );
}
