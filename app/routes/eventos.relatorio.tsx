import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import * as s from '~/components/backoffice/backoffice.css';
import { TabelaRolavel } from '~/components/backoffice/pecas';
import * as f from '~/components/formulario/formulario.css';
import { metaDaPagina } from '~/components/meta';
import { relatorioDeEventos } from '~/modules/eventos/painel.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { formatarDataHora, formatarMoeda } from '~/utils/format';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Relatório de eventos');

/** /eventos/relatorio (Dev): every exclusive event with its invitations, participation and sales. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const linhas = await relatorioDeEventos({ db: context.db, hotsiteId: context.marca.id });
  return { linhas: linhas.map((l) => ({ ...l, data: l.data.toISOString() })) };
}

export default function RelatorioDeEventos() {
  const { linhas } = useLoaderData<typeof loader>();
  return (
    <section>
      <div className={s.titulo}>
        <h1>Relatório de eventos</h1>
      </div>
      {linhas.length === 0 ? (
        <p>Nenhum evento exclusivo.</p>
      ) : (
        <TabelaRolavel rotulo="Relatório de eventos">
          <table className={f.tabela} data-testid="relatorio-eventos">
            <thead>
              <tr>
                <th scope="col">Evento</th>
                <th scope="col">Data</th>
                <th scope="col">Convidados</th>
                <th scope="col">Aceitos</th>
                <th scope="col">Recusados</th>
                <th scope="col">Participantes</th>
                <th scope="col">Lances</th>
                <th scope="col">Vendidos</th>
                <th scope="col">Arrematado</th>
              </tr>
            </thead>
            <tbody>
              {linhas.map((l) => (
                <tr key={l.uid} data-testid="linha-evento">
                  {/* No link to the dashboard: it is SAC's and ADM's screen, the report Dev's (000 §6). */}
                  <td>{l.nome}</td>
                  <td>{formatarDataHora(l.data)}</td>
                  <td>{l.convidados}</td>
                  <td>{l.aceitos}</td>
                  <td>{l.recusados}</td>
                  <td>{l.participantes}</td>
                  <td>{l.lances}</td>
                  <td>
                    {l.vendidos} de {l.lotes}
                  </td>
                  <td>{formatarMoeda(l.arrematado)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TabelaRolavel>
      )}
    </section>
  );
}
