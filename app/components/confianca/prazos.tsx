import { useEffect, useState } from 'react';
import { contagemRegressiva, prazosDaCompra, type EntradaPrazos } from '~/modules/confianca/prazos';
import { formatarDataHora } from '~/utils/format';
import * as s from './prazos.css';

/**
 * The purchase's deadlines (decision 231), computed in the page by the same function the reminders use. The
 * first render uses the server's clock, so server and browser draw the same thing; the countdown then
 * follows the browser's clock each half minute.
 */
export function PrazosDaCompra({ entrada, agoraDoServidor }: { entrada: EntradaPrazos; agoraDoServidor: string }) {
  const [agora, setAgora] = useState(() => new Date(agoraDoServidor));
  useEffect(() => {
    setAgora(new Date());
    const t = setInterval(() => setAgora(new Date()), 30_000);
    return () => clearInterval(t);
  }, []);
  const prazos = prazosDaCompra(entrada, agora);
  if (prazos.length === 0) return null;
  return (
    <ol className={s.lista} data-testid="prazos-da-compra">
      {prazos.map((p, i) => (
        <li key={`${p.chave}-${i}`} className={s.passo} data-prazo={p.chave} data-estado={p.estado}>
          <span className={s.ponto[p.estado]} aria-hidden />
          <div>
            <div className={s.cabeca}>
              <span>
                {p.titulo}
                {p.ate && p.estado !== 'feito' ? ` · até ${formatarDataHora(p.ate)}` : ''}
              </span>
              <span className={s.contagem[p.estado]}>
                {p.estado === 'feito'
                  ? 'Feito'
                  : p.estado === 'aviso'
                    ? 'Pendente'
                    : p.estado === 'vencido'
                      ? 'Prazo vencido'
                      : p.ate
                        ? contagemRegressiva(p.ate, agora)
                        : 'Aguardando pagamento'}
              </span>
            </div>
            <p className={s.texto}>{p.texto}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
