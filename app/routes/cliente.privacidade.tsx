import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as f from '~/components/formulario/formulario.css';
import { botao, botaoSecundario } from '~/components/layout.css';
import { useWording } from '~/components/marca';
import { metaDaPagina } from '~/components/meta';
import * as s from '~/components/privacidade/privacidade.css';
import { privacidade } from '~/locales/pt-BR/privacidade';
import { exigirLogin } from '~/modules/identidade/guard.server';
import { alterarConsentimento, consentimentosDoTitular } from '~/modules/privacidade/consentimentos.server';
import { pedirExclusao, solicitacoesDoTitular } from '~/modules/privacidade/solicitacoes.server';
import { registroDeAcessos, titularDaMarca } from '~/modules/privacidade/titular.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { ErroHttp } from '~/utils/errors';
import { formatarData, formatarDataHora } from '~/utils/format';
import { lerFormulario } from '~/utils/formulario.server';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Privacidade e meus dados');

/**
 * /cliente/privacidade: LGPD self-service for a client of this brand (decisions 234-236): download all
 * their data (JSON, PDF), give or revoke consents, ask for deletion (answered by staff within 15 days),
 * and read their own access records. Staff accounts (not a client of the brand) get a 403.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const u = await exigirLogin(request, context);
  const base = { db: context.db, hotsiteId: context.marca.id, usuarioId: u.id };
  await titularDaMarca(base);
  const [consentimentos, solicitacoes, acessos] = await Promise.all([
    consentimentosDoTitular(base),
    solicitacoesDoTitular(base),
    registroDeAcessos({ ...base, limite: 50 }),
  ]);
  return { consentimentos, solicitacoes, acessos };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const u = await exigirLogin(request, context);
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  const base = { db: context.db, hotsiteId: context.marca.id, usuarioId: u.id };
  try {
    await titularDaMarca(base);
    switch (campos._acao) {
      case 'consentimento':
        await alterarConsentimento({ ...base, entrada: campos });
        return { ok: true as const, mensagem: privacidade.titular.consentimento_salvo, erros: {}, valores: {} };
      case 'exclusao': {
        const r = await pedirExclusao({ ...base, entrada: campos });
        const chave = r.tipo === 'registrada' ? 'exclusao_registrada' : 'exclusao_ja_pendente';
        return {
          ok: true as const,
          mensagem: privacidade.titular[chave].replace('{{data}}', formatarData(r.solicitacao.prazo)),
          erros: {},
          valores: {},
        };
      }
      default:
        throw new ErroHttp(400, 'Ação desconhecida');
    }
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

type Resposta = { ok: boolean; mensagem: string; erros: Record<string, string[]> } | undefined;

export default function Privacidade() {
  const { consentimentos, solicitacoes, acessos } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as Resposta;
  const t = useWording(privacidade);
  const pendente = solicitacoes.find((x) => x.situacao === 'Pendente');
  const erroDe = (campo: string) => r?.erros?.[campo]?.[0];
  return (
    <section className={f.paginaLarga}>
      <h1>{t('titular.titulo')}</h1>
      <p>{t('titular.explicacao')}</p>
      {r ? (
        <Aviso tipo={r.ok ? 'sucesso' : 'erro'} testId="aviso-privacidade">
          {r.mensagem}
        </Aviso>
      ) : null}

      <div className={s.cartao}>
        <h2 className={s.titulo}>{t('titular.baixar')}</h2>
        <p className={f.ajuda}>{t('titular.baixar_explicacao')}</p>
        <div className={f.acoes}>
          <a className={botao} href="/cliente/meus-dados.json" download data-testid="baixar-json">
            {t('titular.baixar_json')}
          </a>
          <a className={botaoSecundario} href="/cliente/meus-dados.pdf" download data-testid="baixar-pdf">
            {t('titular.baixar_pdf')}
          </a>
        </div>
      </div>

      <div className={s.cartao}>
        <h2 className={s.titulo}>{t('titular.consentimentos')}</h2>
        <ul className={s.lista}>
          {consentimentos.map((c) => (
            <li key={c.finalidade} className={s.item} data-testid={`consentimento-${c.finalidade}`}>
              <div>
                <strong>{t(`titular.consentimento_${c.finalidade}`)}</strong>
                <div className={f.ajuda}>
                  {c.alteradoEm
                    ? t(c.concedido ? 'titular.concedido_em' : 'titular.revogado_em', { data: formatarDataHora(c.alteradoEm) })
                    : t('titular.nunca')}
                </div>
              </div>
              <Form method="post">
                <input type="hidden" name="_acao" value="consentimento" />
                <input type="hidden" name="finalidade" value={c.finalidade} />
                <input type="hidden" name="concedido" value={c.concedido ? 'nao' : 'sim'} />
                <button type="submit" className={c.concedido ? botaoSecundario : botao}>
                  {t(c.concedido ? 'titular.revogar' : 'titular.conceder')}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      </div>

      <div className={s.cartao}>
        <h2 className={s.titulo}>{t('titular.exclusao')}</h2>
        <p className={f.ajuda}>{t('titular.exclusao_explicacao')}</p>
        {pendente ? (
          <p data-testid="exclusao-pendente">{t('titular.exclusao_ja_pendente', { data: formatarData(pendente.prazo) })}</p>
        ) : (
          <Form method="post">
            <input type="hidden" name="_acao" value="exclusao" />
            <label className={f.campo}>
              <span className={f.rotulo}>{t('titular.exclusao_motivo')}</span>
              <textarea name="motivo" className={f.entrada} rows={3} maxLength={1000} />
            </label>
            <label className={f.caixa}>
              <input
                type="checkbox"
                name="confirmo"
                value="sim"
                required
                aria-describedby={erroDe('confirmo') ? 'erro-confirmo' : undefined}
              />
              {t('titular.exclusao_confirmar')}
            </label>
            {erroDe('confirmo') ? (
              <p id="erro-confirmo" className={f.erro}>
                {erroDe('confirmo')}
              </p>
            ) : null}
            <button type="submit" className={botao}>
              {t('titular.exclusao_pedir')}
            </button>
          </Form>
        )}
        <h3 className={s.subtitulo}>{t('titular.pedidos')}</h3>
        {solicitacoes.length === 0 ? (
          <p className={f.ajuda}>{t('titular.sem_pedidos')}</p>
        ) : (
          <ul className={s.lista} data-testid="meus-pedidos">
            {solicitacoes.map((x) => (
              <li key={x.uid} className={s.item}>
                <span>
                  {t('titular.exclusao')} · {formatarDataHora(x.criadaEm)}
                  {x.resposta ? ` · ${x.resposta}` : ''}
                </span>
                <span className={s.selo}>
                  {x.situacao}
                  {x.situacao === 'Pendente' ? ` · até ${formatarData(x.prazo)}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className={s.cartao}>
        <h2 className={s.titulo}>{t('titular.acessos')}</h2>
        <p className={f.ajuda}>{t('titular.acessos_explicacao')}</p>
        {acessos.length === 0 ? (
          <p className={f.ajuda}>{t('titular.sem_acessos')}</p>
        ) : (
          <ul className={s.lista} data-testid="meus-acessos">
            {acessos.map((a, i) => (
              <li key={`${a.data}-${i}`} className={s.item}>
                <span>
                  {formatarDataHora(a.data)} · {a.ip}
                  <span className={s.dispositivo}>{a.dispositivo ?? ''}</span>
                </span>
                <span className={s.selo}>{t(a.sucesso ? 'titular.acesso_ok' : 'titular.acesso_falhou')}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
