import { json, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { Escolha, Secao, TabelaRolavel } from '~/components/backoffice/pecas';
import { Campo, type Erros } from '~/components/formulario/campos';
import * as f from '~/components/formulario/formulario.css';
import { botao } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { listarComitentes } from '~/modules/comitentes/usuarios-comitente.server';
import { LISTA_PERMISSOES_INTEGRACAO } from '~/modules/dominio/papeis';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import {
  criarCredencial,
  listarCredenciais,
  MENSAGENS_CREDENCIAL,
  revogarCredencial,
  rotacionarCredencial,
} from '~/modules/integracoes/credenciais.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { formatarDataHora } from '~/utils/format';
import { lerFormulario } from '~/utils/formulario.server';

/**
 * Sellers' API keys (issue #30, decision 167; ADM alone): a key per seller system, with the partner
 * permissions it needs. The secret is in the answer to the create or rotate action only, never again.
 */
export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Chaves de API dos comitentes');

export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const db = context.db;
  const hotsiteId = context.marca.id;
  const [chaves, comitentes] = await Promise.all([
    listarCredenciais({ db, hotsiteId, comitentes: 'todos' }),
    listarComitentes({ db, hotsiteId }),
  ]);
  return { chaves, comitentes: comitentes.filter((c) => c.ativo).map((c) => ({ valor: c.id, nome: c.nomeSite })) };
}

/** The answer that carries a secret is kept by no cache (browser back/forward, proxies). */
const SEM_CACHE = { headers: { 'Cache-Control': 'no-store' } };
/** A document answer takes its headers from here: the action's `no-store` when it sent one. */
export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.get('Cache-Control') ? { 'Cache-Control': actionHeaders.get('Cache-Control')! } : loaderHeaders;

type Resposta =
  | { ok: true; mensagem: string; segredo?: { clientId: string; segredo: string } }
  | { ok: false; mensagem: string; erros: Erros; valores: Record<string, unknown> };

export async function action({ request, context }: ActionFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request);
  const db = context.db;
  const hotsiteId = context.marca.id;
  const acao = form.get('_acao');
  const uid = String(form.get('uid') ?? '');
  try {
    if (acao === 'rotacionar') {
      const r = await rotacionarCredencial({ db, hotsiteId, uid });
      return json({ ok: true as const, mensagem: MENSAGENS_CREDENCIAL.rotacionada, segredo: r }, SEM_CACHE);
    }
    if (acao === 'revogar') return json({ ok: true as const, mensagem: (await revogarCredencial({ db, hotsiteId, uid })).mensagem });
    const entrada = {
      comitenteId: form.get('comitenteId'),
      descricao: form.get('descricao'),
      permissoes: form.getAll('permissoes').filter((v) => typeof v === 'string'),
    };
    const r = await criarCredencial({ db, hotsiteId, usuarioId: eu.id, entrada });
    return json(
      { ok: true as const, mensagem: MENSAGENS_CREDENCIAL.criada, segredo: { clientId: r.clientId, segredo: r.segredo } },
      SEM_CACHE,
    );
  } catch (e) {
    return comoErroDeFormulario(e, { descricao: form.get('descricao'), comitenteId: form.get('comitenteId') });
  }
}

export default function ChavesDeApi() {
  const d = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as Resposta | undefined;
  const erros = r && !r.ok ? r.erros : undefined;
  const valores = r && !r.ok ? r.valores : {};
  return (
    <section>
      <div className={s.titulo}>
        <h1>Chaves de API dos comitentes</h1>
        <Link to="/admin/dashboard-comitente-integracao">Dashboard de integração</Link>
      </div>
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      {r?.ok && r.segredo ? (
        <Secao titulo="Credenciais (mostradas só agora)">
          <dl data-testid="segredo-da-chave">
            <dt>client_id</dt>
            <dd>
              <code>{r.segredo.clientId}</code>
            </dd>
            <dt>client_secret</dt>
            <dd>
              <code>{r.segredo.segredo}</code>
            </dd>
          </dl>
          <p className={f.ajuda}>
            Troque-as por um token em <code>POST /v1/comitente-integracao/token</code> com{' '}
            <code>{'{ "grant_type": "client_credentials", "client_id": "…", "client_secret": "…" }'}</code>; o token vale 1 hora.
          </p>
        </Secao>
      ) : null}
      {d.chaves.length === 0 ? (
        <p>Nenhuma chave de API criada.</p>
      ) : (
        <TabelaRolavel rotulo="Chaves de API">
          <table className={`${f.tabela} ${s.tabelaLarga}`} data-testid="lista-chaves">
            <thead>
              <tr>
                <th>Comitente</th>
                <th>Descrição</th>
                <th>client_id</th>
                <th>Permissões</th>
                <th>Uso</th>
                <th>Ações</th>
              </tr>
            </thead>
            <tbody>
              {d.chaves.map((k) => (
                <tr key={k.uid}>
                  <td>{k.comitente.nomeSite}</td>
                  <td>{k.descricao}</td>
                  <td>
                    <code>{k.clientId}</code>
                  </td>
                  <td>
                    {k.permissoes.map((p) => (
                      <span key={p} className={s.selo}>
                        {p.replace('Integração - ', '')}
                      </span>
                    ))}
                  </td>
                  <td>
                    <small>
                      Criada em {formatarDataHora(k.createdAt)}
                      {k.rotacionadaEm ? `; segredo trocado em ${formatarDataHora(k.rotacionadaEm)}` : ''}
                      {k.ultimoUsoEm ? `; último login ${formatarDataHora(k.ultimoUsoEm)}` : '; nunca usada'}
                    </small>
                  </td>
                  <td>
                    {k.revogadaEm ? (
                      <span className={s.perigo}>Revogada em {formatarDataHora(k.revogadaEm)}</span>
                    ) : (
                      <div className={s.botoesFoto}>
                        <Form method="post">
                          <input type="hidden" name="uid" value={k.uid} />
                          <button type="submit" name="_acao" value="rotacionar" className={s.botaoPequeno}>
                            Trocar segredo
                          </button>
                        </Form>
                        <Form method="post">
                          <input type="hidden" name="uid" value={k.uid} />
                          <button type="submit" name="_acao" value="revogar" className={s.botaoPequeno}>
                            Revogar
                          </button>
                        </Form>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TabelaRolavel>
      )}
      {/* A new key empties the form (the keys' count is its key); a refused one keeps what was typed. */}
      <Form method="post" key={d.chaves.length}>
        <Secao titulo="Nova chave de API">
          <div className={s.grade3}>
            <Escolha
              nome="comitenteId"
              rotulo="Comitente"
              obrigatorio
              vazio="Escolha"
              opcoes={d.comitentes}
              valor={valores.comitenteId == null ? null : String(valores.comitenteId)}
              erros={erros}
            />
            <Campo
              nome="descricao"
              rotulo="Descrição"
              obrigatorio
              maxLength={120}
              valor={valores.descricao == null ? '' : String(valores.descricao)}
              erros={erros}
              placeholder="Sistema de sinistros da seguradora"
            />
          </div>
          <div className={f.campo} role="group" aria-labelledby="rotulo-permissoes">
            <span id="rotulo-permissoes" className={f.rotulo}>
              Permissões *
            </span>
            {LISTA_PERMISSOES_INTEGRACAO.map((p) => (
              <label key={p} className={f.caixa}>
                <input type="checkbox" name="permissoes" value={p} />
                {p}
              </label>
            ))}
            {erros?.permissoes?.[0] ? (
              <p className={f.erro} role="alert">
                {erros.permissoes[0]}
              </p>
            ) : null}
          </div>
        </Secao>
        <div className={f.acoes}>
          <button type="submit" name="_acao" value="criar" className={botao}>
            Criar chave
          </button>
          <span className={f.ajuda}>O segredo aparece uma única vez, logo após criar ou trocar.</span>
        </div>
      </Form>
    </section>
  );
}
