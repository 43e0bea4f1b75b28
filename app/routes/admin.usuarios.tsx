import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { TabelaRolavel } from '~/components/backoffice/pecas';
import { Form, Link, useLoaderData } from '@remix-run/react';
import * as s from '~/components/formulario/formulario.css';
import { botao } from '~/components/layout.css';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { listarUsuarios } from '~/modules/identidade/usuarios.server';
import { metaDaPagina } from '~/components/meta';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Usuários');

export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const url = new URL(request.url);
  const busca = url.searchParams.get('busca') ?? '';
  const incluirClientes = url.searchParams.get('clientes') === 'on';
  return {
    busca,
    incluirClientes,
    usuarios: await listarUsuarios({ db: context.db, hotsiteId: context.marca.id, busca, incluirClientes }),
  };
}

export default function Usuarios() {
  const { busca, incluirClientes, usuarios } = useLoaderData<typeof loader>();
  return (
    <section>
      <h1>Usuários</h1>
      <Form method="get" className={s.acoes}>
        <input
          name="busca"
          defaultValue={busca}
          placeholder="Nome ou e-mail"
          className={s.entrada}
          aria-label="Buscar por nome ou e-mail"
        />
        <label className={s.caixa}>
          <input type="checkbox" name="clientes" defaultChecked={incluirClientes} /> Incluir clientes deste site
        </label>
        <button type="submit" className={botao}>
          Buscar
        </button>
        <Link to="/admin/usuario/novo">Novo usuário interno</Link>
      </Form>
      <TabelaRolavel rotulo="Usuários">
        <table className={s.tabela} data-testid="lista-usuarios">
          <thead>
            <tr>
              <th>Nome</th>
              <th>E-mail</th>
              <th>Papéis</th>
              <th>Situação</th>
            </tr>
          </thead>
          <tbody>
            {usuarios.map((u) => (
              <tr key={u.uid}>
                <td>
                  <Link to={`/admin/usuario/${u.uid}`}>{u.nome}</Link>
                </td>
                <td>{u.email}</td>
                <td>{u.papeis.join(', ')}</td>
                <td>
                  {u.bloqueado ? <span className={s.selo}>Bloqueado</span> : 'Ativo'}
                  {u.twoFactorBloqueado ? <span className={s.selo}>2FA bloqueado</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TabelaRolavel>
    </section>
  );
}
