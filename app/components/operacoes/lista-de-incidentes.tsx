import { Link } from '@remix-run/react';
import * as f from '~/components/formulario/formulario.css';
import { formatarDataHora } from '~/utils/format';

export interface IncidenteDaLista {
  uid: string;
  titulo: string;
  situacao: string;
  createdAt: string;
  responsavel: string | null;
  cliente: string | null;
  lote: string | null;
  vendaId: number | null;
}

/** Incidents as a table: the incidents screen, and the client's and lot's staff screens. */
export function ListaDeIncidentes({ itens }: { itens: readonly IncidenteDaLista[] }) {
  return (
    <table className={f.tabela} data-testid="lista-incidentes">
      <thead>
        <tr>
          <th>Aberto em</th>
          <th>Título</th>
          <th>Situação</th>
          <th>Cliente</th>
          <th>Lote</th>
          <th>Venda</th>
          <th>Responsável</th>
        </tr>
      </thead>
      <tbody>
        {itens.map((i) => (
          <tr key={i.uid}>
            <td>{formatarDataHora(i.createdAt)}</td>
            <td>
              <Link to={`/admin/incidente/${i.uid}`}>{i.titulo}</Link>
            </td>
            <td>{i.situacao}</td>
            <td>{i.cliente ?? '—'}</td>
            <td>{i.lote ?? '—'}</td>
            <td>{i.vendaId ?? '—'}</td>
            <td>{i.responsavel ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The incidents of one client or lot, on its staff screen, with the way to open another. */
export function IncidentesDoRegistro({ itens, novo }: { itens: readonly IncidenteDaLista[]; novo: string }) {
  return (
    <section aria-labelledby="titulo-incidentes" data-testid="incidentes-do-registro">
      <h2 id="titulo-incidentes">Incidentes</h2>
      <p>
        <Link to={novo}>Abrir incidente</Link>
      </p>
      {itens.length ? <ListaDeIncidentes itens={itens} /> : <p>Nenhum incidente.</p>}
    </section>
  );
}
