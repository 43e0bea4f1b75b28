/**
 * The browser's side of Web Push: registers the site's service worker, asks permission, subscribes with
 * the install's VAPID key and hands the subscription to the server. Answers what happened, for the page
 * to say it.
 */
export type ResultadoPush = 'ativado' | 'negado' | 'indisponivel';

function chaveEmBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const bruto = atob(b64);
  const bytes = new Uint8Array(new ArrayBuffer(bruto.length));
  for (let i = 0; i < bruto.length; i++) bytes[i] = bruto.charCodeAt(i);
  return bytes;
}

export async function ativarPush(): Promise<ResultadoPush> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'indisponivel';
  const permissao = await Notification.requestPermission();
  if (permissao !== 'granted') return 'negado';
  const registro = await navigator.serviceWorker.register('/sw-notificacoes.js', { scope: '/' });
  await navigator.serviceWorker.ready;
  const { chavePublica } = (await (await fetch('/notificacoes/push', { headers: { accept: 'application/json' } })).json()) as {
    chavePublica: string;
  };
  const inscricao =
    (await registro.pushManager.getSubscription()) ??
    (await registro.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: chaveEmBytes(chavePublica) }));
  const corpo = new FormData();
  corpo.set('inscricao', JSON.stringify(inscricao.toJSON()));
  const r = await fetch('/notificacoes/push', { method: 'POST', body: corpo });
  return r.ok ? 'ativado' : 'indisponivel';
}
