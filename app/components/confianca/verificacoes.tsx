import type { Verificacao } from '~/modules/dominio/regras-do-leiloeiro';
import * as s from './verificacoes.css';

/** Every check of an auction at once (decision 229): passing ones marked ✓, failing ones ✗, each naming its article. */
export function VerificacoesDoLeilao({ verificacoes }: { verificacoes: readonly Verificacao[] }) {
  const falhas = verificacoes.filter((v) => !v.ok).length;
  return (
    <section className={s.quadro} aria-label="Regras para publicar" data-testid="regras-para-publicar">
      <h2 className={s.titulo}>
        {falhas === 0 ? 'Regras para publicar: todas atendidas' : `Regras para publicar: ${falhas} não atendida${falhas > 1 ? 's' : ''}`}
      </h2>
      <ul className={s.lista}>
        {verificacoes.map((v, i) => (
          <li key={`${v.regra}-${i}`} className={s.item} data-ok={v.ok}>
            <span className={v.ok ? s.ok : s.falha} aria-label={v.ok ? 'Atendida' : 'Não atendida'}>
              {v.ok ? '✓' : '✗'}
            </span>
            <span>{v.mensagem}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
