import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import * as s from '~/components/backoffice/backoffice.css';
import { TabelaRolavel } from '~/components/backoffice/pecas';
import { ListaDeIncidentes } from '~/components/operacoes/lista-de-incidentes';
import * as f from '~/components/formulario/formulario.css';
import { botao } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { listarIncidentes } from '~/modules/operacoes/incidentes.server';
import { SITUACOES_INCIDENTE } from '@db/schema/operacoes';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Incidentes');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const filtro = Object.fromEntries(new URL(request.url).searchParams);
  const itens = await listarIncidentes({ db: context.db, hotsiteId: context.marca.id, usuarioId: eu.id, filtro });
  return { itens: itens.map((i) => ({ ...i, createdAt: i.createdAt.toISOString() })), filtro };
}

export default function Incidentes() {
  const { itens, filtro } = useLoaderData<typeof loader>();
  return (
    <section>
      <div className={s.titulo}>
        <h1>Incidentes</h1>
        <Link to="/admin/incidente" className={botao}>
          Novo incidente
        </Link>
      </div>
      <Form method="get" className={s.filtros}>
        <label className={f.campo}>
          <span className={f.rotulo}>Situação</span>
          <select name="situacao" defaultValue={filtro.situacao ?? ''} className={f.entrada}>
            <option value="">Todas</option>
            {SITUACOES_INCIDENTE.map((x) => (
              <option key={x} value={x}>
                {x}
              </option>
            ))}
          </select>
        </label>
        <label>
          <input type="checkbox" name="meus" value="1" defaultChecked={filtro.meus === '1'} /> Só os meus
        </label>
        <button type="submit" className={botao}>
          Filtrar
        </button>
      </Form>
      <TabelaRolavel rotulo="Incidentes">
        <ListaDeIncidentes itens={itens} />
      </TabelaRolavel>
      {itens.length === 0 ? <p>Nenhum incidente encontrado.</p> : null}
    </section>
  );
}
