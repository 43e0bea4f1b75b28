import { Form } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { Escolha, Secao, TabelaRolavel } from '~/components/backoffice/pecas';
import { Campo, type Erros } from '~/components/formulario/campos';
import * as f from '~/components/formulario/formulario.css';
import { botao } from '~/components/layout.css';
import { LISTA_PERMISSOES_INTEGRACAO, PERMISSOES_INTEGRACAO } from '~/modules/dominio/papeis';
import type { CredencialResumo } from '~/modules/integracoes/credenciais.server';
import { formatarDataHora } from '~/utils/format';

/** What the create, rotate and revoke actions answer: the secret only right after creating or rotating. */
export type RespostaDasChaves =
  | { ok: true; mensagem: string; segredo?: { clientId: string; segredo: string } }
  | { ok: false; mensagem: string; erros: Erros; valores: Record<string, unknown> };

/** A shop (loja) reads its own words in the permissions' names; the value posted stays the spec's name. */
const PERMISSOES_NA_LOJA: Record<string, string> = {
  [PERMISSOES_INTEGRACAO.LEILAO]: 'Integração - Evento',
  [PERMISSOES_INTEGRACAO.LOTE]: 'Integração - Anúncio',
};
export const rotuloDaPermissao = (p: string, tipo: 'leilao' | 'loja') => (tipo === 'loja' ? (PERMISSOES_NA_LOJA[p] ?? p) : p);

/**
 * Sellers' API keys (decisions 167 and 201): the secret shown once, the keys' list (never a secret), rotate and
 * revoke, and the form of a new key. Staff (/admin/comitente-integracao-chaves) and a seller's own users
 * (/comitente/minha-pagina/chaves) see the same panel, each with the sellers it may manage.
 */
export function PainelDeChaves({
  chaves,
  comitentes,
  resposta: r,
  tipo = 'leilao',
  rotuloComitente = 'Comitente',
}: {
  chaves: readonly (Omit<CredencialResumo, 'comitente'> & { comitente: { id: number; nomeSite: string } })[];
  comitentes: readonly { valor: number; nome: string }[];
  resposta: RespostaDasChaves | undefined;
  /** The brand's wording of the permissions' names; staff screens keep the spec's (decision 037). */
  tipo?: 'leilao' | 'loja';
  /** "Comitente", or the shop's "Vendedor". */
  rotuloComitente?: string;
}) {
  const erros = r && !r.ok ? r.erros : undefined;
  const valores = r && !r.ok ? r.valores : {};
  const d = { chaves, comitentes };
  return (
    <>
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      {r?.ok && r.segredo ? (
        <Secao titulo="Credenciais (mostradas só agora)">
          <dl className={s.credenciais} data-testid="segredo-da-chave">
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
                <th>{rotuloComitente}</th>
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
                        {rotuloDaPermissao(p, tipo).replace('Integração - ', '')}
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
              rotulo={rotuloComitente}
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
                {rotuloDaPermissao(p, tipo)}
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
    </>
  );
}
