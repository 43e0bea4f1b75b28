import { Link, useSearchParams } from '@remix-run/react';
import type { ReactNode } from 'react';
import * as f from '~/components/formulario/formulario.css';
import type { Erros } from '~/components/formulario/campos';
import * as s from './backoffice.css';

/** "Página 2 de 7 · 312 itens" with previous/next links that keep the list's filters. */
export function Paginacao({ pagina, porPagina, total }: { pagina: number; porPagina: number; total: number }) {
  const [params] = useSearchParams();
  const paginas = Math.max(1, Math.ceil(total / porPagina));
  const para = (p: number) => {
    const q = new URLSearchParams(params);
    q.set('pagina', String(p));
    return `?${q}`;
  };
  return (
    <nav className={s.paginacao} aria-label="Paginação">
      {pagina > 1 ? <Link to={para(pagina - 1)}>‹ Anterior</Link> : null}
      <span>
        Página {pagina} de {paginas} · {total} {total === 1 ? 'item' : 'itens'}
      </span>
      {pagina < paginas ? <Link to={para(pagina + 1)}>Próxima ›</Link> : null}
    </nav>
  );
}

/** A labelled select whose error sits under it, keeping the chosen value. */
export function Escolha({
  nome,
  rotulo,
  opcoes,
  valor,
  erros,
  vazio,
  obrigatorio,
  id = `campo-${nome}`,
}: {
  nome: string;
  rotulo: string;
  opcoes: readonly { valor: string | number; nome: string }[];
  valor?: string | number | null;
  erros?: Erros;
  vazio?: string;
  obrigatorio?: boolean;
  /** When two fields of one name share a page (a filter and a form), the second needs its own id. */
  id?: string;
}) {
  const erro = erros?.[nome]?.[0];
  return (
    <div className={f.campo}>
      <label htmlFor={id} className={f.rotulo}>
        {rotulo}
        {obrigatorio ? ' *' : ''}
      </label>
      <select
        id={id}
        name={nome}
        defaultValue={valor == null ? '' : String(valor)}
        className={f.entrada}
        aria-invalid={erro ? true : undefined}
        aria-describedby={erro ? `${id}-erro` : undefined}
        required={obrigatorio}
      >
        {vazio !== undefined ? <option value="">{vazio}</option> : null}
        {opcoes.map((o) => (
          <option key={o.valor} value={o.valor}>
            {o.nome}
          </option>
        ))}
      </select>
      {erro ? (
        <p id={`${id}-erro`} className={f.erro} role="alert">
          {erro}
        </p>
      ) : null}
    </div>
  );
}

export function Secao({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <fieldset className={s.secao}>
      <legend>{titulo}</legend>
      {children}
    </fieldset>
  );
}

/** Datetime-local value (São Paulo wall clock) from an ISO instant. */
export function paraDataHoraLocal(iso: string | null | undefined) {
  if (!iso) return '';
  const partes = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
  return partes.replace(' ', 'T');
}

/**
 * A table wider than its column scrolls inside its own region, never past the page's right edge.
 * The region is focusable and named, so a keyboard user can scroll it too (axe: scrollable-region-focusable).
 */
export function TabelaRolavel({ rotulo, children }: { rotulo: string; children: ReactNode }) {
  return (
    <div className={s.tabelaRolavel} role="region" aria-label={rotulo} tabIndex={0}>
      {children}
    </div>
  );
}
