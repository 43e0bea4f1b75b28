import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { container } from '~/components/layout.css';
import { useWording } from '~/components/marca';
import { Selo } from '~/components/vendas/partes';
import * as s from '~/components/vendas/vendas.css';
import { vendas as textosDeVendas } from '~/locales/pt-BR/vendas';
import { mascararDocumento } from '~/modules/dominio/documentos-br';
import { semNota } from '~/modules/vendas/nota.server';
import { documentoDoPedido } from '~/paginas/documento-por-hash.server';
import { formatarData, formatarMoeda } from '~/utils/format';

/**
 * qrcode/nota/{hash}: what the note's QR code opens. Confirms the note is ours with what checks it:
 * number, date, auction, buyer's name with the document masked, lots and total (decision 070).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const v = await documentoDoPedido(request, context, params.hash);
  if (!v || semNota(v)) throw new Response('Nota não encontrada', { status: 404 });
  return {
    numero: v.numeroNota,
    situacaoRotulo: v.situacaoRotulo,
    tom: v.tom,
    arrematante: v.arrematante.nome,
    documento: v.arrematante.documento ? mascararDocumento(v.arrematante.documento) : null,
    leilao: v.cabecalho.leilao,
    comitente: v.cabecalho.comitente,
    emitida: v.createdAt,
    total: v.liquido,
    lotes: v.itens.filter((i) => i.ativo).map((i) => `${i.numero} · ${i.nome}`),
  };
}

export const meta: MetaFunction = () => [{ title: 'Verificação de nota' }, { name: 'robots', content: 'noindex' }];

export default function VerificacaoNota() {
  const d = useLoaderData<typeof loader>();
  const t = useWording(textosDeVendas);
  return (
    <section className={`${container} ${s.pagina}`} data-testid="verificacao-nota">
      <h1>Nota autêntica</h1>
      <p className={s.orientacao}>
        {t('vendas.notaDeVenda')} nº {d.numero}, emitida em {formatarData(d.emitida)}. <Selo tom={d.tom}>{d.situacaoRotulo}</Selo>
      </p>
      <ul className={s.lista}>
        <li>
          {t('vendas.arrematante')}: {d.arrematante}
          {d.documento ? ` — ${d.documento}` : ''}
        </li>
        {d.leilao ? (
          <li>
            {t('vendas.leilao')}: {d.leilao}
          </li>
        ) : null}
        {d.comitente ? <li>Comitente: {d.comitente}</li> : null}
        {d.lotes.map((l) => (
          <li key={l}>
            {t('vendas.lote')} {l}
          </li>
        ))}
        <li>Total da nota: {formatarMoeda(d.total)}</li>
      </ul>
    </section>
  );
}
