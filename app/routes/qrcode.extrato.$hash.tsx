import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { container } from '~/components/layout.css';
import { useWording } from '~/components/marca';
import { Selo } from '~/components/vendas/partes';
import * as s from '~/components/vendas/vendas.css';
import { vendas as textosDeVendas } from '~/locales/pt-BR/vendas';
import { documentoDoPedido } from '~/paginas/documento-por-hash.server';
import { formatarData, formatarMoeda } from '~/utils/format';

/**
 * qrcode/extrato/{hash}: what the statement's QR code opens. Confirms the statement is ours and shows
 * only what a yard or a third party needs to check it (no e-mail, no payments).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const v = await documentoDoPedido(request, context, params.hash);
  if (!v) throw new Response('Extrato não encontrado', { status: 404 });
  return {
    id: v.id,
    situacaoRotulo: v.situacaoRotulo,
    tom: v.tom,
    cliente: v.cliente.nome,
    leilao: v.cabecalho.leilao,
    criada: v.createdAt,
    total: v.totais.total,
    restante: Math.max(0, v.totais.restante),
    lotes: v.itens.map((i) => `${i.numero} · ${i.nome}`),
  };
}

export const meta: MetaFunction = () => [{ title: 'Verificação de extrato' }, { name: 'robots', content: 'noindex' }];

export default function VerificacaoExtrato() {
  const d = useLoaderData<typeof loader>();
  const t = useWording(textosDeVendas);
  return (
    <section className={`${container} ${s.pagina}`} data-testid="verificacao-extrato">
      <h1>Extrato autêntico</h1>
      <p className={s.orientacao}>
        {t('vendas.compra')} {d.id} de {d.cliente}, emitida em {formatarData(d.criada)}. <Selo tom={d.tom}>{d.situacaoRotulo}</Selo>
      </p>
      <ul className={s.lista}>
        {d.leilao ? (
          <li>
            {t('vendas.leilao')}: {d.leilao}
          </li>
        ) : null}
        {d.lotes.map((l) => (
          <li key={l}>
            {t('vendas.lote')} {l}
          </li>
        ))}
        <li>Total: {formatarMoeda(d.total)}</li>
        <li>Restante: {formatarMoeda(d.restante)}</li>
      </ul>
    </section>
  );
}
