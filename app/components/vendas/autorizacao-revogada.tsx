import { container } from '~/components/layout.css';
import * as s from '~/components/vendas/vendas.css';
import { formatarData, formatarDataHora } from '~/utils/format';

/**
 * What retirada-por-terceiros/{hash} and its QR page show once the authorisation was revoked (decision
 * 059): that it no longer holds, since when, and nothing of the third party it named.
 */
export function AutorizacaoRevogada({ marca, em, criada }: { marca: string; em: string; criada: string }) {
  return (
    <section className={`${container} ${s.pagina}`} data-testid="retirada-revogada">
      <article className={s.cartao}>
        <h1>Autorização revogada</h1>
        <p className={s.orientacao}>
          Esta autorização de retirada por terceiros, emitida em {formatarData(criada)}, foi revogada em {formatarDataHora(em)} e não vale
          mais para retirar o bem.
        </p>
        <p className={s.suave}>Em caso de dúvida, fale com {marca}. Quem comprou pode emitir uma nova autorização na página da compra.</p>
      </article>
    </section>
  );
}
