import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import * as s from '~/components/backoffice/backoffice.css';
import { Paginacao, TabelaRolavel } from '~/components/backoffice/pecas';
import * as f from '~/components/formulario/formulario.css';
import { botao, semQuebra } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { listarContas } from '~/modules/comitentes/contas-bancarias.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { mascararDocumento } from '~/modules/dominio/documentos-br';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Contas bancárias');

export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const filtro = Object.fromEntries(new URL(request.url).searchParams);
  const r = await listarContas({ db: context.db, hotsiteId: context.marca.id, comitentes: 'todos', filtro });
  return { ...r, filtro, itens: r.itens.map((c) => ({ ...c, cpfCnpj: mascararDocumento(c.cpfCnpj) })) };
}

export default function ContasBancarias() {
  const d = useLoaderData<typeof loader>();
  return (
    <section>
      <div className={s.titulo}>
        <h1>Contas bancárias</h1>
        <Link to="/admin/conta-bancaria" className={botao}>
          Nova conta bancária
        </Link>
      </div>
      <Form method="get" className={s.filtros}>
        <label className={f.campo}>
          <span className={f.rotulo}>Banco, titular ou comitente</span>
          <input name="busca" defaultValue={d.filtro.busca ?? ''} className={f.entrada} />
        </label>
        <label className={f.campo}>
          <span className={f.rotulo}>Dono</span>
          <select name="dono" defaultValue={d.filtro.dono ?? ''} className={f.entrada}>
            <option value="">Todas</option>
            <option value="marca">Da marca</option>
            <option value="comitentes">De comitentes</option>
          </select>
        </label>
        <button type="submit" className={botao}>
          Filtrar
        </button>
      </Form>
      <TabelaRolavel rotulo="Contas bancárias">
        <table className={f.tabela} data-testid="lista-contas">
          <thead>
            <tr>
              <th>Banco</th>
              <th>Agência</th>
              <th>Conta</th>
              <th>Titular</th>
              <th>CPF/CNPJ</th>
              <th>Comitente</th>
              <th>Boleto</th>
            </tr>
          </thead>
          <tbody>
            {d.itens.map((c) => (
              <tr key={c.id}>
                <td>
                  <Link to={`/admin/conta-bancaria/${c.id}`}>{`${c.codigoBanco} - ${c.banco}`}</Link>
                </td>
                <td>{c.agencia}</td>
                <td>{`${c.conta}-${c.digito}`}</td>
                <td>{c.titular}</td>
                <td className={semQuebra}>{c.cpfCnpj}</td>
                <td>{c.comitenteId ? <Link to={`/admin/comitente/${c.comitenteId}`}>{c.comitenteNome}</Link> : 'Conta da marca'}</td>
                <td>{c.permiteBoleto ? 'Sim' : 'Não'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TabelaRolavel>
      {d.itens.length === 0 ? <p>Nenhuma conta bancária encontrada.</p> : null}
      <Paginacao pagina={d.pagina} porPagina={d.porPagina} total={d.total} />
    </section>
  );
}
