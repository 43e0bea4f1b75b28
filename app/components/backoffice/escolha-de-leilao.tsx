import { Form } from '@remix-run/react';
import * as s from '~/components/backoffice/backoffice.css';
import * as f from '~/components/formulario/formulario.css';
import { botao } from '~/components/layout.css';

/** The auction picker of the screens whose path ends in an optional {leilaoUid}: goes to /base/{uid}. */
export function EscolhaDeLeilao({
  base,
  leiloes,
  atual,
}: {
  base: string;
  leiloes: { uid: string; nome: string; situacao: string }[];
  atual?: string | null;
}) {
  return (
    <Form
      method="get"
      className={s.filtros}
      aria-label="Escolher leilão"
      onSubmit={(e) => {
        // Without scripts the form goes to ?leilao=; with them, straight to the auction's path.
        const uid = new FormData(e.currentTarget).get('leilao');
        if (typeof uid === 'string' && uid) {
          e.preventDefault();
          window.location.assign(`${base}/${uid}`);
        }
      }}
    >
      <label className={f.campo}>
        <span className={f.rotulo}>Leilão</span>
        <select name="leilao" defaultValue={atual ?? ''} className={f.entrada}>
          <option value="">Escolha um leilão</option>
          {leiloes.map((l) => (
            <option key={l.uid} value={l.uid}>
              {l.nome} ({l.situacao})
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={botao}>
        Abrir
      </button>
    </Form>
  );
}
