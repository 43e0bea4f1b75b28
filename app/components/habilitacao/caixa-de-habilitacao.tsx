import { Form, Link, useLocation, useSearchParams } from '@remix-run/react';
import { useEffect } from 'react';
import { botao, botaoSecundario, container } from '~/components/layout.css';
import { useWording } from '~/components/marca';
import { habilitacao as textos } from '~/locales/pt-BR/habilitacao';
import type { CaixaDeHabilitacao as Dados } from '~/modules/habilitacao/habilitacao.server';
import * as s from './caixa-de-habilitacao.css';

/**
 * "Habilitar-se para este leilão" (issue #12): for a client not yet enabled for the auction, its
 * conditions (edital, regulamento) to accept and a plain form posting to /habilitacao (works without
 * JavaScript); pending and refused requests are shown with the reason; a visitor gets the login,
 * which brings them back here. `ancora`: the element id the bid panel's refusal links to.
 */
export function CaixaDeHabilitacao({ dados, ancora, compacta = false }: { dados: Dados; ancora?: string; compacta?: boolean }) {
  const t = useWording(textos);
  const local = useLocation();
  const [params] = useSearchParams();
  const { leilao, estado } = dados;
  const id = ancora ?? `habilitacao-${leilao.id}`;
  // The answer of this box's last post (the action puts it in the address it redirects to).
  const mensagem = params.get('habilitacao_leilao') === String(leilao.id) ? params.get('habilitacao') : null;
  const volta = new URLSearchParams(local.search);
  volta.delete('habilitacao');
  volta.delete('habilitacao_leilao');
  const aqui = `${local.pathname}${volta.size ? `?${volta}` : ''}`;
  // The answer is read once: drop it from the address bar, so a reload (or a later visit through
  // history) does not repeat an answer the state may have outgrown (pending, then refused).
  useEffect(() => {
    if (mensagem) window.history.replaceState(window.history.state, '', `${aqui}${local.hash}`);
  }, [mensagem, aqui, local.hash]);
  const aviso = mensagem ? (
    <p className={s.mensagem} role="status" data-testid="habilitacao-mensagem">
      {mensagem}
    </p>
  ) : null;

  if (estado?.situacao === 'Habilitado')
    return (
      <section id={id} className={s.caixaOk} data-testid="habilitacao" data-situacao="Habilitado">
        {aviso}
        <p className={s.situacao}>{t('habilitacao.habilitado')}</p>
      </section>
    );
  if (estado?.situacao === 'Pendente')
    return (
      <section id={id} className={s.caixa} data-testid="habilitacao" data-situacao="Pendente">
        <h2 className={s.titulo}>{t('habilitacao.titulo')}</h2>
        {aviso}
        <p className={s.situacao}>{t('habilitacao.pendente')}</p>
      </section>
    );

  const caixa = (
    <section
      id={id}
      className={s.caixa}
      data-testid="habilitacao"
      data-situacao={estado?.situacao ?? 'Nenhuma'}
      aria-labelledby={`${id}-titulo`}
    >
      <h2 className={s.titulo} id={`${id}-titulo`}>
        {t('habilitacao.titulo')}
      </h2>
      {aviso}
      {estado?.situacao === 'Recusado' ? <p className={s.recusado}>{t('habilitacao.recusado', { motivo: estado.motivo ?? '-' })}</p> : null}
      <p className={s.texto}>
        {leilao.nome}. {t('habilitacao.explicacao')} {dados.comAprovacao ? t('habilitacao.explicacao_aprovacao') : null}
      </p>
      <p className={s.links}>
        {leilao.editalUrl ? (
          <a href={leilao.editalUrl} target="_blank" rel="noopener noreferrer">
            {t('habilitacao.edital')}
          </a>
        ) : null}
        <a href={leilao.regulamentoUrl} target="_blank" rel="noopener">
          {t('habilitacao.regulamento')}
        </a>
      </p>
      {estado ? (
        <Form method="post" action="/habilitacao" preventScrollReset className={s.formulario}>
          <input type="hidden" name="leilaoId" value={leilao.id} />
          <input type="hidden" name="redirectTo" value={aqui} />
          <input type="hidden" name="ancora" value={id} />
          <label className={s.aceite}>
            <input type="checkbox" name="aceite" required data-testid="habilitacao-aceite" />
            <span>{t('habilitacao.aceite')}</span>
          </label>
          <button type="submit" className={estado.situacao === 'Recusado' ? botaoSecundario : botao} data-testid="habilitacao-botao">
            {t(estado.situacao === 'Recusado' ? 'habilitacao.botao_novamente' : 'habilitacao.botao')}
          </button>
        </Form>
      ) : (
        <Link to={`/login?${new URLSearchParams({ redirectTo: aqui })}`} className={botao} data-testid="habilitacao-login">
          {t('habilitacao.entrar')}
        </Link>
      )}
    </section>
  );
  // The agenda lists many auctions: there the box is one line that opens (a native <details>, no script).
  return compacta ? (
    <details className={s.compacta} open={!!mensagem || estado?.situacao === 'Recusado'}>
      <summary data-testid="habilitacao-resumo">{t('habilitacao.titulo')}</summary>
      {caixa}
    </details>
  ) : (
    caixa
  );
}

/** The box where a page has no column for it (an auction's lot list): in the page's container, spaced. */
export function CaixaDeHabilitacaoNaPagina({ dados }: { dados: Dados }) {
  return (
    <div className={`${container} ${s.naPagina}`}>
      <CaixaDeHabilitacao dados={dados} />
    </div>
  );
}
