import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import * as s from './toast.css';

/**
 * The one toast helper (spec section 8): success toasts last 2 s; the same text shown again within
 * 2 s is suppressed (the spec's duplicate 'sending' toast). Wrap a screen in <ProvedorDeToasts> and
 * call `useToast()(texto, tipo)`. Toasts are announced to screen readers (role=status).
 */
export type TipoToast = keyof typeof s.tipo;
interface Toast {
  id: number;
  texto: string;
  tipo: TipoToast;
}

export const DURACAO_TOAST_MS = 2_000;
const JANELA_DUPLICADO_MS = 2_000;

type Mostrar = (texto: string, tipo?: TipoToast, duracaoMs?: number) => void;
const Contexto = createContext<{ mostrar: Mostrar; dispensarAguarde: () => void } | null>(null);

/** Pure: should this text show now, given when each text was last shown? */
export function deveMostrar(ultimos: Map<string, number>, texto: string, agora: number): boolean {
  const antes = ultimos.get(texto);
  return antes === undefined || agora - antes >= JANELA_DUPLICADO_MS;
}

export function ProvedorDeToasts({
  children,
  iniciais = [],
}: {
  children: React.ReactNode;
  iniciais?: { texto: string; tipo: TipoToast }[];
}) {
  const [toasts, setToasts] = useState<Toast[]>(() => iniciais.map((t, i) => ({ ...t, id: -1 - i })));
  const ultimos = useRef(new Map<string, number>());
  const proximo = useRef(1);

  const mostrar = useCallback<Mostrar>((texto, tipo = 'sucesso', duracaoMs = DURACAO_TOAST_MS) => {
    const agora = Date.now();
    if (!deveMostrar(ultimos.current, texto, agora)) return;
    ultimos.current.set(texto, agora);
    const id = proximo.current++;
    // A new toast replaces a waiting one ('Aguarde...' gives way to its result).
    setToasts((atuais) => [...atuais.filter((t) => t.tipo !== 'aguarde'), { id, texto, tipo }]);
    setTimeout(() => setToasts((atuais) => atuais.filter((t) => t.id !== id)), duracaoMs);
  }, []);

  // Toasts rendered by the server (no JavaScript, after a form post) fade once the page is live.
  useEffect(() => {
    if (!iniciais.length) return;
    const t = setTimeout(() => setToasts((atuais) => atuais.filter((x) => x.id >= 0)), DURACAO_TOAST_MS);
    return () => clearTimeout(t);
  }, [iniciais]);

  const dispensarAguarde = useCallback(() => setToasts((atuais) => atuais.filter((t) => t.tipo !== 'aguarde')), []);
  const valor = useMemo(() => ({ mostrar, dispensarAguarde }), [mostrar, dispensarAguarde]);
  return (
    <Contexto.Provider value={valor}>
      {children}
      <div className={s.regiao} role="status" aria-live="polite" data-testid="toasts">
        {toasts.map((t) => (
          <div key={t.id} className={s.tipo[t.tipo]} data-tipo={t.tipo}>
            {t.texto}
          </div>
        ))}
      </div>
    </Contexto.Provider>
  );
}

export function useToast(): Mostrar {
  const valor = useContext(Contexto);
  if (!valor) throw new Error('useToast fora de <ProvedorDeToasts>');
  return valor.mostrar;
}

/** Drops a waiting toast whose request ended without a message (for example, it redirected). */
export function useDispensarAguarde(): () => void {
  const valor = useContext(Contexto);
  if (!valor) throw new Error('useDispensarAguarde fora de <ProvedorDeToasts>');
  return valor.dispensarAguarde;
}
