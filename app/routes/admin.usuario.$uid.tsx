import { lerFormulario } from '~/utils/formulario.server';
import { TabelaRolavel } from '~/components/backoffice/pecas';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import { Caixa, Campo, type Erros } from '~/components/formulario/campos';
import * as s from '~/components/formulario/formulario.css';
import { botao, botaoSecundario } from '~/components/layout.css';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { criarHashLogin, ultimosLogins } from '~/modules/identidade/login.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { PAPEIS_INTERNOS } from '~/modules/dominio/papeis';
import {
  copiarPermissoes,
  liberarRecadastramento2fa,
  listarUsuarios,
  obterUsuario,
  PAPEIS_CONHECIDOS,
  salvarPapeis,
  salvarUsuarioInterno,
} from '~/modules/identidade/usuarios.server';
import { ErroHttp } from '~/utils/errors';
import { formatarDataHora } from '~/utils/format';
import { metaDaPagina } from '~/components/meta';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Usuário');

const ABAS = [
  ['geral', 'Acesso geral'],
  ['cadastro', 'Cadastro'],
  ['papeis', 'Papéis e permissões'],
  ['acesso', 'Login / acesso'],
  ['2fa', '2FA'],
] as const;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const aba = new URL(request.url).searchParams.get('aba') ?? 'geral';
  if (params.uid === 'novo')
    return {
      novo: true as const,
      aba: 'geral',
      usuario: null,
      logins: [],
      outros: [],
      podeLiberar2fa: false,
      papeisConhecidos: PAPEIS_CONHECIDOS,
    };
  const u = await obterUsuario({ db: context.db, hotsiteId: context.marca.id, uid: params.uid ?? '' });
  if (!u) throw new Response('Usuário não encontrado', { status: 404 });
  const [logins, outros] = await Promise.all([
    aba === 'acesso' ? ultimosLogins({ db: context.db, usuarioId: u.id, limite: 20 }) : [],
    aba === 'papeis' ? listarUsuarios({ db: context.db, hotsiteId: context.marca.id }) : [],
  ]);
  return {
    novo: false as const,
    aba,
    usuario: { ...u, createdAt: u.createdAt.toISOString() },
    logins: logins.map((l) => ({ data: l.data.toISOString(), ip: l.ip, userAgent: l.userAgent })),
    outros: outros.filter((o) => o.uid !== u.uid).map((o) => ({ uid: o.uid, nome: o.nome, papeis: o.papeis })),
    podeLiberar2fa: eu.papeis.includes(PAPEIS_INTERNOS.LIBERACAO_2FA),
    papeisConhecidos: PAPEIS_CONHECIDOS,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request);
  const acao = form.get('_acao');
  const db = context.db;
  const hotsiteId = context.marca.id;
  const uid = params.uid === 'novo' ? null : (params.uid ?? null);
  const valores = Object.fromEntries([...form.entries()].filter(([k, v]) => typeof v === 'string' && k !== 'senha'));
  try {
    if (acao === 'geral') {
      const r = await salvarUsuarioInterno({ db, hub: context.hub, hotsiteId, uid, entrada: Object.fromEntries(form) });
      if (!uid) return redirect(`/admin/usuario/${r.uid}?aba=papeis`);
      return { ok: true, mensagem: 'Salvo com sucesso', erros: {}, valores };
    }
    if (!uid) throw new ErroHttp(404, 'Usuário não encontrado');
    if (acao === 'papeis') await salvarPapeis({ db, hotsiteId, uid, papeis: form.getAll('papeis') });
    else if (acao === 'copiar') await copiarPermissoes({ db, hotsiteId, deUid: String(form.get('deUid') ?? ''), paraUid: uid });
    else if (acao === 'link') {
      const alvo = await obterUsuario({ db, hotsiteId, uid });
      if (!alvo) throw new ErroHttp(404, 'Usuário não encontrado');
      const { hash, expiraEm } = await criarHashLogin({ db, hotsiteId, usuarioId: alvo.id, criadoPor: eu.id });
      return {
        ok: true,
        mensagem: `Link de acesso único (válido até ${formatarDataHora(expiraEm)}): ${context.urlBase}/admin-auth/${hash}`,
        erros: {},
        valores,
      };
    } else if (acao === 'liberar2fa') {
      if (!eu.papeis.includes(PAPEIS_INTERNOS.LIBERACAO_2FA))
        throw new ErroHttp(403, `Você não tem a permissão necessária para acessar esta página, papéis: ${PAPEIS_INTERNOS.LIBERACAO_2FA}`);
      return { ok: true, ...(await liberarRecadastramento2fa({ db, hotsiteId, uid })), erros: {}, valores };
    } else throw new ErroHttp(400, 'Ação desconhecida');
    return { ok: true, mensagem: 'Salvo com sucesso', erros: {}, valores };
  } catch (e) {
    return comoErroDeFormulario(e, valores);
  }
}

export default function Usuario() {
  const d = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as { ok: boolean; mensagem: string; erros: Erros; valores: Record<string, string> } | undefined;
  const u = d.usuario;
  const v = r && !r.ok ? r.valores : null;
  return (
    <section>
      <h1>{u ? u.nome : 'Novo usuário interno'}</h1>
      {u ? (
        <nav className={s.abas} aria-label="Abas do usuário">
          {ABAS.map(([id, nome]) => (
            <Link key={id} to={`?aba=${id}`} className={s.aba} aria-current={d.aba === id ? 'page' : undefined}>
              {nome}
            </Link>
          ))}
        </nav>
      ) : null}
      {r ? (
        <Aviso tipo={r.ok ? 'sucesso' : 'erro'} testId="usuario-resposta">
          {r.mensagem}
        </Aviso>
      ) : null}
      {d.aba === 'geral' ? (
        <Form method="post" noValidate className={s.cartao}>
          <input type="hidden" name="_acao" value="geral" />
          <div className={s.grade}>
            <Campo nome="nome" rotulo="Nome" valor={v?.nome ?? u?.nome} erros={r?.erros} obrigatorio />
            <Campo nome="email" rotulo="E-mail" tipo="email" valor={v?.email ?? u?.email} erros={r?.erros} obrigatorio />
            <Campo nome="telefone" rotulo="Telefone" valor={v?.telefone ?? u?.telefone} erros={r?.erros} />
            <Campo
              nome="senha"
              rotulo={u ? 'Nova senha (deixe em branco para manter)' : 'Senha'}
              tipo="password"
              autoComplete="new-password"
              erros={r?.erros}
            />
          </div>
          <Caixa
            nome="twoFactorObrigatorio"
            rotulo="Exigir autenticação em dois fatores"
            marcado={v ? v.twoFactorObrigatorio === 'on' : u?.twoFactorObrigatorio}
          />
          <Caixa nome="bloqueado" rotulo="Bloqueado" marcado={v ? v.bloqueado === 'on' : u?.bloqueado} />
          <Campo nome="motivoBloqueio" rotulo="Motivo do bloqueio" valor={v?.motivoBloqueio ?? u?.motivoBloqueio} erros={r?.erros} />
          <button type="submit" className={botao}>
            Salvar
          </button>
        </Form>
      ) : null}
      {u && d.aba === 'cadastro' ? (
        <div className={s.cartao}>
          <p>Tipo: {u.hotsiteId === null ? 'Usuário interno (todos os sites)' : `Cliente do site ${u.hotsiteId}`}</p>
          <p>E-mail: {u.email}</p>
          <p>Telefone: {u.telefone ?? '—'}</p>
          <p>Cadastrado em: {formatarDataHora(u.createdAt)}</p>
        </div>
      ) : null}
      {u && d.aba === 'papeis' ? (
        <>
          <Form method="post" className={s.cartao}>
            <input type="hidden" name="_acao" value="papeis" />
            <h2>Papéis</h2>
            <div className={s.grade}>
              {d.papeisConhecidos.map((p) => (
                <label key={p} className={s.caixa}>
                  <input type="checkbox" name="papeis" value={p} defaultChecked={u.papeis.includes(p)} /> {p}
                </label>
              ))}
            </div>
            <button type="submit" className={botao}>
              Salvar papéis
            </button>
          </Form>
          <Form method="post" className={s.cartao}>
            <input type="hidden" name="_acao" value="copiar" />
            <h2>Copiar permissões</h2>
            <p className={s.ajuda}>O usuário passa a ter exatamente os papéis do usuário escolhido.</p>
            <div className={s.acoes}>
              <select name="deUid" className={s.entrada} aria-label="Copiar permissões de">
                {d.outros.map((o) => (
                  <option key={o.uid} value={o.uid}>
                    {o.nome} ({o.papeis.join(', ') || 'sem papéis'})
                  </option>
                ))}
              </select>
              <button type="submit" className={botaoSecundario}>
                Copiar
              </button>
            </div>
          </Form>
        </>
      ) : null}
      {u && d.aba === 'acesso' ? (
        <div className={s.cartao}>
          <Form method="post" className={s.acoes}>
            <button type="submit" name="_acao" value="link" className={botaoSecundario}>
              Gerar link de acesso único
            </button>
          </Form>
          <h2>Últimos acessos</h2>
          <TabelaRolavel rotulo="Usuário">
            <table className={s.tabela}>
              <tbody>
                {d.logins.map((l) => (
                  <tr key={l.data}>
                    <td>{formatarDataHora(l.data)}</td>
                    <td>{l.ip}</td>
                    <td>{l.userAgent?.slice(0, 80)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TabelaRolavel>
        </div>
      ) : null}
      {u && d.aba === '2fa' ? (
        <div className={s.cartao}>
          <p>
            Habilitado:{' '}
            {u.twoFactorHabilitado ? `sim, desde ${u.twoFactorHabilitadoAt ? formatarDataHora(u.twoFactorHabilitadoAt) : '—'}` : 'não'}
          </p>
          <p>Obrigatório: {u.twoFactorObrigatorio ? 'sim' : 'não'}</p>
          <p>Bloqueado: {u.twoFactorBloqueado ? 'sim' : 'não'}</p>
          <p>Último uso: {u.twoFactorUltimoUso ? formatarDataHora(u.twoFactorUltimoUso) : '—'}</p>
          {d.podeLiberar2fa && (u.twoFactorBloqueado || u.twoFactorHabilitado) ? (
            <Form method="post">
              <button type="submit" name="_acao" value="liberar2fa" className={botao}>
                Liberar recadastramento do 2FA
              </button>
            </Form>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
