import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { TabelaRolavel } from '~/components/backoffice/pecas';
import { Form, Link, useLoaderData } from '@remix-run/react';
import * as s from '~/components/formulario/formulario.css';
import { botao, semQuebra } from '~/components/layout.css';
import { formatarCnpj, formatarCpf } from '~/modules/dominio/documentos-br';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { listarClientes } from '~/modules/identidade/usuarios.server';
import { formatarData } from '~/utils/format';
import { metaDaPagina } from '~/components/meta';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Clientes');

export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const busca = new URL(request.url).searchParams.get('busca') ?? '';
  const clientes = await listarClientes({ db: context.db, hotsiteId: context.marca.id, busca });
  return { busca, clientes: clientes.map((c) => ({ ...c, dataCadastro: c.dataCadastro.toISOString() })) };
}

export default function Clientes() {
  const { busca, clientes } = useLoaderData<typeof loader>();
  return (
    <section>
      <h1>Clientes</h1>
      <Form method="get" className={s.acoes}>
        <input
          name="busca"
          defaultValue={busca}
          placeholder="Nome, e-mail, CPF ou CNPJ"
          className={s.entrada}
          aria-label="Buscar cliente"
        />
        <button type="submit" className={botao}>
          Buscar
        </button>
      </Form>
      <TabelaRolavel rotulo="Clientes">
        <table className={s.tabela} data-testid="lista-clientes">
          <thead>
            <tr>
              <th>Nome</th>
              <th>CPF/CNPJ</th>
              <th>E-mail</th>
              <th>Cidade</th>
              <th>Situação</th>
              <th>Documentos</th>
              <th>Cadastro</th>
            </tr>
          </thead>
          <tbody>
            {clientes.map((c) => (
              <tr key={c.id}>
                <td>
                  <Link to={`/admin/cliente/${c.id}`}>{c.nome}</Link>
                </td>
                <td className={semQuebra}>{c.cpf ? formatarCpf(c.cpf) : c.cnpj ? formatarCnpj(c.cnpj) : ''}</td>
                <td>{c.email}</td>
                <td>{c.cidade ? `${c.cidade}/${c.estadoSigla}` : ''}</td>
                <td>{c.situacao}</td>
                <td>{c.documentoSituacao}</td>
                <td>{formatarData(c.dataCadastro)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TabelaRolavel>
    </section>
  );
}
