import { useEffect, useState } from 'react';
import { Link } from '@remix-run/react';
import { Columns3 } from 'lucide-react';
import { useWording } from '~/components/marca';
import { conveniencias } from '~/locales/pt-BR/conveniencias';
import { alternarComparacao, lembrarVisita, lotesEmComparacao } from './comparacao';
import * as s from './catalogo.css';

/**
 * The lot page's "Comparar este lote" (issue #33): adds the lot to the browser's comparison (up to 4) and
 * links to it; it also notes the visit in the visitor's list. Without JavaScript it is a link to the
 * comparison of this one lot.
 */
export function BotaoComparar({ loteId }: { loteId: number }) {
  const t = useWording(conveniencias);
  const [lista, setLista] = useState<number[] | null>(null);
  const [cheio, setCheio] = useState(false);
  useEffect(() => {
    lembrarVisita(loteId);
    setLista(lotesEmComparacao());
  }, [loteId]);
  if (lista === null) {
    return (
      <p className={s.acoesComparar}>
        <Link to={`/comparar-lotes?ids=${loteId}`} className={s.chip}>
          <Columns3 aria-hidden size={15} /> {t('comparar.adicionar')}
        </Link>
      </p>
    );
  }
  const incluido = lista.includes(loteId);
  return (
    <div className={s.acoesComparar}>
      <button
        type="button"
        className={s.chip}
        aria-pressed={incluido}
        data-testid="botao-comparar"
        onClick={() => {
          const r = alternarComparacao(loteId);
          setLista(r.lista);
          setCheio(r.cheio);
        }}
      >
        <Columns3 aria-hidden size={15} /> {incluido ? t('comparar.remover') : t('comparar.adicionar')}
      </button>
      {lista.length ? (
        <Link to={`/comparar-lotes?ids=${lista.join(',')}`} data-testid="ver-comparacao">
          {t('comparar.ver', { n: lista.length })}
        </Link>
      ) : null}
      {cheio ? (
        <p role="alert" className={s.alertaLocal}>
          {t('comparar.cheio')}
        </p>
      ) : null}
    </div>
  );
}
