import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { container } from '~/components/layout.css';
import { useWording } from '~/components/marca';
import * as s from '~/components/vendas/vendas.css';
import { vendas as textosDeVendas } from '~/locales/pt-BR/vendas';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { comprovantesDoCliente } from '~/modules/vendas/nota.server';
import { SITUACAO_VENDA } from '~/modules/vendas/regras';
import { formatarData } from '~/utils/format';

/**
 * The bare /comprovante-arrematacao (decision 222): the logged-in buyer's receipts, each a link to its
 * page (comprovante-arrematacao/{hash}); a visitor is sent to the login first.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const u = (await exigirAcesso(request, context))!;
  return { comprovantes: await comprovantesDoCliente({ db: context.db, hotsiteId: context.marca.id, usuarioId: u.id }) };
}

export const meta: MetaFunction = () => [{ title: 'Comprovantes de arrematação' }, { name: 'robots', content: 'noindex' }];

export default function Comprovantes() {
  const { comprovantes } = useLoaderData<typeof loader>();
  const t = useWording(textosDeVendas);
  return (
    <section className={`${container} ${s.pagina}`}>
      <h1>{t('vendas.comprovante_arrematacao')}</h1>
      {comprovantes.length === 0 ? <p>{t('vendas.nenhuma')}</p> : null}
      <ul className={s.lista} data-testid="comprovantes-do-cliente">
        {comprovantes.map((c) => (
          <li key={c.id}>
            <Link to={`/comprovante-arrematacao/${c.hashQrcode}`}>
              {t('vendas.compra')} {c.id}
              {c.leilao ? ` · ${c.leilao}` : ''}
              {c.lotes ? ` · ${t('vendas.lotes')} ${c.lotes}` : ''}
            </Link>{' '}
            <small>
              {formatarData(c.createdAt)} · {SITUACAO_VENDA[c.situacao].rotulo}
            </small>
          </li>
        ))}
      </ul>
    </section>
  );
}
