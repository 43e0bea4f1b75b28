import { useEffect, useRef, useState } from 'react';
import * as s from './identidade.css';
import { CANAL, CHAVE_ATIVIDADE, CHAVE_LOGOUT } from './logout-entre-abas';

/**
 * Inactivity logout (spec: 300 s by default, with a visible countdown). The last activity lives in
 * localStorage so every tab of the brand shares it; a logout in one tab reaches the others through a
 * BroadcastChannel (and the storage event where BroadcastChannel is missing).
 */
export const INATIVIDADE_PADRAO_S = 300;
const AVISO_S = 60;
const EVENTOS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart'] as const;

export const MENSAGEM_INATIVIDADE = 'Sua sessão foi encerrada por inatividade';

export function Inatividade({ limiteSegundos = INATIVIDADE_PADRAO_S }: { limiteSegundos?: number }) {
  const [restante, setRestante] = useState<number | null>(null);
  const saiu = useRef(false);

  useEffect(() => {
    const canal = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CANAL) : null;
    const agora = () => Date.now();
    const ultima = () => Number(localStorage.getItem(CHAVE_ATIVIDADE)) || agora();
    let ultimaEscrita = 0;
    const marcar = () => {
      // Writing on every mousemove would flood other tabs with storage events: once a second is enough.
      if (agora() - ultimaEscrita < 1000) return;
      ultimaEscrita = agora();
      localStorage.setItem(CHAVE_ATIVIDADE, String(ultimaEscrita));
    };
    /**
     * Every tab ends the session on the server itself before it leaves: a tab told by another one
     * could otherwise reach /login while the cookie still holds a live session and be sent straight
     * back to where it was. The logout answers the same for an already-revoked token.
     */
    const irParaLogin = async (motivo: string) => {
      if (saiu.current) return;
      saiu.current = true;
      const inatividade = motivo === 'inatividade';
      try {
        await fetch(`/sair?${inatividade ? 'inatividade=1&' : ''}_data=routes%2Fsair`, { method: 'POST', credentials: 'same-origin' });
      } catch {
        /* offline: the server session expires by itself; still leave the page */
      }
      const params = new URLSearchParams({ redirectTo: location.pathname + location.search });
      if (inatividade) params.set('mensagem', MENSAGEM_INATIVIDADE);
      window.location.assign(`/login?${params}`);
    };
    const encerrar = () => {
      if (saiu.current) return;
      localStorage.setItem(CHAVE_LOGOUT, `inatividade:${agora()}`);
      canal?.postMessage('inatividade');
      void irParaLogin('inatividade');
    };
    localStorage.setItem(CHAVE_ATIVIDADE, String(agora()));
    EVENTOS.forEach((e) => window.addEventListener(e, marcar, { passive: true }));
    const aoArmazenar = (e: StorageEvent) => {
      if (e.key === CHAVE_LOGOUT && e.newValue) void irParaLogin(e.newValue.split(':')[0]);
    };
    window.addEventListener('storage', aoArmazenar);
    if (canal) canal.onmessage = (m: MessageEvent<string>) => void irParaLogin(m.data);
    const relogio = setInterval(() => {
      const faltam = Math.ceil(limiteSegundos - (agora() - ultima()) / 1000);
      if (faltam <= 0) {
        setRestante(0);
        encerrar();
      } else setRestante(faltam <= AVISO_S ? faltam : null);
    }, 1000);
    return () => {
      clearInterval(relogio);
      EVENTOS.forEach((e) => window.removeEventListener(e, marcar));
      window.removeEventListener('storage', aoArmazenar);
      canal?.close();
    };
  }, [limiteSegundos]);

  if (restante === null) return null;
  return (
    <div className={s.contador} role="alertdialog" aria-live="assertive" data-testid="contador-inatividade">
      <strong>Você ainda está aí?</strong>
      <p style={{ margin: '4px 0 0' }}>
        Por inatividade, sua sessão será encerrada em <span data-testid="segundos-restantes">{restante}</span> segundos. Mova o mouse ou
        pressione uma tecla para continuar.
      </p>
    </div>
  );
}
