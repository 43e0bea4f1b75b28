import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { Secao, TabelaRolavel } from '~/components/backoffice/pecas';
import { Campo, type Erros } from '~/components/formulario/campos';
import * as f from '~/components/formulario/formulario.css';
import { botao } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { listarGrupos, MENSAGENS_GRUPO, obterGrupo, salvarGrupo } from '~/modules/integracoes/grupos.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { ErroHttp } from '~/utils/errors';
import { lerFormulario } from '~/utils/formulario.server';
import { idValido } from '~/utils/id';

/** Consignor groups (spec 001 §3 "Consignor group"; decision 169, ADM alone): the list and, beside it, the form. */
export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Grupos de comitentes');

function idDaRota(id: string | undefined) {
  if (id === undefined) return null;
  const n = /^\d{1,10}$/.test(id) ? Number(id) : NaN;
  if (!idValido(n)) throw new ErroHttp(404, MENSAGENS_GRUPO.naoEncontrado);
  return n;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const db = context.db;
  const hotsiteId = context.marca.id;
  const id = idDaRota(params.id);
  const [grupos, grupo] = await Promise.all([listarGrupos({ db, hotsiteId }), id === null ? null : obterGrupo({ db, hotsiteId, id })]);
  return { grupos, grupo };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await exigirAcesso(request, context);
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  try {
    const id = idDaRota(params.id);
    const r = await salvarGrupo({ db: context.db, hotsiteId: context.marca.id, id, entrada: campos });
    if (id === null) return redirect(`/admin/comitente-grupos/${r.id}`);
    return { ok: true as const, mensagem: 'Salvo com sucesso', erros: {}, valores: {} };
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

export default function GruposDeComitentes() {
  const { grupos, grupo } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as { ok: boolean; mensagem: string; erros: Erros; valores: Record<string, string> } | undefined;
  const val = (c: string, atual: unknown) => (r && !r.ok && r.valores[c] !== undefined ? r.valores[c] : atual == null ? '' : String(atual));
  return (
    <section>
      <div className={s.titulo}>
        <h1>Grupos de comitentes</h1>
        {grupo ? (
          <Link to="/admin/comitente-grupos" className={botao}>
            Novo grupo
          </Link>
        ) : null}
      </div>
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      <TabelaRolavel rotulo="Grupos de comitentes">
        <table className={f.tabela} data-testid="lista-grupos">
          <thead>
            <tr>
              <th>Sigla</th>
              <th>Nome</th>
              <th>Comitentes</th>
            </tr>
          </thead>
          <tbody>
            {grupos.map((g) => (
              <tr key={g.id}>
                <td>
                  <Link to={`/admin/comitente-grupos/${g.id}`}>{g.cogSigla}</Link>
                </td>
                <td>{g.nome}</td>
                <td>
                  <Link to={`/admin/comitentes?grupo=${encodeURIComponent(g.cogSigla)}`}>{g.quantidadeComitentes}</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TabelaRolavel>
      {grupos.length === 0 ? <p>Nenhum grupo de comitentes cadastrado.</p> : null}
      <Form method="post" key={grupo?.id ?? 'novo'}>
        <Secao titulo={grupo ? `Editar: ${grupo.nome}` : 'Novo grupo de comitentes'}>
          <div className={s.grade3}>
            <Campo
              nome="cogSigla"
              rotulo="Sigla"
              obrigatorio
              maxLength={50}
              valor={val('cogSigla', grupo?.cogSigla)}
              erros={r?.erros}
              placeholder="SEGURADORA"
              ajuda="Os comitentes do grupo levam esta sigla"
            />
            <Campo
              nome="nome"
              rotulo="Nome"
              obrigatorio
              maxLength={80}
              valor={val('nome', grupo?.nome)}
              erros={r?.erros}
              placeholder="Seguradoras"
            />
          </div>
        </Secao>
        <div className={f.acoes}>
          <button type="submit" className={botao}>
            Salvar
          </button>
        </div>
      </Form>
    </section>
  );
}
