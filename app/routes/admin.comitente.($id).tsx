import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { Escolha, Secao, TabelaRolavel } from '~/components/backoffice/pecas';
import { Caixa, Campo, type Erros } from '~/components/formulario/campos';
import * as f from '~/components/formulario/formulario.css';
import { botao, botaoSecundario, semQuebra } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { obterComitente, salvarComitente, usuarioPorEmail, usuariosDoComitente } from '~/modules/comitentes/comitentes.server';
import { apagarCarteira, listarCarteiras, salvarCarteira } from '~/modules/comitentes/carteiras.server';
import { listarContas } from '~/modules/comitentes/contas-bancarias.server';
import { TIPOS_CARTEIRA } from '@db/schema/enums-catalogo';
import {
  comitentesDoUsuario,
  desvincularComitente,
  MENSAGENS_USUARIO_COMITENTE,
  vincularComitentes,
} from '~/modules/comitentes/usuarios-comitente.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { formatarCnpj, mascararDocumento } from '~/modules/dominio/documentos-br';
import { PAPEIS_INTERNOS } from '~/modules/dominio/papeis';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { ErroHttp } from '~/utils/errors';
import { idSchema, idValido } from '~/utils/id';
import { lerFormulario } from '~/utils/formulario.server';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Comitente');

function idDaRota(id: string | undefined) {
  if (id === undefined) return null;
  const n = /^\d{1,10}$/.test(id) ? Number(id) : NaN;
  if (!idValido(n)) throw new ErroHttp(404, MENSAGENS_USUARIO_COMITENTE.comitenteNaoEncontrado);
  return n;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const db = context.db;
  const hotsiteId = context.marca.id;
  const adm = eu.papeis.includes(PAPEIS_INTERNOS.ADM);
  const id = idDaRota(params.id);
  // A seller user creates nothing: the blank form is ADM's.
  if (id === null && !adm) throw new ErroHttp(403, 'Somente Interno - ADM cadastra comitentes');
  if (id === null) return { comitente: null, usuarios: [], contas: [], carteiras: [], adm };
  const comitentes = await comitentesDoUsuario({ db, hotsiteId, usuario: eu });
  const comitente = await obterComitente({ db, hotsiteId, comitentes, id });
  const [usuarios, contas, carteiras] = await Promise.all([
    usuariosDoComitente({ db, hotsiteId, comitenteId: id }),
    listarContas({ db, hotsiteId, comitentes, filtro: { comitenteId: id, porPagina: 200 } }),
    listarCarteiras({ db, hotsiteId, comitentes, filtro: { comitenteId: id, porPagina: 200 } }),
  ]);
  return { comitente, usuarios, contas: contas.itens, carteiras: carteiras.itens, adm };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  const db = context.db;
  const hotsiteId = context.marca.id;
  try {
    // Writes are ADM's (decision 055); a seller user reads their sellers only.
    if (!eu.papeis.includes(PAPEIS_INTERNOS.ADM)) throw new ErroHttp(403, 'Somente Interno - ADM altera comitentes');
    const id = idDaRota(params.id);
    if (campos._acao === 'salvar') {
      const r = await salvarComitente({ db, hotsiteId, id, entrada: campos });
      if (id === null) return redirect(`/admin/comitente/${r.id}`);
      return { ok: true as const, mensagem: 'Salvo com sucesso', erros: {}, valores: {} };
    }
    if (id === null) throw new ErroHttp(404, MENSAGENS_USUARIO_COMITENTE.comitenteNaoEncontrado);
    if (campos._acao === 'vincular') {
      const u = await usuarioPorEmail({ db, hotsiteId, entrada: { email: campos.email } });
      await vincularComitentes({ db, hotsiteId, usuarioId: u.id, entrada: { comIds: [id] } });
      return { ok: true as const, mensagem: 'Usuário vinculado ao comitente', erros: {}, valores: {} };
    }
    if (campos._acao === 'desvincular') {
      const usuarioId = idSchema('Usuário inválido').parse(campos.usuarioId);
      await desvincularComitente({ db, hotsiteId, usuarioId, comitenteId: id });
      return { ok: true as const, mensagem: 'Usuário desvinculado do comitente', erros: {}, valores: {} };
    }
    // Wallets (decision 066): kept here, the spec names no wallet screen.
    if (campos._acao === 'carteira') {
      const carteiraId = campos.carteiraId ? idSchema('Carteira inválida').parse(campos.carteiraId) : null;
      await salvarCarteira({ db, hotsiteId, id: carteiraId, entrada: { ...campos, comitenteId: id } });
      return { ok: true as const, mensagem: 'Carteira salva', erros: {}, valores: {} };
    }
    if (campos._acao === 'carteira-apagar') {
      await apagarCarteira({ db, hotsiteId, id: idSchema('Carteira inválida').parse(campos.carteiraId) });
      return { ok: true as const, mensagem: 'Item apagado com sucesso', erros: {}, valores: {} };
    }
    throw new ErroHttp(400, 'Ação desconhecida');
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

export default function Comitente() {
  const { comitente: c, usuarios, contas, carteiras, adm } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as { ok: boolean; mensagem: string; erros: Erros; valores: Record<string, string> } | undefined;
  const v = (campo: string, atual: unknown) =>
    r && !r.ok && r.valores[campo] !== undefined ? r.valores[campo] : atual == null ? '' : String(atual);
  const erros = r?.erros;
  return (
    <section>
      <div className={s.titulo}>
        <h1>{c ? c.nomeSite : 'Novo comitente'}</h1>
        {c ? <span className={s.selo}>{c.ativo ? 'Ativo' : 'Inativo'}</span> : null}
      </div>
      <p>
        <Link to="/admin/comitentes">← Comitentes</Link>
      </p>
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      <Form method="post">
        <input type="hidden" name="_acao" value="salvar" />
        <Secao titulo="Dados do comitente">
          <div className={f.grade}>
            <Campo readOnly={!adm} nome="nomeSite" rotulo="Nome no site" obrigatorio valor={v('nomeSite', c?.nomeSite)} erros={erros} />
            <Campo readOnly={!adm} nome="razaoSocial" rotulo="Razão social" valor={v('razaoSocial', c?.razaoSocial)} erros={erros} />
            <Campo
              readOnly={!adm}
              nome="cnpj"
              rotulo="CNPJ"
              valor={v('cnpj', c?.cnpj ? formatarCnpj(c.cnpj) : '')}
              erros={erros}
              autoCapitalize="characters"
              placeholder="00.000.000/0000-00"
            />
            <Campo
              readOnly={!adm}
              nome="grupo"
              rotulo="Grupo"
              valor={v('grupo', c?.grupo)}
              erros={erros}
              placeholder="BANCO, SEGURADORA, FROTA..."
            />
            <Campo
              readOnly={!adm}
              nome="logomarcaUrl"
              rotulo="Endereço da logomarca"
              valor={v('logomarcaUrl', c?.logomarcaUrl)}
              erros={erros}
            />
          </div>
          {adm ? <Caixa nome="ativo" rotulo="Ativo" marcado={c ? c.ativo : true} erros={erros} /> : null}
        </Secao>
        {adm ? (
          <div className={f.acoes}>
            <button type="submit" className={botao}>
              Salvar
            </button>
          </div>
        ) : null}
      </Form>
      {c ? (
        <>
          <Secao titulo="Usuários">
            <p className={f.ajuda}>Usuários com o papel Interno - Comitente agem somente sobre os comitentes a que estão vinculados.</p>
            <TabelaRolavel rotulo="Comitente">
              <table className={f.tabela} data-testid="usuarios-comitente">
                <thead>
                  <tr>
                    <th>Nome</th>
                    <th>E-mail</th>
                    {adm ? <th>Ações</th> : null}
                  </tr>
                </thead>
                <tbody>
                  {usuarios.map((u) => (
                    <tr key={u.id}>
                      <td>{u.nome}</td>
                      <td>{u.email}</td>
                      {adm ? (
                        <td>
                          <Form method="post">
                            <input type="hidden" name="_acao" value="desvincular" />
                            <input type="hidden" name="usuarioId" value={u.id} />
                            <button type="submit" className={botaoSecundario}>
                              Desvincular
                            </button>
                          </Form>
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </TabelaRolavel>
            {usuarios.length === 0 ? <p>Nenhum usuário vinculado.</p> : null}
            {adm ? (
              <Form method="post" className={s.filtros}>
                <input type="hidden" name="_acao" value="vincular" />
                <Campo nome="email" rotulo="E-mail do usuário" tipo="email" erros={erros} />
                <button type="submit" className={botao}>
                  Vincular usuário
                </button>
              </Form>
            ) : null}
          </Secao>
          <Secao titulo="Contas bancárias">
            <TabelaRolavel rotulo="Comitente">
              <table className={f.tabela} data-testid="contas-do-comitente">
                <thead>
                  <tr>
                    <th>Banco</th>
                    <th>Agência</th>
                    <th>Conta</th>
                    <th>Titular</th>
                    <th>CPF/CNPJ</th>
                  </tr>
                </thead>
                <tbody>
                  {contas.map((k) => (
                    <tr key={k.id}>
                      <td>
                        {adm ? (
                          <Link to={`/admin/conta-bancaria/${k.id}`}>{`${k.codigoBanco} - ${k.banco}`}</Link>
                        ) : (
                          `${k.codigoBanco} - ${k.banco}`
                        )}
                      </td>
                      <td>{k.agencia}</td>
                      <td>{`${k.conta}-${k.digito}`}</td>
                      <td>{k.titular}</td>
                      <td className={semQuebra}>{mascararDocumento(k.cpfCnpj)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TabelaRolavel>
            {contas.length === 0 ? <p>Nenhuma conta bancária: os pagamentos usam a conta da marca.</p> : null}
            {adm ? (
              <p>
                <Link to={`/admin/conta-bancaria?comitenteId=${c.id}`}>Nova conta bancária</Link>
              </p>
            ) : null}
          </Secao>
          <Secao titulo="Carteiras">
            <TabelaRolavel rotulo="Comitente">
              <table className={f.tabela} data-testid="carteiras-do-comitente">
                <thead>
                  <tr>
                    <th>Nome</th>
                    <th>Tipo</th>
                    <th>Prioridade</th>
                    <th>Situação</th>
                    <th>Informação complementar</th>
                    {adm ? <th>Ações</th> : null}
                  </tr>
                </thead>
                <tbody>
                  {carteiras.map((k) => (
                    <tr key={k.id}>
                      <td>{k.nome}</td>
                      <td>{k.tipo}</td>
                      <td>{k.prioridade}</td>
                      <td>{k.status === 'ATIVA' ? 'Ativa' : 'Inativa'}</td>
                      <td>{k.infoCompl ?? ''}</td>
                      {adm ? (
                        <td>
                          <Form method="post">
                            <input type="hidden" name="carteiraId" value={k.id} />
                            <button type="submit" name="_acao" value="carteira-apagar" className={botaoSecundario}>
                              Apagar
                            </button>
                          </Form>
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </TabelaRolavel>
            {carteiras.length === 0 ? <p>Nenhuma carteira cadastrada.</p> : null}
            {adm ? (
              <Form method="post">
                <input type="hidden" name="_acao" value="carteira" />
                <div className={f.grade}>
                  <Campo nome="nome" rotulo="Nova carteira" obrigatorio erros={r?.valores?._acao === 'carteira' ? erros : undefined} />
                  <Escolha
                    nome="tipo"
                    rotulo="Tipo"
                    obrigatorio
                    opcoes={TIPOS_CARTEIRA.map((x) => ({ valor: x, nome: x }))}
                    erros={r?.valores?._acao === 'carteira' ? erros : undefined}
                  />
                  <Campo nome="prioridade" rotulo="Prioridade" valor="0" inputMode="numeric" />
                  <Campo nome="infoCompl" rotulo="Informação complementar" />
                  <Campo nome="cidade" rotulo="Cidade" />
                  <Campo nome="estadoUf" rotulo="UF" maxLength={2} />
                </div>
                <button type="submit" className={botao}>
                  Adicionar carteira
                </button>
              </Form>
            ) : null}
          </Secao>
        </>
      ) : null}
    </section>
  );
}
