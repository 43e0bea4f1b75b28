import { ClienteLances, type LoteAoVivo } from './lances-cliente';
import { socketAberto } from './sessao-do-socket';

/**
 * The page's one shared ClienteLances (the lot socket), opened on first use: by the live-bid hooks
 * (use-lances.ts) and by the page views (visitas.ts). No React here, so the page-view module, loaded
 * on every page after it is up, does not make React a chunk of its own (issue #16).
 */
let compartilhado: ClienteLances | null = null;
export function cliente() {
  if (!compartilhado) {
    const proto = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    compartilhado = new ClienteLances({
      url: `${proto}//${window.location.host}/ws`,
      buscarSnapshot: async (veiUid) => {
        const r = await fetch(`/v1/lances/lote/${encodeURIComponent(veiUid)}`, { headers: { accept: 'application/json' } });
        return r.ok ? ((await r.json()) as LoteAoVivo) : null;
      },
    });
    compartilhado.conectar();
    const aberto = compartilhado;
    socketAberto(() => aberto.reconectar());
  }
  return compartilhado;
}
