import { Form, Link, NavLink, useRouteLoaderData } from '@remix-run/react';
import { avisarLogoutEntreAbas } from './identidade/logout-entre-abas';
import { useMarca, useWording } from '~/components/marca';
import * as s from './cabecalho.css';
import { menu } from './icones-casca.css';
import { botao, container } from './layout.css';

export function useLinksDoMenu() {
  const t = useWording();
  return [
    { to: `/${t('caminho_lista')}`, rotulo: t('nav.lista') },
    { to: '/agenda', rotulo: t('nav.agenda') },
    { to: '/como-funciona', rotulo: t('nav.como_funciona') },
    { to: '/patios', rotulo: t('nav.patios') },
    { to: '/fale-conosco', rotulo: t('nav.fale_conosco') },
  ];
}

export function Cabecalho() {
  const marca = useMarca();
  const t = useWording();
  const links = useLinksDoMenu();
  const sessao = useRouteLoaderData<{ usuario: { nome: string; interno: boolean } | null }>('root');
  return (
    <header className={s.cabecalho} data-testid="cabecalho">
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
          {sessao?.usuario ? (
            <>
              <Link
                to={sessao.usuario.interno ? '/admin' : '/cliente/meu-perfil'}
                className={s.link}
                title={sessao.usuario.nome}
                data-testid="usuario-logado"
              >
                {sessao.usuario.nome.split(' ')[0]}
              </Link>
              <Form method="post" action="/sair" onSubmit={avisarLogoutEntreAbas}>
                <button type="submit" className={botao} data-testid="botao-sair">
                  {t('nav.sair')}
                </button>
              </Form>
            </>
          ) : (
            <Link to="/login" className={botao} data-testid="botao-entrar">
              {t('nav.entrar')}
            </Link>
          )}
        </div>
        {/* Works without JavaScript: a native disclosure. */}
        <details className={s.menuMovel}>
          <summary aria-label={t('nav.menu')}>
            <span className={menu} aria-hidden />
          </summary>
          <nav className={s.menuMovelLista} aria-label="Menu">
            {links.map((l) => (
              <Link key={l.to} to={l.to} className={s.link}>
                {l.rotulo}
              </Link>
            ))}
          </nav>
        </details>
      </div>
    </header>
  );
}
