import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { container } from '~/components/layout.css';
import { useWording } from '~/components/marca';
import { textoDaMarca } from '~/utils/i18n';
import { QrDeVerificacao, Selo } from '~/components/vendas/partes';
import * as s from '~/components/vendas/vendas.css';
import { vendas as textosDeVendas } from '~/locales/pt-BR/vendas';
import { verificacaoDoDocumento } from '~/modules/vendas/documentos.server';
import { semNota } from '~/modules/vendas/nota.server';
import { documentoDoPedido } from '~/paginas/documento-por-hash.server';
import { formatarData, formatarMoeda } from '~/utils/format';

/**
 * comprovante-arrematacao/{hash}: the winner's receipt of the hammer, one printable page per lot of the
 * sale (`?lote=<número>` prints one). Opened by the sale's hash like the statement (decision 059); its QR
 * code opens the sale's verification page. Lots the buyer gave up are not in it.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const venda = await documentoDoPedido(request, context, params.hash);
  const naoEncontrado = () => new Response('Comprovante não encontrado', { status: 404 });
  if (!venda || semNota(venda)) throw naoEncontrado();
  const lote = new URL(request.url).searchParams.get('lote');
  const itens = venda.itens.filter((i) => i.ativo && (lote == null || i.numero === lote));
  if (itens.length === 0) throw naoEncontrado();
  const verificacao = await verificacaoDoDocumento(context.urlBase, `/qrcode/extrato/${venda.hashQrcode}`);
  return {
    marca: context.marca.nome,
    verificacao,
    venda: {
      id: venda.id,
      situacaoRotulo: venda.situacaoRotulo,
      tom: venda.tom,
      cliente: venda.cliente.nome,
      cabecalho: venda.cabecalho,
      criada: venda.createdAt,
      dataPagamento: venda.dataPagamento,
    },
    itens,
    hash: venda.hashQrcode,
    lote,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  // The brand's wording: a shop's buyer holds a "Comprovante de compra".
  const tipo = (matches.find((m) => m.id === 'root')?.data as { marca?: { tipo: 'leilao' | 'loja' } } | undefined)?.marca?.tipo ?? 'leilao';
  const titulo = textoDaMarca(tipo, 'vendas.comprovante_arrematacao', {}, textosDeVendas);
  return [{ title: data ? `${titulo} — compra ${data.venda.id}` : titulo }, { name: 'robots', content: 'noindex' }];
};

export default function ComprovanteDeArrematacao() {
  const { marca, verificacao, venda: v, itens, hash, lote } = useLoaderData<typeof loader>();
  const t = useWording(textosDeVendas);
  return (
    <section className={`${container} ${s.pagina}`} data-testid="comprovante-arrematacao">
      {itens.map((i) => (
        <article key={i.loteId} className={`${s.cartao} ${s.folha}`}>
          <div className={s.linhaItem}>
            <h1>{t('vendas.comprovante_arrematacao')}</h1>
            <Selo tom={v.tom}>{v.situacaoRotulo}</Selo>
          </div>
          <p>
            {marca} · {t('vendas.compra')} {v.id}
          </p>
          <p className={s.orientacao}>
            {t('vendas.lote')} {i.numero} · {i.nome}
          </p>
          <dl className={s.dados}>
            <dt>{t('vendas.arrematante')}</dt>
            <dd>{v.cliente}</dd>
            {v.cabecalho.leilao ? (
              <>
                <dt>{t('vendas.leilao')}</dt>
                <dd>
                  {v.cabecalho.leilao}
                  {v.cabecalho.leilaoData ? ` — ${formatarData(v.cabecalho.leilaoData)}` : ''}
                </dd>
              </>
            ) : null}
            {v.cabecalho.leiloeiro ? (
              <>
                <dt>{t('vendas.leiloeiro')}</dt>
                <dd>
                  {v.cabecalho.leiloeiro.nome} ({v.cabecalho.leiloeiro.inscricao})
                </dd>
              </>
            ) : null}
            {v.cabecalho.comitente ? (
              <>
                <dt>{t('vendas.comitente')}</dt>
                <dd>
                  {v.cabecalho.comitente}
                  {v.cabecalho.comitenteCnpj ? ` — CNPJ ${v.cabecalho.comitenteCnpj}` : ''}
                </dd>
              </>
            ) : null}
            <dt>{t('vendas.arremate')}</dt>
            <dd>{formatarMoeda(i.valor)}</dd>
            <dt>{t('vendas.comissao')}</dt>
            <dd>{formatarMoeda(i.comissao)}</dd>
            <dt>Taxas</dt>
            <dd>{formatarMoeda(i.despachante + i.outros + i.remocao + i.depositoDeBens + i.vistoria)}</dd>
            <dt>Total do lote</dt>
            <dd>{formatarMoeda(i.total)}</dd>
            <dt>Pagamento até</dt>
            <dd>{formatarData(v.dataPagamento)}</dd>
          </dl>
          <QrDeVerificacao {...verificacao} alt="QR code de verificação do comprovante" testId="qr-comprovante" />
        </article>
      ))}
      <p>
        <a href={`/comprovante-arrematacao/${hash}.pdf${itens.length === 1 && lote ? `?lote=${encodeURIComponent(lote)}` : ''}`} download>
          Baixar PDF
        </a>
      </p>
    </section>
  );
}
