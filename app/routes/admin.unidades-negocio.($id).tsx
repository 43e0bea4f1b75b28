import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { Paginacao, Secao, TabelaRolavel } from '~/components/backoffice/pecas';
import { Caixa, Campo, type Erros } from '~/components/formulario/campos';
import * as f from '~/components/formulario/formulario.css';
import { botao } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { listarUnidades, MENSAGENS_UNIDADE, obterUnidade, salvarUnidade } from '~/modules/backoffice/unidades-negocio.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { ErroHttp } from '~/utils/errors';
import { idValido } from '~/utils/id';
import { lerFormulario } from '~/utils/formulario.server';

/** Business units (spec 000 §2 `/admin/unidades-negocio` and `/{id?}`, ADM alone): the list and, beside it, the form. */
export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Unidades de negócio');

function idDaRota(id: string | undefined) {
  if (id === undefined) return null;
  const n = /^\d{1,10}$/.test(id) ? Number(id) : NaN;
  if (!idValido(n)) throw new ErroHttp(404, MENSAGENS_UNIDADE.naoEncontrada);
  return n;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const db = context.db;
  const hotsiteId = context.marca.id;
  const id = idDaRota(params.id);
  const filtro = Object.fromEntries(new URL(request.url).searchParams);
  const [lista, unidade] = await Promise.all([
    listarUnidades({ db, hotsiteId, filtro }),
    id === null ? null : obterUnidade({ db, hotsiteId, id }),
  ]);
  return { ...lista, filtro, unidade };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await exigirAcesso(request, context);
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  try {
    const id = idDaRota(params.id);
    const r = await salvarUnidade({ db: context.db, hotsiteId: context.marca.id, id, entrada: campos });
    if (id === null) return redirect(`/admin/unidades-negocio/${r.id}`);
    return { ok: true as const, mensagem: 'Salvo com sucesso', erros: {}, valores: {} };
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

export default function UnidadesNegocio() {
  const d = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as { ok: boolean; mensagem: string; erros: Erros; valores: Record<string, string> } | undefined;
  const u = d.unidade;
  const val = (c: string, atual: unknown) => (r && !r.ok && r.valores[c] !== undefined ? r.valores[c] : atual == null ? '' : String(atual));
  return (
    <section>
      <div className={s.titulo}>
        <h1>Unidades de negócio</h1>
        {u ? (
          <Link to="/admin/unidades-negocio" className={botao}>
            Nova unidade
          </Link>
        ) : null}
      </div>
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      <Form method="get" className={s.filtros}>
        <label className={f.campo}>
          <span className={f.rotulo}>Nome</span>
          <input name="nome" defaultValue={d.filtro.nome ?? ''} className={f.entrada} />
        </label>
        <label className={f.campo}>
          <span className={f.rotulo}>Ativa</span>
          <select name="ativo" defaultValue={d.filtro.ativo ?? ''} className={f.entrada}>
            <option value="">Todas</option>
            <option value="true">Sim</option>
            <option value="false">Não</option>
          </select>
        </label>
        <button type="submit" className={botao}>
          Filtrar
        </button>
      </Form>
      <TabelaRolavel rotulo="Unidades de negócio">
        <table className={f.tabela} data-testid="lista-unidades">
          <thead>
            <tr>
              <th>Nome</th>
              <th>UF</th>
              <th>Prioridade</th>
              <th>Ativa</th>
            </tr>
          </thead>
          <tbody>
            {d.itens.map((x) => (
              <tr key={x.id}>
                <td>
                  <Link to={`/admin/unidades-negocio/${x.id}`}>{x.nome}</Link>
                </td>
                <td>{x.uf ?? ''}</td>
                <td>{x.prioridade}</td>
                <td>{x.ativo ? 'Sim' : 'Não'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TabelaRolavel>
      {d.itens.length === 0 ? <p>Nenhuma unidade de negócio encontrada.</p> : null}
      <Paginacao pagina={d.pagina} porPagina={d.porPagina} total={d.total} />
      <Form method="post" key={u?.id ?? 'nova'}>
        <Secao titulo={u ? `Editar: ${u.nome}` : 'Nova unidade de negócio'}>
          <div className={s.grade3}>
            <Campo nome="nome" rotulo="Nome" obrigatorio valor={val('nome', u?.nome)} erros={r?.erros} />
            <Campo nome="uf" rotulo="UF" valor={val('uf', u?.uf)} erros={r?.erros} maxLength={2} placeholder="SP" />
            <Campo
              nome="prioridade"
              rotulo="Prioridade"
              valor={val('prioridade', u?.prioridade ?? 0)}
              erros={r?.erros}
              inputMode="numeric"
            />
          </div>
          <Caixa nome="ativo" rotulo="Ativa" marcado={u ? u.ativo : true} />
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
