import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, NavLink, Outlet, useLoaderData, useLocation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { avisarLogoutEntreAbas } from '~/components/identidade/logout-entre-abas';
import { useMarca } from '~/components/marca';
import { menuDoUsuario } from '~/modules/backoffice/menu';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { metaDaPagina } from '~/components/meta';
import * as s from './admin.css';

/**
 * The staff area shell: any internal role gets in (its rule, `interno`); each screen's own loader is
 * guarded by its own rule, so a deep link to a screen the user may not open answers 403.
 * Staff work in their own shell (`handle.cascaPropria`): the brand and who is logged in, the menu
 * of their roles and the way out, without the public header and footer.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const usuario = (await exigirAcesso(request, context))!;
  return { nome: usuario.nome, menu: menuDoUsuario(usuario.papeis) };
}

export const handle = { cascaPropria: true };

export const meta: MetaFunction = ({ matches }) => [
  ...metaDaPagina(matches, 'Área administrativa'),
  { name: 'robots', content: 'noindex' },
];

type Menu = ReturnType<typeof menuDoUsuario>;

function MenuDaArea({ menu }: { menu: Menu }) {
  return (
    <>
      <NavLink to="/admin" end className={s.link}>
        Início
      </NavLink>
      {menu.map((g) => (
        <div key={g.modulo}>
          <h2 className={s.modulo}>{g.modulo}</h2>
          <ul>
            {g.entradas.map((e) => (
              <li key={e.caminho}>
                <NavLink to={e.caminho} className={s.link}>
                  {e.nome}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}

export default function Admin() {
  const { nome, menu } = useLoaderData<typeof loader>();
  const marca = useMarca();
  // The phone's menu is a native disclosure (works without JavaScript) that closes on the next page.
  const menuMovel = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();
  useEffect(() => {
    menuMovel.current?.removeAttribute('open');
  }, [key]);
  return (
    <div className={s.casca}>
      <a href="#conteudo" className={s.pular}>
        Pular para o conteúdo
      </a>
      <header className={s.topo} data-testid="topo-admin">
        <Link to="/admin" className={s.marca}>
          {/* The logo already reads as the brand's name; without one, the name is written. */}
          {marca.logo ? <img src={marca.logo} alt={marca.nome} className={s.logo} height={32} /> : null}
          <span>
            {marca.logo ? null : <strong>{marca.nome}</strong>}
            <span className={s.area}>Área administrativa</span>
          </span>
        </Link>
        <div className={s.conta}>
          <span className={s.usuario} data-testid="usuario-admin">
            {nome}
          </span>
          <Link to="/" className={s.acaoTopo}>
            Ver o site
          </Link>
          <Form method="post" action="/sair" onSubmit={avisarLogoutEntreAbas}>
            <button type="submit" className={s.acaoTopo} data-testid="botao-sair">
              Sair
            </button>
          </Form>
        </div>
      </header>
      <details className={s.menuMovel} ref={menuMovel}>
        <summary className={s.resumoMenu}>Menu</summary>
        <nav aria-label="Área administrativa (celular)">
          <MenuDaArea menu={menu} />
        </nav>
      </details>
      <div className={s.corpo}>
        <nav className={s.menu} aria-label="Área administrativa">
          <MenuDaArea menu={menu} />
        </nav>
        <main id="conteudo" className={s.conteudo}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
