import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { Secao, TabelaRolavel } from '~/components/backoffice/pecas';
import { Campo, type Erros } from '~/components/formulario/campos';
import * as f from '~/components/formulario/formulario.css';
import { botao, botaoSecundario } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import {
  excluirGrupoCliente,
  incluirNoGrupo,
  listarGruposCliente,
  obterGrupoCliente,
  restringirLote,
  retirarDoGrupo,
  salvarGrupoCliente,
} from '~/modules/identidade/grupos-cliente.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { ErroHttp } from '~/utils/errors';
import { lerFormulario } from '~/utils/formulario.server';

/**
 * Client groups (spec 001 §7 grupos-cliente; decision 269; ADM, SAC, GerenteSAC): the brand's groups and, for
 * one, its form, its clients (added by e-mail, CPF or CNPJ) and the lots whose bids are its members' alone.
 */
export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Grupos de clientes');

const semGrupo = (e: unknown) => {
  if (e instanceof ErroHttp && e.status === 404) return null;
  throw e;
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const db = context.db;
  const hotsiteId = context.marca.id;
  const [grupos, grupo] = await Promise.all([
    listarGruposCliente({ db, hotsiteId }),
    params.uid ? obterGrupoCliente({ db, hotsiteId, uid: params.uid }).catch(semGrupo) : null,
  ]);
  if (params.uid && !grupo) throw new Response('Grupo de clientes não encontrado', { status: 404 });
  return { grupos, grupo };
}

const ok = (mensagem: string) => ({ ok: true as const, mensagem, erros: {}, valores: {} });

export async function action({ request, params, context }: ActionFunctionArgs) {
  await exigirAcesso(request, context);
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  const base = { db: context.db, hotsiteId: context.marca.id };
  try {
    if (!params.uid) {
      const r = await salvarGrupoCliente({ ...base, uid: null, entrada: campos });
      return redirect(`/admin/grupos-cliente/${r.uid}`);
    }
    const uid = params.uid;
    switch (campos._acao) {
      case 'incluir':
        await incluirNoGrupo({ ...base, uid, cliente: campos.cliente ?? '' });
        return ok('Cliente incluído no grupo');
      case 'retirar':
        await retirarDoGrupo({ ...base, uid, cliente: campos.cliente ?? '' });
        return ok('Cliente retirado do grupo');
      case 'restringir':
        await restringirLote({ ...base, uid, loteId: campos.loteId, restrito: true });
        return ok('Lote restrito ao grupo');
      case 'liberar':
        await restringirLote({ ...base, uid, loteId: campos.loteId, restrito: false });
        return ok('Lote liberado para todos os clientes');
      case 'excluir':
        await excluirGrupoCliente({ ...base, uid });
        return redirect('/admin/grupos-cliente');
      default:
        await salvarGrupoCliente({ ...base, uid, entrada: campos });
        return ok('Salvo com sucesso');
    }
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

type Resposta = { ok: boolean; mensagem: string; erros: Erros; valores: Record<string, string> } | undefined;

export default function GruposDeClientes() {
  const { grupos, grupo } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as Resposta;
  const val = (c: string, atual: unknown) => (r && !r.ok && r.valores[c] !== undefined ? r.valores[c] : atual == null ? '' : String(atual));
  return (
    <section>
      <div className={s.titulo}>
        <h1>Grupos de clientes</h1>
        {grupo ? (
          <Link to="/admin/grupos-cliente" className={botao}>
            Novo grupo
          </Link>
        ) : null}
      </div>
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      <p>Um lote ligado a grupos recebe lances só dos clientes desses grupos; os demais veem o lote e o motivo.</p>
      <TabelaRolavel rotulo="Grupos de clientes">
        <table className={f.tabela} data-testid="lista-grupos-cliente">
          <thead>
            <tr>
              <th>Nome</th>
              <th>Descrição</th>
              <th>Clientes</th>
              <th>Lotes restritos</th>
            </tr>
          </thead>
          <tbody>
            {grupos.map((g) => (
              <tr key={g.uid}>
                <td>
                  <Link to={`/admin/grupos-cliente/${g.uid}`}>{g.nome}</Link>
                </td>
                <td>{g.descricao ?? ''}</td>
                <td>{g.quantidadeClientes}</td>
                <td>{g.quantidadeLotes}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TabelaRolavel>
      {grupos.length === 0 ? <p>Nenhum grupo de clientes cadastrado.</p> : null}
      <Form method="post" key={grupo?.uid ?? 'novo'}>
        <input type="hidden" name="_acao" value="salvar" />
        <Secao titulo={grupo ? `Editar: ${grupo.nome}` : 'Novo grupo de clientes'}>
          <div className={s.grade3}>
            <Campo
              nome="nome"
              rotulo="Nome"
              obrigatorio
              maxLength={80}
              valor={val('nome', grupo?.nome)}
              erros={r?.erros}
              placeholder="Lojistas parceiros"
            />
            <Campo nome="descricao" rotulo="Descrição" maxLength={500} valor={val('descricao', grupo?.descricao)} erros={r?.erros} />
          </div>
        </Secao>
        <div className={f.acoes}>
          <button type="submit" className={botao}>
            Salvar
          </button>
        </div>
      </Form>
      {grupo ? (
        <>
          <Secao titulo={`Clientes do grupo (${grupo.membros.length})`}>
            <Form method="post" className={s.filtros}>
              <input type="hidden" name="_acao" value="incluir" />
              <Campo
                nome="cliente"
                rotulo="E-mail, CPF ou CNPJ do cliente"
                obrigatorio
                maxLength={200}
                valor={val('cliente', '')}
                erros={r?.erros}
              />
              <button type="submit" className={botao}>
                Incluir cliente
              </button>
            </Form>
            {grupo.membros.length === 0 ? (
              <p>Nenhum cliente neste grupo.</p>
            ) : (
              <TabelaRolavel rotulo="Clientes do grupo">
                <table className={f.tabela} data-testid="membros-grupo">
                  <thead>
                    <tr>
                      <th>Nome</th>
                      <th>E-mail</th>
                      <th>Documento</th>
                      <th />
                    </tr>
                  </thead>
                  <tbody>
                    {grupo.membros.map((m) => (
                      <tr key={m.uid}>
                        <td>{m.nome}</td>
                        <td>{m.email}</td>
                        <td>{m.cnpj ?? m.cpf ?? ''}</td>
                        <td>
                          <Form method="post">
                            <input type="hidden" name="_acao" value="retirar" />
                            <input type="hidden" name="cliente" value={m.uid} />
                            <button type="submit" className={botaoSecundario} aria-label={`Retirar ${m.nome} do grupo`}>
                              Retirar
                            </button>
                          </Form>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TabelaRolavel>
            )}
          </Secao>
          <Secao titulo={`Lotes restritos ao grupo (${grupo.lotes.length})`}>
            <Form method="post" className={s.filtros}>
              <input type="hidden" name="_acao" value="restringir" />
              <Campo
                nome="loteId"
                rotulo="Id do lote"
                obrigatorio
                inputMode="numeric"
                maxLength={10}
                valor={val('loteId', '')}
                erros={r?.erros}
              />
              <button type="submit" className={botao}>
                Restringir lote
              </button>
            </Form>
            {grupo.lotes.length === 0 ? (
              <p>Nenhum lote restrito a este grupo.</p>
            ) : (
              <TabelaRolavel rotulo="Lotes restritos ao grupo">
                <table className={f.tabela} data-testid="lotes-grupo">
                  <thead>
                    <tr>
                      <th>Id</th>
                      <th>Lote</th>
                      <th>Leilão</th>
                      <th>Situação</th>
                      <th />
                    </tr>
                  </thead>
                  <tbody>
                    {grupo.lotes.map((l) => (
                      <tr key={l.id}>
                        <td>{l.id}</td>
                        <td>{[l.numero, l.nome].filter(Boolean).join(' · ')}</td>
                        <td>{l.leilao ?? ''}</td>
                        <td>{l.situacao}</td>
                        <td>
                          <Form method="post">
                            <input type="hidden" name="_acao" value="liberar" />
                            <input type="hidden" name="loteId" value={l.id} />
                            <button type="submit" className={botaoSecundario} aria-label={`Liberar o lote ${l.id}`}>
                              Liberar
                            </button>
                          </Form>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TabelaRolavel>
            )}
          </Secao>
          <Form method="post">
            <input type="hidden" name="_acao" value="excluir" />
            <button type="submit" className={botaoSecundario}>
              Excluir grupo
            </button>
          </Form>
        </>
      ) : null}
    </section>
  );
}
