import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import * as s from '~/components/backoffice/backoffice.css';
import { Paginacao, TabelaRolavel } from '~/components/backoffice/pecas';
import * as f from '~/components/formulario/formulario.css';
import { botao, semQuebra } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { listarVistorias } from '~/modules/vistorias/vistorias.server';
import { SITUACOES_VISTORIA } from '@db/schema';
import { formatarDataHora } from '~/utils/format';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Vistorias');

/** /admin/vistorias: inspections by state and plate/chassis (decision 064). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const filtro = Object.fromEntries(new URL(request.url).searchParams);
  const r = await listarVistorias({ db: context.db, hotsiteId: context.marca.id, filtro });
  return { ...r, filtro };
}

export default function Vistorias() {
  const d = useLoaderData<typeof loader>();
  return (
    <section>
      <div className={s.titulo}>
        <h1>Vistorias</h1>
        <div className={f.acoes}>
          <Link to="/admin/vistorias/tipos">Tipos de vistoria</Link>
          <Link to="/admin/vistoria" className={botao}>
            Nova vistoria
          </Link>
        </div>
      </div>
      <Form method="get" className={s.filtros}>
        <label className={f.campo}>
          <span className={f.rotulo}>Situação</span>
          <select name="situacao" defaultValue={d.filtro.situacao ?? ''} className={f.entrada}>
            <option value="">Todas</option>
            {SITUACOES_VISTORIA.map((x) => (
              <option key={x} value={x}>
                {x}
              </option>
            ))}
          </select>
        </label>
        <label className={f.campo}>
          <span className={f.rotulo}>Placa ou chassi</span>
          <input name="busca" defaultValue={d.filtro.busca ?? ''} className={f.entrada} />
        </label>
        <button type="submit" className={botao}>
          Buscar
        </button>
      </Form>
      <TabelaRolavel rotulo="Vistorias">
        <table className={f.tabela} data-testid="lista-vistorias">
          <thead>
            <tr>
              <th>Veículo</th>
              <th>Placa</th>
              <th>Chassi</th>
              <th>Tipo</th>
              <th>Situação</th>
              <th>Vistoriador</th>
              <th>Aberta em</th>
              <th>Laudo</th>
            </tr>
          </thead>
          <tbody>
            {d.itens.map((v) => (
              <tr key={v.id}>
                <td>
                  <Link to={`/admin/vistoria/${v.uid}`}>{v.veiculoNome}</Link>
                </td>
                <td className={semQuebra}>{v.placa ?? ''}</td>
                <td className={semQuebra}>{v.chassi ?? ''}</td>
                <td>{v.tipo}</td>
                <td>{v.situacao}</td>
                <td>{v.vistoriador ?? ''}</td>
                <td>{formatarDataHora(v.createdAt)}</td>
                <td>{v.hash ? <a href={`/laudo-vistoria/${v.hash}`}>Ver laudo</a> : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TabelaRolavel>
      {d.itens.length === 0 ? <p>Nenhuma vistoria encontrada.</p> : null}
      <Paginacao pagina={d.pagina} porPagina={d.porPagina} total={d.total} />
    </section>
  );
}
