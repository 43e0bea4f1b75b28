import type { MensagemTransmissao } from '~/realtime/protocol';
import { formatarDataHora } from '~/utils/format';
import * as s from './auditorio.css';

/**
 * A staff notice to an auction's viewers (a message template, decision 265): shown on the auditorium and
 * on the auction's lot pages as it arrives, read out by screen readers (status), until the viewer closes it.
 */
export function AvisoDaTransmissao({ aviso, fechar }: { aviso: MensagemTransmissao | null | undefined; fechar: () => void }) {
  if (!aviso) return null;
  const hora = formatarDataHora(aviso.enviadaEm).split(' ')[1] ?? '';
  return (
    <div className={s.avisoDaTransmissao} role="status" data-testid="aviso-transmissao">
      <p className={s.avisoTexto}>
        <strong>Aviso:</strong> {aviso.texto}
      </p>
      <span className={s.avisoHora}>{hora}</span>
      <button type="button" className={s.avisoFechar} onClick={fechar} aria-label="Fechar aviso">
        ×
      </button>
    </div>
  );
}
