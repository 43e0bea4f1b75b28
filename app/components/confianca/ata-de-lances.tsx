import { FileCheck2 } from 'lucide-react';
import { useWording } from '~/components/marca';
import { confianca } from '~/locales/pt-BR/confianca';
import { loteTemAta } from '~/modules/dominio/cadeia-de-lances';

/**
 * The closed lot's bid record (decision 196): the PDF and JSON downloads and the public check, shown on
 * the lot page and the purchase statement once the lot closed.
 */
export function LinksDaAta({ loteId, situacao, className }: { loteId: number; situacao: string; className?: string }) {
  const t = useWording(confianca);
  if (!loteTemAta(situacao)) return null;
  return (
    <section className={className} data-testid="ata-de-lances">
      <h2>
        <FileCheck2 aria-hidden size={18} /> {t('confianca.ata_titulo')}
      </h2>
      <p>{t('confianca.ata_explicacao')}</p>
      <ul>
        <li>
          <a href={`/ata-de-lances/${loteId}.pdf`} download>
            {t('confianca.ata_pdf')}
          </a>
        </li>
        <li>
          <a href={`/ata-de-lances/${loteId}.json`} download>
            {t('confianca.ata_json')}
          </a>
        </li>
        <li>
          <a href={`/v1/lote/${loteId}/ata/verificacao`} target="_blank" rel="noreferrer">
            {t('confianca.ata_verificar')}
          </a>
        </li>
      </ul>
    </section>
  );
}

/** The statement's line: the ata of each lot of the purchase (every lot of a sale is closed). */
export function AtasDaVenda({ itens }: { itens: { loteId: number; numero: string }[] }) {
  const t = useWording(confianca);
  return (
    <p data-testid="atas-da-venda">
      <FileCheck2 aria-hidden size={16} /> {t('confianca.ata_titulo')}:{' '}
      {itens.map((i, n) => (
        <span key={i.loteId}>
          {n > 0 ? ' · ' : null}
          <a href={`/ata-de-lances/${i.loteId}.pdf`} download>
            {t('confianca.lote')} {i.numero} (PDF)
          </a>{' '}
          <a href={`/ata-de-lances/${i.loteId}.json`} download>
            (JSON)
          </a>
        </span>
      ))}
    </p>
  );
}
