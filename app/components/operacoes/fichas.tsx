import { Link } from '@remix-run/react';
import { container } from '~/components/layout.css';
import { useWording } from '~/components/marca';
import { fichas as textosDasFichas } from '~/locales/pt-BR/fichas';
import { formatarData, formatarDataHora, formatarMoeda, formatarNumero } from '~/utils/format';
import * as s from './fichas.css';

interface Leilao {
  uid: string;
  nome: string;
  data: string | Date;
  lotes: number;
}
interface Lote {
  id: number;
  numero: string;
  nome: string;
  ordem: number | null;
  minimo: number;
  incremento: number;
  compreJa: number | null;
  valorComitente: number | null;
  comitente: string | null;
  placa: string | null;
  chassiFinal: string | null;
  anoFabricacao: number | null;
  anoModelo: number | null;
  cor: string | null;
  km: number | null;
  possuiChave: boolean | null;
  patio: string | null;
}
export interface Ficha {
  leilao: {
    uid: string;
    nome: string;
    data: string | Date;
    modalidade: string;
    local: string | null;
    cidade: string | null;
    estadoUf: string | null;
    leiloeiroNome: string | null;
    leiloeiroInscricao: string | null;
  };
  lotes: Lote[];
  somaMinimos: number;
}

const ano = (l: Lote) => (l.anoFabricacao || l.anoModelo ? `${l.anoFabricacao ?? '-'}/${l.anoModelo ?? '-'}` : '-');

/** Without leiUid: the brand's auctions, each a link to its sheet. */
export function EscolhaDoLeilao({ base, titulo, leiloes }: { base: string; titulo: string; leiloes: Leilao[] }) {
  const t = useWording(textosDasFichas);
  return (
    <section className={`${container} ${s.pagina}`}>
      <h1>{titulo}</h1>
      <h2>{t('fichas.escolha')}</h2>
      {leiloes.length === 0 ? <p>{t('fichas.nenhumLeilao')}</p> : null}
      <ul data-testid="leiloes-da-ficha">
        {leiloes.map((l) => (
          <li key={l.uid}>
            <Link to={`${base}/${l.uid}`}>{l.nome}</Link>{' '}
            <span className={s.suave}>
              {formatarData(l.data)} · {l.lotes} {l.lotes === 1 ? t('fichas.umLote') : t('fichas.lotes')}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Cabecalho({ titulo, ficha, base }: { titulo: string; ficha: Ficha; base: string }) {
  const t = useWording(textosDasFichas);
  const { leilao } = ficha;
  const onde = [leilao.local, leilao.cidade && leilao.estadoUf ? `${leilao.cidade}/${leilao.estadoUf}` : leilao.cidade]
    .filter(Boolean)
    .join(', ');
  return (
    <>
      <h1>
        {titulo}: {leilao.nome}
      </h1>
      <p className={s.suave}>
        {formatarDataHora(leilao.data)} · {leilao.modalidade}
        {onde ? ` · ${onde}` : ''}
        {leilao.leiloeiroNome ? ` · ${t('fichas.leiloeiro')}: ${leilao.leiloeiroNome} (${leilao.leiloeiroInscricao})` : ''} ·{' '}
        {ficha.lotes.length} {ficha.lotes.length === 1 ? t('fichas.umLote') : t('fichas.lotes')}
      </p>
      <p className={s.acoes}>
        <button type="button" onClick={() => window.print()} data-testid="imprimir-ficha">
          {t('fichas.imprimir')}
        </button>
        <a href={`${base}/${leilao.uid}/pdf`} download data-testid="pdf-da-ficha">
          {t('fichas.baixarPdf')}
        </a>
        <Link to={base}>{t('fichas.escolha')}</Link>
      </p>
    </>
  );
}

/** The auctioneer's sheet: the running order with each lot's minimum, increment, buy-now and seller's value. */
export function FichaLeiloeiro({ ficha, base }: { ficha: Ficha; base: string }) {
  const t = useWording(textosDasFichas);
  return (
    <section className={`${container} ${s.pagina}`} data-testid="ficha-leiloeiro">
      <Cabecalho titulo={t('fichas.fichaLeiloeiro')} ficha={ficha} base={base} />
      {ficha.lotes.length === 0 ? (
        <p>{t('fichas.nenhumLote')}</p>
      ) : (
        <div className={s.rolagem} role="region" aria-label={t('fichas.fichaLeiloeiro')} tabIndex={0}>
          <table className={s.tabela}>
            <thead>
              <tr>
                <th>#</th>
                <th>{t('fichas.lote')}</th>
                <th>Veículo</th>
                <th>{t('fichas.ano')}</th>
                <th>{t('fichas.placa')}</th>
                <th>{t('fichas.comitente')}</th>
                <th className="valor">{t('fichas.minimo')}</th>
                <th className="valor">{t('fichas.incremento')}</th>
                <th className="valor">{t('fichas.compreJa')}</th>
                <th className="valor">{t('fichas.valorComitente')}</th>
              </tr>
            </thead>
            <tbody>
              {ficha.lotes.map((l, i) => (
                <tr key={l.id} data-lote={l.numero}>
                  <td>{l.ordem ?? i + 1}</td>
                  <td>
                    <strong>{l.numero}</strong>
                  </td>
                  <td>{l.nome}</td>
                  <td>{ano(l)}</td>
                  <td>{l.placa ?? '-'}</td>
                  <td>{l.comitente ?? '-'}</td>
                  <td className="valor">{formatarMoeda(l.minimo)}</td>
                  <td className="valor">{formatarMoeda(l.incremento)}</td>
                  <td className="valor">{l.compreJa ? formatarMoeda(l.compreJa) : '-'}</td>
                  <td className="valor">{l.valorComitente ? formatarMoeda(l.valorComitente) : '-'}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th colSpan={6}>{t('fichas.somaMinimos')}</th>
                <th className="valor" data-testid="soma-minimos">
                  {formatarMoeda(ficha.somaMinimos)}
                </th>
                <th colSpan={3} />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}

/** The glass sheet: one card per lot, put behind the windscreen in the yard; one card a printed page. */
export function FichaVidro({ ficha, base }: { ficha: Ficha; base: string }) {
  const t = useWording(textosDasFichas);
  return (
    <section className={`${container} ${s.pagina}`} data-testid="ficha-lotes-vidro">
      <Cabecalho titulo={t('fichas.fichaVidro')} ficha={ficha} base={base} />
      {ficha.lotes.length === 0 ? <p>{t('fichas.nenhumLote')}</p> : null}
      <div className={s.cartoes}>
        {ficha.lotes.map((l) => (
          <article key={l.id} className={s.cartao} data-lote={l.numero}>
            <p className={s.suave}>
              {ficha.leilao.nome} · {formatarData(ficha.leilao.data)}
            </p>
            <p className={s.rotuloLote}>{t('fichas.lote')}</p>
            <p className={s.numero}>{l.numero}</p>
            <p className={s.nome}>{l.nome}</p>
            <p className={s.detalhes}>
              {[
                `${t('fichas.ano')} ${ano(l)}`,
                l.cor ? `${t('fichas.cor')} ${l.cor}` : null,
                l.placa ? `${t('fichas.placa')} ${l.placa}` : null,
                l.km != null ? `${formatarNumero(l.km)} km` : null,
                l.possuiChave == null ? null : l.possuiChave ? t('fichas.comChave') : t('fichas.semChave'),
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
            {l.chassiFinal ? (
              <p className={s.detalhes}>
                {t('fichas.chassi')}: {l.chassiFinal}
              </p>
            ) : null}
            {l.patio ? (
              <p className={s.detalhes}>
                {t('fichas.patio')}: {l.patio}
              </p>
            ) : null}
          </article>
        ))}
      </div>
    </section>
  );
}
