import { Form, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import * as s from '~/components/formulario/formulario.css';
import { botao } from '~/components/layout.css';
import * as v from '~/components/vendas/vendas.css';
import { formatarDataHora, formatarMoeda } from '~/utils/format';

/**
 * The seller's answer to a conditional lot (spec: Liberada → AG_PAGAMENTO, Recusada → CONDICIONAL_NEGADA,
 * Novo valor → CONDICIONAL), posted to the page that shows it: the conditional-evaluation list and the
 * sale's own staff page. Works without JavaScript (the value field is always enabled; only "Novo valor"
 * reads it).
 */
export function RespostaCondicional({
  loteId,
  numero,
  acao,
  inicial,
  rotulo,
}: {
  loteId: number;
  numero?: string;
  /** The form's name in the brand's wording ("Responder o anúncio 12" on a shop); staff keep "lote". */
  rotulo?: string;
  acao?: string;
  /** Where the form starts: the concluded evaluation's recommendation (decision 255). */
  inicial?: { resposta: string; novoValor: string };
}) {
  const [resposta, setResposta] = useState(inicial?.resposta ?? 'Liberada');
  const nav = useNavigation();
  const enviando = nav.state !== 'idle' && Number(nav.formData?.get('loteId')) === loteId;
  return (
    <Form method="post" className={s.acoes} aria-label={rotulo ?? `Responder o lote ${numero ?? loteId}`}>
      {acao ? <input type="hidden" name="_acao" value={acao} /> : null}
      <input type="hidden" name="loteId" value={loteId} />
      <select name="resposta" aria-label="Resposta" value={resposta} onChange={(e) => setResposta(e.target.value)}>
        <option value="Liberada">Liberada</option>
        <option value="Recusada">Recusada</option>
        <option value="Novo valor">Novo valor</option>
      </select>{' '}
      <input
        name="novoValor"
        inputMode="decimal"
        placeholder="Novo valor (R$)"
        aria-label="Novo valor (R$)"
        defaultValue={inicial?.novoValor}
        required={resposta === 'Novo valor'}
        size={12}
      />{' '}
      <button type="submit" className={botao} disabled={enviando}>
        {enviando ? 'Enviando…' : 'Responder'}
      </button>
    </Form>
  );
}

/**
 * A Condicional sale on its staff page (decision 155): no items nor total yet, but the winning bid
 * waiting for the seller, their deadline, any counter-offer, and the answer when this user may give it.
 */
export function CondicionalDaVenda({
  lotes,
  podeResponder,
}: {
  lotes: readonly { loteId: number; numero: string; nome: string; valor: number; prazoResposta: string | null; novoValor: number | null }[];
  podeResponder: boolean;
}) {
  return (
    <article className={v.cartao} data-testid="condicional-equipe">
      <h2>Lance condicional</h2>
      <p>
        O lance vencedor ficou abaixo do valor do comitente: a venda depende da resposta dele (Liberada segue para pagamento, Recusada
        encerra sem nada devido, Novo valor envia uma contraproposta ao arrematante). Nada é cobrado até lá.
      </p>
      <ul className={v.lista}>
        {lotes.map((l) => (
          <li key={l.loteId} data-testid="lote-condicional">
            <strong>{`Lote ${l.numero} · ${l.nome}`}</strong>
            <dl className={v.pares}>
              <dt>Lance do arrematante</dt>
              <dd data-testid="valor-condicional">{formatarMoeda(l.valor)}</dd>
              <dt>Resposta do comitente até</dt>
              <dd data-testid="prazo-condicional">{l.prazoResposta ? formatarDataHora(l.prazoResposta) : '—'}</dd>
              {l.novoValor != null ? (
                <>
                  <dt>Proposta do comitente</dt>
                  <dd>{formatarMoeda(l.novoValor)}</dd>
                </>
              ) : null}
            </dl>
            {podeResponder ? <RespostaCondicional loteId={l.loteId} numero={l.numero} acao="condicional" /> : null}
          </li>
        ))}
      </ul>
      {podeResponder ? null : <p className={v.suave}>A resposta é dada pelo comitente, pelo SAC ou pela administração.</p>}
    </article>
  );
}
