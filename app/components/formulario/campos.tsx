import type { ReactNode } from 'react';
import * as s from './formulario.css';

/** Field errors as the server sends them: 'endereco.cep' → ['Informe o CEP...']. */
export type Erros = Record<string, string[] | undefined>;

/**
 * A labelled input whose error sits right under it (aria-describedby), keeping what the user typed
 * through `valor`. Works without JavaScript: the server re-renders the form with errors and values.
 */
export function Campo({
  nome,
  rotulo,
  erros,
  valor,
  tipo = 'text',
  ajuda,
  obrigatorio,
  ...resto
}: {
  nome: string;
  rotulo: string;
  erros?: Erros;
  valor?: string | null;
  tipo?: string;
  ajuda?: ReactNode;
  obrigatorio?: boolean;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'name' | 'type'>) {
  const id = `campo-${nome.replace(/\W/g, '-')}`;
  const erro = erros?.[nome]?.[0];
  return (
    <div className={s.campo}>
      <label htmlFor={id} className={s.rotulo}>
        {rotulo}
        {obrigatorio ? ' *' : ''}
      </label>
      <input
        id={id}
        name={nome}
        type={tipo}
        defaultValue={valor ?? undefined}
        aria-invalid={erro ? true : undefined}
        aria-describedby={erro ? `${id}-erro` : ajuda ? `${id}-ajuda` : undefined}
        className={s.entrada}
        required={obrigatorio}
        {...resto}
      />
      {ajuda && !erro ? (
        <p id={`${id}-ajuda`} className={s.ajuda}>
          {ajuda}
        </p>
      ) : null}
      {erro ? (
        <p id={`${id}-erro`} className={s.erro} role="alert">
          {erro}
        </p>
      ) : null}
    </div>
  );
}

export function Caixa({ nome, rotulo, marcado, erros }: { nome: string; rotulo: ReactNode; marcado?: boolean; erros?: Erros }) {
  const id = `campo-${nome.replace(/\W/g, '-')}`;
  const erro = erros?.[nome]?.[0];
  return (
    <div>
      <div className={s.caixa}>
        <input id={id} type="checkbox" name={nome} defaultChecked={marcado} aria-invalid={erro ? true : undefined} />
        <label htmlFor={id}>{rotulo}</label>
      </div>
      {erro ? (
        <p className={s.erro} role="alert">
          {erro}
        </p>
      ) : null}
    </div>
  );
}
