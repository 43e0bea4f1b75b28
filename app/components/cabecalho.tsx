import { Form, Link, NavLink, useLocation, useRouteLoaderData } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { avisarLogoutEntreAbas } from './identidade/logout-entre-abas';
import { useMarca, useWording } from '~/components/marca';
import { cabecalho } from '~/locales/pt-BR/cabecalho';
import * as s from './cabecalho.css';
import { menu } from './icones-casca.css';
import { botao, container } from './layout.css';
import { Sino } from './notificacoes/sino';

export function useLinksDoMenu() {
  const t = useWording(cabecalho);
  return [
    { to: `/${t('caminho_lista')}`, rotulo: t('nav.lista') },
    { to: '/agenda', rotulo: t('nav.agenda') },
    { to: '/como-funciona', rotulo: t('nav.como_funciona') },
    { to: '/patios', rotulo: t('nav.patios') },
    { to: '/fale-conosco', rotulo: t('nav.fale_conosco') },
  ];
}

/**
 * The client area (spec 000 §2 "Customer area"), in the header of every public page. Staff get
 * their back office instead. Without SMTP (the demo) both also get their own inbox (decision 107).
 * The one place both menus (desktop and phone) read.
 */
export function useLinksDaConta(interno: boolean, caixaDeMensagens = false) {
  const t = useWording(cabecalho);
  const caixa = caixaDeMensagens ? [{ to: '/minhas-mensagens', rotulo: t('nav.minhas_mensagens') }] : [];
  if (interno) return [{ to: '/admin', rotulo: t('nav.area_interna') }, ...caixa];
  return [
    { to: '/cliente/meus-lances', rotulo: t('nav.meus_lances') },
    { to: '/cliente/favoritos', rotulo: t('nav.favoritos') },
    { to: '/cliente/compras', rotulo: t('nav.minhas_compras') },
    { to: '/cliente/minha-pagina', rotulo: t('nav.meus_documentos') },
    ...caixa,
    { to: '/cliente/meu-perfil', rotulo: t('nav.meu_perfil') },
    { to: '/cliente/privacidade', rotulo: t('nav.privacidade') },
  ];
}

/** A native disclosure (works without JavaScript) that closes again when the page changes. */
function useFechaAoNavegar() {
  const ref = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();
  useEffect(() => {
    ref.current?.removeAttribute('open');
  }, [key]);
  return ref;
}

function BotaoSair({ testId, className }: { testId: string; className: string }) {
  const t = useWording(cabecalho);
  return (
    <Form method="post" action="/sair" onSubmit={avisarLogoutEntreAbas}>
      <button type="submit" className={className} data-testid={testId}>
        {t('nav.sair')}
      </button>
    </Form>
  );
}

export function Cabecalho() {
  const marca = useMarca();
  const t = useWording(cabecalho);
  const links = useLinksDoMenu();
  const sessao = useRouteLoaderData<{ usuario: { nome: string; interno: boolean } | null; caixaDeMensagens?: boolean }>('root');
  const usuario = sessao?.usuario ?? null;
  const conta = useLinksDaConta(Boolean(usuario?.interno), Boolean(sessao?.caixaDeMensagens));
  const menuConta = useFechaAoNavegar();
  const menuMovel = useFechaAoNavegar();
  return (
    <header className={s.cabecalho} data-testid="cabecalho" data-sob-demanda="cabecalho">
      <div className={s.faixa} data-testid="faixa-marca" />
      <div className={`${container} ${s.linha}`}>
        <Link to="/" className={s.logo} aria-label={`${marca.nome}: ${t('nav.inicio')}`}>
          {marca.logo ? <img src={marca.logo} alt={marca.nome} className={s.logoImagem} height={44} /> : <strong>{marca.nome}</strong>}
        </Link>
        <nav className={s.nav} aria-label="Principal">
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} className={s.link}>
              {l.rotulo}
            </NavLink>
          ))}
        </nav>
        <div className={s.acoes}>
          {usuario && !usuario.interno ? <Sino /> : null}
          {usuario ? (
            <details className={s.conta} ref={menuConta} data-testid="menu-conta">
              <summary className={s.contaBotao} title={usuario.nome} aria-label={`${t('nav.minha_conta')}: ${usuario.nome}`}>
                <span data-testid="usuario-logado" title={usuario.nome}>
                  {usuario.nome.split(' ')[0]}
                </span>
                <span aria-hidden className={s.seta}>
                  ▾
                </span>
              </summary>
              <nav className={s.contaLista} aria-label={t('nav.minha_conta')}>
                {conta.map((l) => (
                  <NavLink key={l.to} to={l.to} className={s.link}>
                    {l.rotulo}
                  </NavLink>
                ))}
                <BotaoSair testId="botao-sair" className={s.itemSair} />
              </nav>
            </details>
          ) : (
            <Link to="/login" className={botao} data-testid="botao-entrar">
              {t('nav.entrar')}
            </Link>
          )}
        </div>
        <details className={s.menuMovel} ref={menuMovel} data-testid="menu-movel">
          <summary aria-label={t('nav.menu')}>
            <span className={menu} aria-hidden />
          </summary>
          <nav className={s.menuMovelLista} aria-label="Menu">
            {links.map((l) => (
              <Link key={l.to} to={l.to} className={s.link}>
                {l.rotulo}
              </Link>
            ))}
            {usuario ? (
              <>
                <hr className={s.separador} />
                <span className={s.rotuloConta}>{usuario.nome}</span>
                {conta.map((l) => (
                  <Link key={l.to} to={l.to} className={s.link}>
                    {l.rotulo}
                  </Link>
                ))}
                <BotaoSair testId="botao-sair-movel" className={s.itemSair} />
              </>
            ) : null}
          </nav>
        </details>
      </div>
    </header>
  );
}
