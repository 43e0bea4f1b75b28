import { lerFormulario } from '~/utils/formulario.server';
import { IncidentesDoRegistro } from '~/components/operacoes/lista-de-incidentes';
import { incidentesDaTela } from '~/paginas/incidentes-da-tela.server';
import { TabelaRolavel } from '~/components/backoffice/pecas';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import { DecisoesDeHabilitacao } from '~/components/habilitacao/decisoes-de-habilitacao';
import { decidirHabilitacao, listarHabilitacoes } from '~/modules/habilitacao/habilitacao.server';
import { Campo, type Erros } from '~/components/formulario/campos';
import * as s from '~/components/formulario/formulario.css';
import { botao, botaoSecundario } from '~/components/layout.css';
import { listarSocios, rotuloDocumento } from '~/modules/identidade/cliente.server';
import { formatarCnpj, formatarCpf, formatarTelefone } from '~/modules/dominio/documentos-br';
import { listarDocumentos, validarDocumento } from '~/modules/identidade/documentos.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { bloquearCliente, obterClienteAdmin } from '~/modules/identidade/usuarios.server';
import { ErroHttp } from '~/utils/errors';
import { formatarData, formatarDataHora } from '~/utils/format';
import { formatarBytes } from '~/utils/formatar-bytes';
import { metaDaPagina } from '~/components/meta';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Cliente');

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const eu = await exigirAcesso(request, context);
  const c = await obterClienteAdmin({ db: context.db, hotsiteId: context.marca.id, id: params.id ?? '' });
  if (!c) throw new Response('Cliente não encontrado', { status: 404 });
  const [documentos, socios, habilitacoes, incidentes] = await Promise.all([
    listarDocumentos({ db: context.db, hotsiteId: context.marca.id, clienteId: c.id }),
    listarSocios({ db: context.db, hotsiteId: context.marca.id, clienteId: c.id }),
    listarHabilitacoes({ db: context.db, hotsiteId: context.marca.id, usuarioId: c.usuarioId }),
    incidentesDaTela(context, eu, { clienteId: c.id }),
  ]);
  return {
    cliente: {
      id: c.id,
      nome: c.nome,
      email: c.email,
      documento: c.cpf ? formatarCpf(c.cpf) : c.cnpj ? formatarCnpj(c.cnpj) : '',
      natureza: c.cpf ? 'Pessoa Física' : 'Pessoa Jurídica',
      razaoSocial: c.razaoSocial,
      inscricaoEstadual: c.inscricaoEstadual,
      telefone: c.telefone ? formatarTelefone(c.telefone) : '',
      dataNascimento: c.dataNascimento,
      situacao: c.situacao,
      documentoSituacao: c.documentoSituacao,
      motivoBloqueio: c.motivoBloqueio,
      emailConfirmado: !!c.emailConfirmadoAt,
      telefoneConfirmado: !!c.telefoneConfirmadoAt,
      dataCadastro: c.dataCadastro.toISOString(),
      endereco: c.endereco,
      usuarioUid: c.usuario.uid,
    },
    socios,
    habilitacoes,
    incidentes,
    documentos: documentos.map((d) => ({ ...d, rotulo: rotuloDocumento(d.tipo), createdAt: d.createdAt.toISOString() })),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request);
  const id = Number(params.id);
  const valores = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string'));
  try {
    if (!Number.isSafeInteger(id)) throw new ErroHttp(404, 'Cliente não encontrado');
    const c = await obterClienteAdmin({ db: context.db, hotsiteId: context.marca.id, id: String(id) });
    if (!c) throw new ErroHttp(404, 'Cliente não encontrado');
    switch (form.get('_acao')) {
      case 'bloquear':
      case 'desbloquear':
        return {
          ok: true,
          erros: {},
          valores,
          ...(await bloquearCliente({
            db: context.db,
            hub: context.hub,
            hotsiteId: context.marca.id,
            id,
            bloquear: form.get('_acao') === 'bloquear',
            motivoBloqueio: String(form.get('motivoBloqueio') ?? ''),
          })),
        };
      case 'validar': {
        const r = await validarDocumento({
          db: context.db,
          hotsiteId: context.marca.id,
          documentoId: Number(form.get('documentoId')),
          situacao: form.get('situacao'),
          motivo: String(form.get('motivo') ?? ''),
          respondidoPor: eu.id,
        });
        return { ok: true, erros: {}, valores, mensagem: `Documento validado. Situação do cliente: ${r.documentoSituacao}` };
      }
      case 'decidir-habilitacao': {
        // Only this client's requests are decided from their screen.
        const daquele = await listarHabilitacoes({ db: context.db, hotsiteId: context.marca.id, usuarioId: c.usuarioId });
        if (!daquele.some((h) => h.id === Number(form.get('id')))) throw new ErroHttp(404, 'Habilitação não encontrada');
        const r = await decidirHabilitacao({
          db: context.db,
          marca: context.marca,
          urlBase: context.urlBase,
          hub: context.hub,
          decididoPor: eu.id,
          entrada: { decisao: form.get('decisao'), id: Number(form.get('id')), motivo: form.get('motivo') ?? undefined },
        });
        return { ok: true, erros: {}, valores, mensagem: r.mensagem };
      }
      default:
        throw new ErroHttp(400, 'Ação desconhecida');
    }
  } catch (e) {
    return comoErroDeFormulario(e, valores);
  }
}

export default function Cliente() {
  const { cliente: c, documentos, socios, habilitacoes, incidentes } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as { ok: boolean; mensagem: string; erros: Erros } | undefined;
  return (
    <section>
      <h1>{c.nome}</h1>
      {r ? (
        <Aviso tipo={r.ok ? 'sucesso' : 'erro'} testId="cliente-resposta">
          {r.mensagem}
        </Aviso>
      ) : null}
      <div className={s.cartao}>
        <p>
          {c.natureza} {c.documento} {c.razaoSocial ? `· ${c.razaoSocial} · IE ${c.inscricaoEstadual ?? '—'}` : ''}
        </p>
        <p>
          {c.email} ({c.emailConfirmado ? 'confirmado' : 'não confirmado'}) · {c.telefone} (
          {c.telefoneConfirmado ? 'confirmado' : 'não confirmado'})
        </p>
        {c.dataNascimento ? <p>Nascimento: {formatarData(`${c.dataNascimento}T12:00:00Z`)}</p> : null}
        {c.endereco ? (
          <p>
            {c.endereco.logradouro}, {c.endereco.numero}
            {c.endereco.complemento ? ` ${c.endereco.complemento}` : ''} · {c.endereco.bairro} · {c.endereco.cidade}/
            {c.endereco.estadoSigla} · {c.endereco.cep}
          </p>
        ) : null}
        <p>
          Situação: <strong data-testid="situacao-cliente">{c.situacao}</strong> {c.motivoBloqueio ? `(${c.motivoBloqueio})` : ''} ·
          Documentos: <strong>{c.documentoSituacao}</strong> · Cadastro em {formatarDataHora(c.dataCadastro)}
        </p>
        <Link to={`/admin/usuario/${c.usuarioUid}`}>Acesso do usuário</Link>
      </div>
      <Form method="post" className={s.cartao} noValidate>
        <h2>{c.situacao === 'Bloqueado' ? 'Desbloquear' : 'Bloquear'} cliente</h2>
        {c.situacao === 'Bloqueado' ? (
          <button type="submit" name="_acao" value="desbloquear" className={botaoSecundario}>
            Desbloquear
          </button>
        ) : (
          <>
            <Campo nome="motivoBloqueio" rotulo="Motivo do bloqueio" erros={r?.erros} />
            <button type="submit" name="_acao" value="bloquear" className={botao}>
              Bloquear
            </button>
          </>
        )}
      </Form>
      <div className={s.cartao} id="habilitacoes">
        <h2>Habilitações</h2>
        <DecisoesDeHabilitacao linhas={habilitacoes} comCliente={false} />
      </div>
      {socios.length ? (
        <div className={s.cartao}>
          <h2>Quadro societário</h2>
          <ul>
            {socios.map((so) => (
              <li key={so.id}>
                {so.nome} · {formatarCpf(so.cpf)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className={s.cartao}>
        <h2>Documentos</h2>
        {documentos.length === 0 ? <p>Nenhum documento enviado.</p> : null}
        <TabelaRolavel rotulo="Cliente">
          <table className={s.tabela} data-testid="documentos-cliente">
            <tbody>
              {documentos.map((d) => (
                <tr key={d.uid}>
                  <td>
                    {d.rotulo}
                    <br />
                    <a href={`/admin/cliente-documento/${d.uid}`} target="_blank" rel="noreferrer">
                      {d.nomeOriginal}
                    </a>{' '}
                    ({formatarBytes(d.tamanho)}) · {formatarDataHora(d.createdAt)}
                  </td>
                  <td>
                    <span className={s.selo}>{d.situacao}</span>
                    {d.motivo ? <p className={s.ajuda}>{d.motivo}</p> : null}
                  </td>
                  <td>
                    <Form method="post" className={s.acoes}>
                      <input type="hidden" name="_acao" value="validar" />
                      <input type="hidden" name="documentoId" value={d.id} />
                      <select name="situacao" defaultValue={d.situacao} className={s.entrada} aria-label="Situação do documento">
                        <option>Aguardando Validação</option>
                        <option>Aprovado</option>
                        <option>Divergente</option>
                        <option>Cadastrado</option>
                      </select>
                      <input name="motivo" placeholder="Motivo (se divergente)" className={s.entrada} aria-label="Motivo" />
                      <button type="submit" className={botaoSecundario}>
                        Salvar
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TabelaRolavel>
      </div>
      {incidentes ? <IncidentesDoRegistro itens={incidentes} novo={`/admin/incidente?clienteId=${c.id}`} /> : null}
    </section>
  );
}
