import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import * as s from '~/components/backoffice/backoffice.css';
import { Paginacao, TabelaRolavel } from '~/components/backoffice/pecas';
import * as f from '~/components/formulario/formulario.css';
import { botao } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { INTEGRADORAS } from '@db/schema/enums-catalogo';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { listarTags } from '~/modules/integracoes/tags.server';

/** Integration tags (spec 000 §2 `/admin/comitente-integracao-tags`, ADM alone): the brand's tags by integrator. */
export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Tags de integração');

export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const filtro = Object.fromEntries(new URL(request.url).searchParams);
  return { ...(await listarTags({ db: context.db, hotsiteId: context.marca.id, filtro })), filtro };
}

export default function TagsDeIntegracao() {
  const d = useLoaderData<typeof loader>();
  return (
    <section>
      <div className={s.titulo}>
        <h1>Tags de integração</h1>
        <Link to="/admin/comitente-integracao-tag" className={botao}>
          Nova tag
        </Link>
      </div>
      <Form method="get" className={s.filtros}>
        <label className={f.campo}>
          <span className={f.rotulo}>Nome ou chave</span>
          <input name="nome" defaultValue={d.filtro.nome ?? ''} className={f.entrada} />
        </label>
        <label className={f.campo}>
          <span className={f.rotulo}>Integradora</span>
          <select name="integradora" defaultValue={d.filtro.integradora ?? ''} className={f.entrada}>
            <option value="">Todas</option>
            {INTEGRADORAS.map((i) => (
              <option key={i} value={i}>
                {i}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={botao}>
          Filtrar
        </button>
      </Form>
      <TabelaRolavel rotulo="Tags de integração">
        <table className={f.tabela} data-testid="lista-tags">
          <thead>
            <tr>
              <th>Nome</th>
              <th>Chave</th>
              <th>Integradora</th>
              <th>Veículos</th>
            </tr>
          </thead>
          <tbody>
            {d.itens.map((t) => (
              <tr key={t.id}>
                <td>
                  <Link to={`/admin/comitente-integracao-tag/${t.id}`}>{t.nome}</Link>
                </td>
                <td>
                  <code>{t.chave}</code>
                </td>
                <td>{t.integradora}</td>
                <td>
                  <Link to={`/admin/veiculos-classificacao?tagId=${t.id}`}>{t.quantidadeVeiculos}</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TabelaRolavel>
      {d.itens.length === 0 ? <p>Nenhuma tag de integração encontrada.</p> : null}
      <Paginacao pagina={d.pagina} porPagina={d.porPagina} total={d.total} />
    </section>
  );
}
