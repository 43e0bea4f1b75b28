import { Form, Link } from '@remix-run/react';
import * as s from '~/components/formulario/formulario.css';
import { botao, botaoSecundario } from '~/components/layout.css';
import { formatarDataHora } from '~/utils/format';

export interface LinhaDeHabilitacao {
  id: number;
  situacao: 'Habilitado' | 'Pendente' | 'Recusado';
  motivo: string | null;
  pedidoEm: string;
  decididoEm: string | null;
  decididoPor: string | null;
  leilaoNome: string | null;
  nome: string;
  email: string;
  clienteId: number | null;
}

/**
 * Staff's habilitation table (the queue /admin/habilitacoes and the client's screen): each pending
 * request with "Aprovar" and "Recusar" (the reason is required; the client reads it by e-mail).
 * Plain forms posting `_acao=decidir-habilitacao` to the page's own action.
 */
export function DecisoesDeHabilitacao({ linhas, comCliente }: { linhas: LinhaDeHabilitacao[]; comCliente: boolean }) {
  if (!linhas.length) return <p data-testid="habilitacoes-vazio">Nenhuma habilitação.</p>;
  return (
    <table className={s.tabela} data-testid="habilitacoes">
      <thead>
        <tr>
          {comCliente ? <th>Cliente</th> : null}
          <th>Leilão</th>
          <th>Pedido em</th>
          <th>Situação</th>
          <th>Decisão</th>
        </tr>
      </thead>
      <tbody>
        {linhas.map((h) => (
          <tr key={h.id} data-testid={`habilitacao-${h.id}`}>
            {comCliente ? (
              <td>
                {h.clienteId ? <Link to={`/admin/cliente/${h.clienteId}#habilitacoes`}>{h.nome}</Link> : h.nome}
                <br />
                <span className={s.ajuda}>{h.email}</span>
              </td>
            ) : null}
            <td>{h.leilaoNome ?? 'Todos os leilões'}</td>
            <td>{formatarDataHora(h.pedidoEm)}</td>
            <td>
              <span className={s.selo}>{h.situacao}</span>
              {h.motivo ? <p className={s.ajuda}>Motivo: {h.motivo}</p> : null}
              {h.decididoEm ? (
                <p className={s.ajuda}>
                  {h.decididoPor ?? '—'} · {formatarDataHora(h.decididoEm)}
                </p>
              ) : null}
            </td>
            <td>
              {h.situacao === 'Pendente' ? (
                <div className={s.acoes}>
                  <Form method="post">
                    <input type="hidden" name="_acao" value="decidir-habilitacao" />
                    <input type="hidden" name="id" value={h.id} />
                    <button type="submit" name="decisao" value="aprovar" className={botao}>
                      Aprovar
                    </button>
                  </Form>
                  <Form method="post" className={s.acoes}>
                    <input type="hidden" name="_acao" value="decidir-habilitacao" />
                    <input type="hidden" name="id" value={h.id} />
                    <input
                      name="motivo"
                      required
                      minLength={3}
                      maxLength={500}
                      placeholder="Motivo da recusa"
                      aria-label={`Motivo da recusa de ${h.nome}`}
                      className={s.entrada}
                    />
                    <button type="submit" name="decisao" value="recusar" className={botaoSecundario}>
                      Recusar
                    </button>
                  </Form>
                </div>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
