import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { NavLink, Outlet, useLoaderData } from '@remix-run/react';
import { container } from '~/components/layout.css';
import { menuDoUsuario } from '~/modules/backoffice/menu';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { metaDaPagina } from '~/components/meta';
import * as s from './admin.css';

/**
 * The staff area shell: any internal role gets in (its rule, `interno`); each screen's own loader is
 * guarded by its own rule, so a deep link to a screen the user may not open answers 403.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const usuario = (await exigirAcesso(request, context))!;
  return { nome: usuario.nome, menu: menuDoUsuario(usuario.papeis) };
}

export const meta: MetaFunction = ({ matches }) => [
  ...metaDaPagina(matches, 'Área administrativa'),
  { name: 'robots', content: 'noindex' },
];

export default function Admin() {
  const { menu } = useLoaderData<typeof loader>();
  return (
    <div className={`${container} ${s.area}`}>
      <nav className={s.menu} aria-label="Área administrativa">
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
      </nav>
      <div>
        <Outlet />
      </div>
    </div>
  );
}
