import { useWording } from '~/components/marca';
import { semQuebra } from '~/components/layout.css';
import { vendas as textosDeVendas } from '~/locales/pt-BR/vendas';
import type { VendaDaConsulta } from '~/modules/vendas/nota.server';
import { formatarData, formatarMoeda } from '~/utils/format';
import { ItensDaVenda, Selo } from './partes';
import * as s from './vendas.css';

/**
 * One sale's purchase note (nota de venda em leilão, decision 070): the auctioneer, the seller, the
 * buyer with their document, the lots and the totals. nota/{hash} prints one, nota-leilao one a sheet.
 */
export function NotaDeVenda({ v, marca }: { v: VendaDaConsulta; marca: string }) {
  const t = useWording(textosDeVendas);
  const c = v.cabecalho;
  return (
    <article className={`${s.cartao} ${s.folha}`} data-testid="nota">
      <div className={s.linhaItem}>
        <h1>
          {t('vendas.notaDeVenda')} nº {v.numeroNota}
        </h1>
        <Selo tom={v.tom}>{v.situacaoRotulo}</Selo>
      </div>
      <p className={s.suave}>
        {marca} · emitida em {formatarData(v.createdAt)}
      </p>
      <dl className={s.dados}>
        {c.leiloeiro ? (
          <>
            <dt>{t('vendas.leiloeiro')}</dt>
            <dd>
              {c.leiloeiro.nome} ({c.leiloeiro.inscricao})
            </dd>
          </>
        ) : null}
        {c.leilao ? (
          <>
            <dt>{t('vendas.leilao')}</dt>
            <dd>
              {c.leilao}
              {c.leilaoData ? ` — ${formatarData(c.leilaoData)}` : ''}
            </dd>
          </>
        ) : null}
        {c.comitente ? (
          <>
            <dt>{t('vendas.comitente')}</dt>
            <dd>
              {c.comitente}
              {c.comitenteCnpj ? (
                <>
                  {' — CNPJ '}
                  <span className={semQuebra}>{c.comitenteCnpj}</span>
                </>
              ) : null}
            </dd>
          </>
        ) : null}
        <dt>{t('vendas.arrematante')}</dt>
        <dd>
          {v.arrematante.nome}
          {v.arrematante.documento ? (
            <>
              {' — '}
              <span className={semQuebra}>{v.arrematante.documento}</span>
            </>
          ) : null}
        </dd>
        {v.arrematante.endereco ? (
          <>
            <dt>Endereço</dt>
            <dd>{v.arrematante.endereco}</dd>
          </>
        ) : null}
      </dl>
      <ItensDaVenda itens={v.itens.filter((i) => i.ativo)} />
      <dl className={s.dados}>
        <dt>{t('vendas.arremate')}</dt>
        <dd>{formatarMoeda(v.arremate)}</dd>
        <dt>{t('vendas.comissaoDoLeiloeiro')}</dt>
        <dd>{formatarMoeda(v.valorComissao)}</dd>
        <dt>Taxas</dt>
        <dd>{formatarMoeda(v.total - v.arremate - v.valorComissao)}</dd>
        {v.valorDesconto > 0 ? (
          <>
            <dt>Desconto</dt>
            <dd>{formatarMoeda(v.valorDesconto)}</dd>
          </>
        ) : null}
        <dt>Total da nota</dt>
        <dd>
          <strong>{formatarMoeda(v.liquido)}</strong>
        </dd>
      </dl>
    </article>
  );
}
