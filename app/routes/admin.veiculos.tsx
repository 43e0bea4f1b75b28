import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import * as s from '~/components/backoffice/backoffice.css';
import { Paginacao, TabelaRolavel } from '~/components/backoffice/pecas';
import * as f from '~/components/formulario/formulario.css';
import { botao, semQuebra } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { unidadesAtivas } from '~/modules/backoffice/unidades-negocio.server';
import { comitentesVisiveis, listarVeiculos } from '~/modules/backoffice/veiculos.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Veículos');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const filtro = Object.fromEntries(new URL(request.url).searchParams);
  const comitentes = await comitentesVisiveis({ db: context.db, hotsiteId: context.marca.id, usuario: eu });
  const [r, unidades] = await Promise.all([
    listarVeiculos({ db: context.db, hotsiteId: context.marca.id, comitentes, filtro }),
    unidadesAtivas({ db: context.db, hotsiteId: context.marca.id }),
  ]);
  return { ...r, filtro, unidades };
}

export default function Veiculos() {
  const d = useLoaderData<typeof loader>();
  return (
    <section>
      <div className={s.titulo}>
        <h1>Veículos</h1>
        <Link to="/admin/veiculo" className={botao}>
          Novo veículo
        </Link>
      </div>
      <Form method="get" className={s.filtros}>
        <label className={f.campo}>
          <span className={f.rotulo}>Nome, placa ou chassi</span>
          <input name="busca" defaultValue={d.filtro.busca ?? ''} className={f.entrada} />
        </label>
        <label className={f.campo}>
          <span className={f.rotulo}>Unidade de negócio</span>
          <select name="unidadeNegocioId" defaultValue={d.filtro.unidadeNegocioId ?? ''} className={f.entrada}>
            <option value="">Todas</option>
            {d.unidades.map((u) => (
              <option key={u.id} value={u.id}>
                {u.nome}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={botao}>
          Buscar
        </button>
      </Form>
      <TabelaRolavel rotulo="Veículos">
        <table className={f.tabela} data-testid="lista-veiculos">
          <thead>
            <tr>
              <th>Nome</th>
              <th>Tipo</th>
              <th>Ano</th>
              <th>Placa</th>
              <th>Chassi</th>
              <th>Comitente</th>
              <th>Pátio</th>
              <th>Unidade de negócio</th>
              <th>Lotes</th>
            </tr>
          </thead>
          <tbody>
            {d.itens.map((v) => (
              <tr key={v.id}>
                <td>
                  <Link to={`/admin/veiculo/${v.uid}`}>{v.nome}</Link>
                </td>
                <td>{v.tipo}</td>
                <td>{[v.anoFabricacao, v.anoModelo].filter(Boolean).join('/')}</td>
                <td className={semQuebra}>{v.placa ?? ''}</td>
                <td className={semQuebra}>{v.chassi ?? ''}</td>
                <td>{v.comitente ?? ''}</td>
                <td>{v.patio ?? ''}</td>
                <td>{v.unidadeNegocio ?? ''}</td>
                <td>{v.quantidadeLotes}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TabelaRolavel>
      {d.itens.length === 0 ? <p>Nenhum veículo encontrado.</p> : null}
      <Paginacao pagina={d.pagina} porPagina={d.porPagina} total={d.total} />
    </section>
  );
}
