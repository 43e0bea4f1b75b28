/**
 * /sw-notificacoes.js: the service worker of Web Push. It shows each push as a notification (title, text,
 * a tag per event and lot so a newer one replaces the older) and opens the brand's page on a click.
 * Served from the root so its scope is the whole site.
 */
const CODIGO = `'use strict';
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));
self.addEventListener('push', (e) => {
  let d = {};
  try { d = e.data ? e.data.json() : {}; } catch (_) { d = { texto: e.data ? e.data.text() : '' }; }
  e.waitUntil(self.registration.showNotification(d.titulo || 'Notificação', {
    body: d.texto || '',
    tag: d.tag || undefined,
    data: { url: d.url || '/' },
  }));
});
self.addEventListener('notificationclick', (e) => {
  e.notification.close();
  const url = new URL((e.notification.data && e.notification.data.url) || '/', self.location.origin);
  if (url.origin !== self.location.origin) return;
  e.waitUntil(self.clients.openWindow(url.href));
});
`;

export function loader() {
  return new Response(CODIGO, {
    headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache', 'service-worker-allowed': '/' },
  });
}
