import { lerFormulario } from '~/utils/formulario.server';
import { TabelaRolavel } from '~/components/backoffice/pecas';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/formulario/formulario.css';
import { botao } from '~/components/layout.css';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { liberarRecadastramento2fa, listarBloqueados2fa } from '~/modules/identidade/usuarios.server';
import { metaDaPagina } from '~/components/meta';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Usuários bloqueados');

/** Blocked two-factor users; the 2FA-unblock role clears them (access table: that role only). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const lista = await listarBloqueados2fa({ db: context.db, hotsiteId: context.marca.id });
  return { usuarios: lista.map((u) => ({ ...u, updatedAt: u.updatedAt.toISOString() })) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await exigirAcesso(request, context);
  const form = await lerFormulario(request);
  return liberarRecadastramento2fa({ db: context.db, hotsiteId: context.marca.id, uid: String(form.get('uid') ?? '') });
}

export default function Bloqueados() {
  const { usuarios } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>();
  return (
    <section>
      <h1>Usuários bloqueados (2FA)</h1>
      {r ? <Aviso tipo="sucesso">{r.mensagem}</Aviso> : null}
      {usuarios.length === 0 ? <p>Nenhum usuário bloqueado.</p> : null}
      <TabelaRolavel rotulo="Usuários bloqueados">
        <table className={s.tabela} data-testid="lista-bloqueados">
          <tbody>
            {usuarios.map((u) => (
              <tr key={u.uid}>
                <td>{u.nome}</td>
                <td>{u.email}</td>
                <td>
                  <Form method="post">
                    <input type="hidden" name="uid" value={u.uid} />
                    <button type="submit" className={botao}>
                      Liberar recadastramento
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TabelaRolavel>
    </section>
  );
}
