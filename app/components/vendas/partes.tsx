import type { ResumoVenda, VendaDto } from '~/modules/vendas/consultas.server';
import type { OfertaDto } from '~/modules/vendas/segundo-colocado.server';
import type { Tom } from '~/modules/vendas/regras';
import { formatarDataHora, formatarMoeda } from '~/utils/format';
import { useWording } from '~/components/marca';
import { vendas as textosDeVendas } from '~/locales/pt-BR/vendas';
import * as s from './vendas.css';

/** Pieces of the sale shared by the client's and the staff's pages and the statement. */
export function Selo({ tom, children }: { tom: Tom; children: string }) {
  return (
    <span className={s.selo[tom]} data-testid="situacao">
      {children}
    </span>
  );
}

type Dados<T> = T extends (infer U)[] ? U : T;
type Serializado<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };

export function BlocoTotais({
  v,
}: {
  v: Pick<VendaDto, 'totais' | 'valorDesconto'> & Partial<Pick<VendaDto, 'valorEstadia' | 'diariasEstadia' | 'valorCreditoIndicacao'>>;
}) {
  const linhas: [string, number][] = [
    // The storage fee charged at delivery (decision 080) is part of the total; shown when there is one.
    ...(v.valorEstadia
      ? [
          [`Estadia no pátio (${v.diariasEstadia ?? 0} ${v.diariasEstadia === 1 ? 'diária' : 'diárias'})`, v.valorEstadia] as [
            string,
            number,
          ],
        ]
      : []),
    // The referral credit (decision 215) is already out of the total: shown as the negative line it is.
    ...(v.valorCreditoIndicacao ? [['Crédito Indique e ganhe (comissão)', -v.valorCreditoIndicacao] as [string, number]] : []),
    ['Total', v.totais.total],
    ['Aprovado', v.totais.aprovado],
    ['Aguardando validação', v.totais.aguardandoValidacao],
    ['Aguardando pagamento', v.totais.aguardandoPagamento],
    ['Divergente', v.totais.divergente],
    ['Desconto', v.valorDesconto],
    ['Aguardando forma de pagamento', v.totais.aguardandoFormaPagamento],
  ];
  return (
    <table className={s.tabela} data-testid="totais">
      <tbody>
        {linhas.map(([r, valor]) => (
          <tr key={r}>
            <th className={s.celula} scope="row">
              {r}
            </th>
            <td className={s.numero}>{formatarMoeda(valor)}</td>
          </tr>
        ))}
        <tr>
          <th className={s.celula} scope="row">
            <strong>Restante</strong>
          </th>
          <td className={s.numero} data-testid="restante">
            <strong>{formatarMoeda(Math.max(0, v.totais.restante))}</strong>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

export function ItensDaVenda({ itens }: { itens: Serializado<Dados<VendaDto['itens']>>[] }) {
  const t = useWording(textosDeVendas);
  return (
    // Wider than a phone: a labelled region that takes focus, so the keyboard can scroll it (axe).
    <div className={s.rolagem} role="region" aria-label="Itens da compra" tabIndex={0}>
      <table className={s.tabela}>
        <thead>
          <tr>
            <th className={s.celula}>{t('vendas.lote')}</th>
            <th className={s.numero}>{t('vendas.arremate')}</th>
            <th className={s.numero}>{t('vendas.comissao')}</th>
            <th className={s.numero}>Taxas</th>
            <th className={s.numero}>Total</th>
          </tr>
        </thead>
        <tbody>
          {itens.map((i) => (
            <tr key={i.loteId}>
              <td className={s.celula}>
                {i.numero} · {i.nome}
              </td>
              <td className={s.numero}>{formatarMoeda(i.valor)}</td>
              <td className={s.numero}>{formatarMoeda(i.comissao)}</td>
              <td className={s.numero}>{formatarMoeda(i.despachante + i.outros + i.remocao + i.depositoDeBens + i.vistoria)}</td>
              <td className={s.numero}>{formatarMoeda(i.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function LinhaDoTempo({ eventos }: { eventos: VendaDto['eventos'] }) {
  return (
    <ol className={s.linhaDoTempo} data-testid="linha-do-tempo">
      {eventos.map((e, i) => (
        <li key={i} className={s.evento}>
          <span className={s.suave}>{formatarDataHora(e.data)}</span> — {e.texto}
          {e.autor ? <span className={s.suave}> ({e.autor})</span> : null}
        </li>
      ))}
    </ol>
  );
}

export function LinhaDeVenda({ v, href }: { v: ResumoVenda; href: string }) {
  const t = useWording(textosDeVendas);
  return (
    <li className={s.cartao} data-testid="venda">
      <div className={s.linhaItem}>
        <a href={href} className={s.titulo}>
          {t('vendas.compra')} {v.id}
          {v.leilao ? ` · ${v.leilao}` : ''}
        </a>
        <Selo tom={v.tom}>{v.situacaoRotulo}</Selo>
      </div>
      <div className={s.suave}>{v.lotes}</div>
      {v.situacao === 'Condicional' ? (
        // Nothing is owed yet (decision 126): the offer, not a total nor a payment date.
        <div className={s.linhaItem}>
          <span className={s.suave}>
            {v.comitente ? `${v.comitente} · ` : ''}
            {t('condicional.resumo')}
          </span>
          <strong>{`${t('condicional.oferta')}: ${formatarMoeda(v.valorCondicional)}`}</strong>
        </div>
      ) : (
        <div className={s.linhaItem}>
          <span className={s.suave}>
            {v.comitente ?? ''} · pagamento até {formatarDataHora(v.dataPagamento)}
          </span>
          <strong>{formatarMoeda(v.total)}</strong>
        </div>
      )}
    </li>
  );
}

/** Runner-up offers (decision 058): the client answers pending ones; staff only read them. */
export function OfertasSegundoColocado({
  ofertas,
  responder,
}: {
  ofertas: readonly Pick<
    OfertaDto,
    'uid' | 'loteNumero' | 'loteNome' | 'valor' | 'prazo' | 'situacao' | 'situacaoRotulo' | 'tom' | 'vendaId' | 'cliente'
  >[];
  responder?: (uid: string) => React.ReactNode;
}) {
  const t = useWording(textosDeVendas);
  return (
    <ul className={s.lista} data-testid="ofertas-segundo-colocado">
      {ofertas.map((o) => (
        <li key={o.uid} className={s.cartao}>
          <div className={s.linhaItem}>
            <strong>
              {t('vendas.lote')} {o.loteNumero} · {o.loteNome}
            </strong>
            <Selo tom={o.tom}>{o.situacaoRotulo}</Selo>
          </div>
          <span className={s.suave}>
            {responder ? '' : `${o.cliente} · `}
            {formatarMoeda(o.valor)} · prazo {formatarDataHora(o.prazo)}
            {o.vendaId ? ` · ${t('vendas.compra')} ${o.vendaId}` : ''}
          </span>
          {responder && o.situacao === 'Pendente' ? responder(o.uid) : null}
        </li>
      ))}
    </ul>
  );
}

/** The QR code of a document's verification page, with its address printed for who cannot scan. */
export function QrDeVerificacao({ url, qr, alt, testId }: { url: string; qr: string; alt: string; testId?: string }) {
  return (
    <figure>
      <img src={qr} alt={alt} width={220} height={220} data-testid={testId} />
      <figcaption className={`${s.suave} ${s.endereco}`}>Verifique a autenticidade: {url}</figcaption>
    </figure>
  );
}

/**
 * Lots of a sale waiting for the seller's conditional answer (decision 126): the buyer's offer, the
 * seller's deadline in São Paulo time, any counter-offer, and what happens next. No payment or pickup.
 */
export function OfertaCondicional({ lotes }: { lotes: VendaDto['lotesEmCondicional'] }) {
  const t = useWording(textosDeVendas);
  return (
    <article className={s.cartao} data-testid="oferta-condicional">
      <h2>{t('condicional.titulo')}</h2>
      <p>{t('condicional.explicacao')}</p>
      {/* One block per lot (not a table), so a phone shows it whole. */}
      <ul className={s.lista}>
        {lotes.map((l) => (
          <li key={l.loteId}>
            <strong>{`${t('vendas.lote')} ${l.numero} · ${l.nome}`}</strong>
            <dl className={s.pares}>
              <dt>{t('condicional.oferta')}</dt>
              <dd data-testid="valor-condicional">{formatarMoeda(l.valor)}</dd>
              <dt>{t('condicional.prazo')}</dt>
              <dd data-testid="prazo-condicional">{l.prazoResposta ? formatarDataHora(l.prazoResposta) : '—'}</dd>
              {l.novoValor != null ? (
                <>
                  <dt>{t('condicional.contraproposta')}</dt>
                  <dd>{formatarMoeda(l.novoValor)}</dd>
                </>
              ) : null}
            </dl>
          </li>
        ))}
      </ul>
      <h3>{t('condicional.proximos')}</h3>
      <ul>
        <li>{t('condicional.se_aceitar')}</li>
        <li>{t('condicional.se_recusar')}</li>
        <li>{t('condicional.se_propor')}</li>
        <li>{t('condicional.sem_pagamento')}</li>
      </ul>
    </article>
  );
}
