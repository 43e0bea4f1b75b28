import { WebSocket } from 'ws';

/** A websocket client that records every message, as a browser tab on `host` would. */
export async function conectarWs(port: number, host: string, opcoes: { token?: string; headers?: Record<string, string> } = {}) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws${opcoes.token ? `?token=${encodeURIComponent(opcoes.token)}` : ''}`, {
    headers: { host: `${host}:${port}`, ...opcoes.headers },
  });
  const recebidas: { event: string; data: Record<string, unknown> }[] = [];
  const esperando: { filtro: (m: (typeof recebidas)[number]) => boolean; resolve: (m: (typeof recebidas)[number]) => void }[] = [];
  ws.on('message', (bruto) => {
    const m = JSON.parse(bruto.toString());
    recebidas.push(m);
    for (const e of [...esperando]) {
      if (!e.filtro(m)) continue;
      esperando.splice(esperando.indexOf(e), 1);
      e.resolve(m);
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });

  return {
    ws,
    recebidas,
    enviar: (m: unknown) => ws.send(typeof m === 'string' ? m : JSON.stringify(m)),
    /** The first message (already received or yet to come) that matches. */
    esperar(evento: string, filtro: (d: Record<string, unknown>) => boolean = () => true, ms = 5_000) {
      const pronto = recebidas.find((m) => m.event === evento && filtro(m.data));
      if (pronto) return Promise.resolve(pronto);
      return new Promise<(typeof recebidas)[number]>((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`sem evento ${evento} em ${ms} ms`)), ms);
        esperando.push({
          filtro: (m) => m.event === evento && filtro(m.data),
          resolve: (m) => (clearTimeout(t), resolve(m)),
        });
      });
    },
    fechar: () => ws.close(),
  };
}

/** The HTTP status a refused upgrade answers with. */
export function statusDoUpgrade(port: number, host: string, caminho = '/ws', headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${caminho}`, { headers: { host: `${host}:${port}`, ...headers } });
    ws.once('open', () => (ws.close(), resolve(101)));
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', (e) => (String(e).includes('socket hang up') ? resolve(0) : reject(e)));
  });
}
