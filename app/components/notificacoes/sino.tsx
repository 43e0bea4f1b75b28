import { Link } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useWording } from '~/components/marca';
import { notificacoes } from '~/locales/pt-BR/notificacoes';
import * as s from './sino.css';

/**
 * The bell: a link to the client's notices with the unread count, read after the page is up and kept
 * current by the socket's `notificacao` event (the socket module loads on demand, as page views do).
 */
export function Sino() {
  const t = useWording(notificacoes);
  const [naoLidas, setNaoLidas] = useState(0);
  useEffect(() => {
    let vivo = true;
    let parar: (() => void) | undefined;
    fetch('/notificacoes/contagem', { headers: { accept: 'application/json' } })
      .then((r) => (r.ok ? (r.json() as Promise<{ naoLidas: number }>) : null))
      .then((d) => vivo && d && setNaoLidas(d.naoLidas))
      .catch(() => {
        /* offline or logged out meanwhile: the bell shows no count until the socket sends one */
      });
    import('~/realtime/cliente-da-pagina').then(
      (m) => {
        if (!vivo) return;
        parar = m.cliente().ouvir((e) => e.tipo === 'notificacao' && setNaoLidas(e.naoLidas));
      },
      () => {
        /* chunk unavailable (offline, new deploy): the count stays as fetched */
      },
    );
    return () => {
      vivo = false;
      parar?.();
    };
  }, []);
  const rotulo = `${t('notificacoes.sino')}: ${t.contar('notificacoes.nao_lidas', naoLidas)}`;
  return (
    <Link to="/cliente/notificacoes" className={s.sino} aria-label={rotulo} title={rotulo} data-testid="sino">
      <svg
        aria-hidden
        width="22"
        height="22"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
        <path d="M13.7 21a2 2 0 0 1-3.4 0" />
      </svg>
      {naoLidas > 0 ? (
        <span className={s.contador} data-testid="sino-contador">
          {naoLidas > 99 ? '99+' : naoLidas}
        </span>
      ) : null}
    </Link>
  );
}
