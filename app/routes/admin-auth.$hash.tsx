import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/identidade/formulario.css';
import { loginPorHash } from '~/modules/identidade/login.server';
import { origemDoContexto, redirecionarLogado } from '~/paginas/paginas.server';
import { ErroHttp } from '~/utils/errors';
import { metaDaPagina } from '~/components/meta';

export const meta: MetaFunction = ({ matches }) => [...metaDaPagina(matches, 'Acesso por link'), { name: 'robots', content: 'noindex' }];

/** Single-use, expiring login link: the first visit logs in; any later visit is refused. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  try {
    const r = await loginPorHash({
      db: context.db,
      hotsiteId: context.marca.id,
      hash: params.hash,
      origem: origemDoContexto(request, context),
      canal: 'pagina',
    });
    return redirecionarLogado(r.roles.some((p) => p.startsWith('Interno - ')) ? '/admin' : '/', r, false);
  } catch (e) {
    if (e instanceof ErroHttp) return json({ mensagem: e.mensagem }, { status: e.status });
    throw e;
  }
}

export default function AdminAuth() {
  const { mensagem } = useLoaderData<typeof loader>() as { mensagem: string };
  return (
    <section className={s.pagina}>
      <div className={s.cartao}>
        <h1>Acesso por link</h1>
        <Aviso tipo="erro">{mensagem}</Aviso>
      </div>
    </section>
  );
}
