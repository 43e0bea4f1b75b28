import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { container } from '~/components/layout.css';
import { useWording } from '~/components/marca';
import { NotaDeVenda } from '~/components/vendas/nota';
import * as s from '~/components/vendas/vendas.css';
import { vendas as textosDeVendas } from '~/locales/pt-BR/vendas';
import { comitentesDoUsuario } from '~/modules/comitentes/usuarios-comitente.server';
import { ACESSOS } from '~/modules/identidade/acessos';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { temAlgumPapel } from '~/modules/identidade/papeis';
import type { VendaDaConsulta } from '~/modules/vendas/nota.server';
import { leiloesComVendas, notasDoLeilao } from '~/modules/vendas/relatorios.server';
import { ErroHttp } from '~/utils/errors';
import { formatarData, formatarMoeda } from '~/utils/format';
import { idSchema } from '~/utils/id';

/**
 * nota-leilao?leiId={id}[&comId=][&leoId=] (decision 070): every purchase note of an auction, one a
 * printed sheet, with the auction's totals on top. Sales staff see every sale; a seller user only its
 * sellers'. Without leiId, the auctions with sales to choose from. No hash is shown or linked.
 */
const consulta = z.object({
  leiId: idSchema('leiId inválido').optional(),
  comId: idSchema('comId inválido').optional(),
  leoId: idSchema('leoId inválido').optional(),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const usuario = await exigirAcesso(request, context);
  if (!usuario) throw new Response('Efetuar login para acessar esta página', { status: 401 });
  const hotsiteId = context.marca.id;
  const q = consulta.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!q.success) throw new Response(q.error.issues[0]?.message ?? 'Consulta inválida', { status: 400 });
  // Sales staff read every sale; a seller user only its sellers' (ADM and SAC are 'todos' there too).
  const comitentes = temAlgumPapel(usuario.papeis, ACESSOS['/admin/vendas'] as readonly string[])
    ? 'todos'
    : await comitentesDoUsuario({ db: context.db, hotsiteId, usuario });
  if (!q.data.leiId)
    return { marca: context.marca.nome, leiloes: await leiloesComVendas({ db: context.db, hotsiteId, comitentes }), notas: null };
  const notas = await notasDoLeilao({
    db: context.db,
    hotsiteId,
    leiId: q.data.leiId,
    comId: q.data.comId ?? null,
    leoId: q.data.leoId ?? null,
    comitentes,
  }).catch((erro) => {
    if (erro instanceof ErroHttp) throw new Response(erro.mensagem, { status: erro.status });
    throw erro;
  });
  return { marca: context.marca.nome, leiloes: [], notas };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.notas ? `Notas do leilão ${data.notas.leilao.nome}` : 'Notas do leilão' },
  { name: 'robots', content: 'noindex' },
];

export default function NotasDoLeilao() {
  const { marca, leiloes, notas } = useLoaderData<typeof loader>();
  const t = useWording(textosDeVendas);
  if (!notas)
    return (
      <section className={`${container} ${s.pagina}`}>
        <h1>{t('vendas.notasDoLeilao')}</h1>
        <ul className={s.lista} data-testid="leiloes-com-vendas">
          {leiloes.map((l) => (
            <li key={l.id}>
              <Link to={`?leiId=${l.id}`}>
                {l.nome} — {formatarData(l.data)} ({l.vendas})
              </Link>
            </li>
          ))}
        </ul>
        {leiloes.length === 0 ? <p>Nenhuma venda encontrada</p> : null}
      </section>
    );
  return (
    <section className={`${container} ${s.pagina}`} data-testid="nota-leilao">
      <div className={s.cartao}>
        <h1>
          {t('vendas.notasDoLeilao')}: {notas.leilao.nome}
        </h1>
        <p className={s.suave}>
          {marca} · {formatarData(notas.leilao.data)} · {notas.vendas.length} {notas.vendas.length === 1 ? 'nota' : 'notas'}
        </p>
        <dl className={s.dados}>
          <dt>{t('vendas.arremate')}</dt>
          <dd>{formatarMoeda(notas.totais.arremate)}</dd>
          <dt>{t('vendas.comissaoDoLeiloeiro')}</dt>
          <dd>{formatarMoeda(notas.totais.comissao)}</dd>
          <dt>Taxas</dt>
          <dd>{formatarMoeda(notas.totais.taxas)}</dd>
          <dt>Total</dt>
          <dd>
            <strong>{formatarMoeda(notas.totais.total)}</strong>
          </dd>
        </dl>
      </div>
      {notas.vendas.map((v) => (
        <NotaDeVenda key={v.id} v={v as VendaDaConsulta} marca={marca} />
      ))}
    </section>
  );
}
