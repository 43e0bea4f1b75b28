import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { Escolha, Paginacao, TabelaRolavel } from '~/components/backoffice/pecas';
import * as f from '~/components/formulario/formulario.css';
import { botao, botaoSecundario, visualmenteOculto } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { listarComitentes } from '~/modules/comitentes/usuarios-comitente.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { classificarVeiculos, listarClassificacao } from '~/modules/integracoes/classificacao.server';
import { todasAsTags } from '~/modules/integracoes/tags.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { lerFormulario } from '~/utils/formulario.server';

/**
 * Classification tags (spec 000 §2 `/admin/veiculos-classificacao`; ADM and Leilão, who work every seller's
 * stock): check vehicles, pick a tag, add or remove it on all of them.
 */
export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Classificação de veículos');

export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const db = context.db;
  const hotsiteId = context.marca.id;
  const filtro = Object.fromEntries(new URL(request.url).searchParams);
  const [lista, tags, comitentes] = await Promise.all([
    listarClassificacao({ db, hotsiteId, comitentes: 'todos', filtro }),
    todasAsTags({ db, hotsiteId }),
    listarComitentes({ db, hotsiteId }),
  ]);
  return { ...lista, tags, comitentes: comitentes.map((c) => ({ valor: c.id, nome: c.nomeSite })), filtro };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await exigirAcesso(request, context);
  const form = await lerFormulario(request);
  const entrada = {
    operacao: form.get('operacao'),
    tagId: form.get('tagId'),
    // Only the checked boxes are sent: exactly the ids to change.
    veiculoIds: form.getAll('veiculoIds').filter((v) => typeof v === 'string'),
  };
  try {
    const r = await classificarVeiculos({ db: context.db, hotsiteId: context.marca.id, entrada });
    return { ok: true as const, mensagem: r.mensagem, erros: {} };
  } catch (e) {
    return comoErroDeFormulario(e);
  }
}

export default function ClassificacaoDeVeiculos() {
  const d = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as { ok: boolean; mensagem: string; erros: Record<string, string[]> } | undefined;
  const opcoesTag = d.tags.map((t) => ({ valor: t.id, nome: `${t.integradora} · ${t.nome} (${t.chave})` }));
  const erroLista = r && !r.ok ? Object.values(r.erros ?? {})[0]?.[0] : undefined;
  return (
    <section>
      <div className={s.titulo}>
        <h1>Classificação de veículos</h1>
        <Link to="/admin/comitente-integracao-tags">Tags de integração</Link>
      </div>
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{erroLista ?? r.mensagem}</Aviso> : null}
      <Form method="get" className={s.filtros}>
        <label className={f.campo}>
          <span className={f.rotulo}>Placa, chassi ou nome</span>
          <input name="busca" defaultValue={d.filtro.busca ?? ''} className={f.entrada} />
        </label>
        <Escolha nome="comitenteId" rotulo="Comitente" vazio="Todos" opcoes={d.comitentes} valor={d.filtro.comitenteId} />
        <Escolha nome="tagId" rotulo="Com a tag" vazio="Qualquer" opcoes={opcoesTag} valor={d.filtro.tagId} />
        <label className={f.caixa}>
          <input type="checkbox" name="semTag" value="true" defaultChecked={d.filtro.semTag === 'true'} />
          Sem nenhuma tag
        </label>
        <button type="submit" className={botao}>
          Filtrar
        </button>
      </Form>
      <Form method="post">
        <TabelaRolavel rotulo="Veículos">
          <table className={`${f.tabela} ${s.tabelaLarga}`} data-testid="lista-classificacao">
            <thead>
              <tr>
                <th>
                  <span className={visualmenteOculto}>Selecionar</span>
                </th>
                <th>Veículo</th>
                <th>Placa</th>
                <th>Comitente</th>
                <th>Tags</th>
              </tr>
            </thead>
            <tbody>
              {d.itens.map((v) => (
                <tr key={v.id}>
                  <td>
                    <input type="checkbox" name="veiculoIds" value={v.id} aria-label={`Selecionar ${v.nome}`} />
                  </td>
                  <td>
                    <Link to={`/admin/veiculo/${v.uid}`}>{v.nome}</Link>
                  </td>
                  <td>{v.placa ?? v.chassi ?? ''}</td>
                  <td>{v.comitenteNome ?? ''}</td>
                  <td>
                    {v.tags.map((t) => (
                      <span key={t.id} className={s.selo} title={`${t.integradora} · ${t.chave}`}>
                        {t.nome}
                      </span>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TabelaRolavel>
        {d.itens.length === 0 ? <p>Nenhum veículo encontrado.</p> : null}
        <div className={s.filtros}>
          <label className={f.campo}>
            <span className={f.rotulo}>Tag *</span>
            <select name="tagId" required defaultValue="" className={f.entrada}>
              <option value="">Escolha a tag</option>
              {opcoesTag.map((o) => (
                <option key={o.valor} value={o.valor}>
                  {o.nome}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" name="operacao" value="adicionar" className={botao}>
            Aplicar aos selecionados
          </button>
          <button type="submit" name="operacao" value="remover" className={botaoSecundario}>
            Retirar dos selecionados
          </button>
        </div>
      </Form>
      <Paginacao pagina={d.pagina} porPagina={d.porPagina} total={d.total} />
    </section>
  );
}
