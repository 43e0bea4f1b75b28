import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { TabelaRolavel } from '~/components/backoffice/pecas';
import { Link, useLoaderData } from '@remix-run/react';
import * as f from '~/components/admin-form.css';
import { botao } from '~/components/layout.css';
import { listarHotsites } from '~/modules/hotsites/admin.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { formatarDataHora } from '~/utils/format';
import { ROTULOS_TIPO_MARCA } from '~/modules/hotsites/formulario-marca';
import { metaDaPagina } from '~/components/meta';

/** Onboarding: every brand (Interno - ADM, from the access table). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const hotsites = await listarHotsites({ db: context.db, ids: 'todas' });
  return {
    hotsites: hotsites.map((h) => ({
      id: h.id,
      nome: h.nome,
      tipo: h.tipo,
      domain: h.domain,
      subdomain: h.subdomain,
      ativo: h.ativo,
      updatedAt: h.updatedAt,
    })),
  };
}

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Hotsites');

export default function Hotsites() {
  const { hotsites } = useLoaderData<typeof loader>();
  return (
    <section>
      <div className={f.acoes} style={{ justifyContent: 'space-between' }}>
        <h1>Hotsites</h1>
        <Link to="/admin/hotsite" className={botao} data-testid="nova-marca">
          Nova marca
        </Link>
      </div>
      <TabelaRolavel rotulo="Hotsites">
        <table className={f.tabela}>
          <thead>
            <tr>
              <th>ID</th>
              <th>Nome</th>
              <th>Tipo</th>
              <th>Domínio</th>
              <th>Subdomínio</th>
              <th>Situação</th>
              <th>Alterado em</th>
            </tr>
          </thead>
          <tbody>
            {hotsites.map((h) => (
              <tr key={h.id}>
                <td>{h.id}</td>
                <td>
                  <Link to={`/admin/hotsite/${h.id}`}>{h.nome}</Link>
                </td>
                <td>{ROTULOS_TIPO_MARCA[h.tipo] ?? h.tipo}</td>
                <td>{h.domain ?? '—'}</td>
                <td>{h.subdomain ?? '—'}</td>
                <td>{h.ativo ? 'Ativo' : 'Inativo'}</td>
                <td>{formatarDataHora(h.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TabelaRolavel>
    </section>
  );
}
