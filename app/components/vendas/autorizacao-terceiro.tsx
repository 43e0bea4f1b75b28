import { Form } from '@remix-run/react';
import { botaoSecundario } from '~/components/layout.css';
import * as s from '~/components/vendas/vendas.css';
import { formatarData, formatarDataHora } from '~/utils/format';

/**
 * When a third-party pickup authorisation was made and, once revoked, when and (for staff) by whom;
 * while it stands, the button that revokes it (the page's `revogar-terceiro` action).
 */
export function EstadoDaAutorizacao({
  autorizacao: a,
  mostrarQuem,
}: {
  autorizacao: { id: number; criada: string; revogada: { em: string; por: string } | null };
  mostrarQuem?: boolean;
}) {
  return (
    <>
      <span className={s.suave}>
        {' '}
        · {formatarData(a.criada)}
        {a.revogada ? ` · revogada em ${formatarDataHora(a.revogada.em)}${mostrarQuem ? ` por ${a.revogada.por}` : ''}` : ''}
      </span>
      {a.revogada ? null : (
        <Form method="post">
          <input type="hidden" name="_acao" value="revogar-terceiro" />
          <input type="hidden" name="autorizacao" value={a.id} />
          <button className={botaoSecundario} type="submit">
            Revogar
          </button>
        </Form>
      )}
    </>
  );
}
