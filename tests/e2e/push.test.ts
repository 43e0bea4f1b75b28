import { createECDH, createHmac, createDecipheriv, createPublicKey, verify } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inscricaoPush } from '@db/schema';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { contextoLogado, navegadorDeTeste } from './browser';

/*
 * Web Push in Debian's chromium (decision 183). Headless chromium has no push service to subscribe to: its
 * `pushManager.subscribe` answers "Registration failed - permission denied" even with the permission granted
 * and no network. So the browser does everything up to that point for real (the site's service worker
 * registers, the brand's VAPID key is read from the page's endpoint), makes the subscription's P-256 keys
 * with WebCrypto as a push service would hand them over, and posts them through the page's own endpoint.
 * The push service is a local recorder (msw, in the server's process): an outbid must reach it once, signed
 * with the brand's VAPID key, and its body must decrypt (RFC 8291, aes128gcm) with the browser's keys.
 */
const recebidos: { endpoint: string; autorizacao: string; codificacao: string | null; corpo: Buffer }[] = [];
const servicoDePush = setupServer(
  http.post('https://push.exemplo.test/:id', async ({ request }) => {
    recebidos.push({
      endpoint: request.url,
      autorizacao: request.headers.get('authorization') ?? '',
      codificacao: request.headers.get('content-encoding'),
      corpo: Buffer.from(await request.arrayBuffer()),
    });
    return new HttpResponse(null, { status: 201 });
  }),
);
beforeAll(() => servicoDePush.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => servicoDePush.close());

const t = navegadorDeTeste();
const H = 'h1.localhost';

/** RFC 8291: the user agent's side of aes128gcm, one record. */
function decifrar(corpo: Buffer, privada: Buffer, publica: Buffer, auth: Buffer) {
  const salt = corpo.subarray(0, 16);
  const idlen = corpo[20];
  const doServidor = corpo.subarray(21, 21 + idlen);
  const cifrado = corpo.subarray(21 + idlen);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(privada);
  const segredo = ecdh.computeSecret(doServidor);
  const hmac = (chave: Buffer, dados: Buffer) => createHmac('sha256', chave).update(dados).digest();
  const ikm = hmac(hmac(auth, segredo), Buffer.concat([Buffer.from('WebPush: info\0'), publica, doServidor, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'latin1')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'latin1')).subarray(0, 12);
  const d = createDecipheriv('aes-128-gcm', cek, nonce);
  d.setAuthTag(cifrado.subarray(cifrado.length - 16));
  const claro = Buffer.concat([d.update(cifrado.subarray(0, cifrado.length - 16)), d.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  return claro.subarray(0, claro.lastIndexOf(2)).toString('utf8');
}

describe('Web Push in the browser', () => {
  it('the page subscribes with the brand key and an outbid reaches that subscription once, signed and readable only with its keys', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db);
    const ana = await criarCliente(t.banco.db, { leilaoId, nome: 'Ana Souza' });
    const bruno = await criarCliente(t.banco.db, { leilaoId, nome: 'Bruno Lima' });
    const ctx = await contextoLogado(t.browser, ana.cookie, 1);
    await ctx.grantPermissions(['notifications'], { origin: `http://${H}:${t.app.port}` });
    const page = await ctx.newPage();
    await page.goto(`http://${H}:${t.app.port}/cliente/notificacoes`);

    const noNavegador = await page.evaluate(async (endpoint) => {
      const registro = await navigator.serviceWorker.register('/sw-notificacoes.js', { scope: '/' });
      await navigator.serviceWorker.ready;
      const { chavePublica } = (await (await fetch('/notificacoes/push', { headers: { accept: 'application/json' } })).json()) as {
        chavePublica: string;
      };
      const b64 = (s: string) =>
        Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4)), (c) => c.charCodeAt(0));
      const url = (b: ArrayBuffer | Uint8Array) =>
        btoa(String.fromCharCode(...new Uint8Array(b)))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      let assinatura: string;
      try {
        await registro.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: b64(chavePublica) });
        assinatura = 'inscrito';
      } catch (e) {
        assinatura = `${(e as Error).name}: ${(e as Error).message}`;
      }
      const par = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
      const publica = url(await crypto.subtle.exportKey('raw', par.publicKey));
      const privada = (await crypto.subtle.exportKey('jwk', par.privateKey)).d!;
      const auth = url(crypto.getRandomValues(new Uint8Array(16)));
      const corpo = new FormData();
      corpo.set('inscricao', JSON.stringify({ endpoint, keys: { p256dh: publica, auth } }));
      const r = await fetch('/notificacoes/push', { method: 'POST', body: corpo });
      return { ativo: Boolean(registro.active), chavePublica, assinatura, status: r.status, publica, privada, auth };
    }, `https://push.exemplo.test/ana-${ana.id}`);

    expect(noNavegador.ativo).toBe(true);
    expect(noNavegador.status).toBe(200);
    const [salva] = await t.banco.db.select().from(inscricaoPush).where(eq(inscricaoPush.usuarioId, ana.id));
    expect(salva).toMatchObject({ hotsiteId: 1, endpoint: `https://push.exemplo.test/ana-${ana.id}`, p256dh: noNavegador.publica });

    // Bruno outbids Ana through the API; the server's own job delivers.
    const lance = (auth: Record<string, string>, valor: number) =>
      t.app.pedir(H, '/v1/lances', { method: 'POST', headers: auth, corpo: { loteId, valor } });
    expect((await lance(ana.auth, 10_000_00)).status).toBe(201);
    expect((await lance(bruno.auth, 10_500_00)).status).toBe(201);
    await expect.poll(() => recebidos.length, { timeout: 20_000 }).toBe(1);
    const [push] = recebidos;
    expect(push.endpoint).toBe(`https://push.exemplo.test/ana-${ana.id}`);
    expect(push.codificacao).toBe('aes128gcm');

    // Signed by the brand's VAPID key the page handed the browser (ES256 JWT, audience the push service).
    const [, jwt, k] = /^vapid t=([^,]+), k=(.+)$/.exec(push.autorizacao)!;
    expect(k).toBe(noNavegador.chavePublica);
    const [cab, carga, sig] = jwt.split('.');
    const publicaVapid = Buffer.from(k, 'base64url');
    const chave = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: publicaVapid.subarray(1, 33).toString('base64url'),
        y: publicaVapid.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    expect(verify('sha256', Buffer.from(`${cab}.${carga}`), { key: chave, dsaEncoding: 'ieee-p1363' }, Buffer.from(sig, 'base64url'))).toBe(
      true,
    );
    expect(JSON.parse(Buffer.from(carga, 'base64url').toString())).toMatchObject({ aud: 'https://push.exemplo.test' });

    // Only the browser's keys open it: the outbid, in the brand's words.
    const texto = decifrar(
      push.corpo,
      Buffer.from(noNavegador.privada, 'base64url'),
      Buffer.from(noNavegador.publica, 'base64url'),
      Buffer.from(noNavegador.auth, 'base64url'),
    );
    const mensagem = JSON.parse(texto) as { titulo?: string; title?: string; corpo?: string; body?: string };
    expect(JSON.stringify(mensagem)).toMatch(/superado/i);
    expect(JSON.stringify(mensagem)).toMatch(/10\.500,00/);

    // The push service hands that body to the browser: chromium's DevTools delivers it to the site's service
    // worker as a push event, and the worker shows it as a notification in the brand's words, linked to the lot.
    const cdp = await ctx.newCDPSession(page);
    const registros: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registros.push(...e.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registros.some((r) => !r.isDeleted && r.scopeURL === `http://${H}:${t.app.port}/`)).toBe(true);
    const registro = registros.find((r) => !r.isDeleted && r.scopeURL === `http://${H}:${t.app.port}/`)!;
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: `http://${H}:${t.app.port}`,
      registrationId: registro.registrationId,
      data: texto,
    });
    const mostradas = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          titulo: n.title,
          corpo: n.body,
          tag: n.tag,
          url: (n.data as { url?: string } | null)?.url ?? null,
        })),
      );
    await expect.poll(mostradas, { timeout: 10_000 }).toHaveLength(1);
    const [mostrada] = await mostradas();
    expect(mostrada.titulo).toBe('Seu lance foi superado');
    expect(mostrada.corpo).toMatch(/^Seu lance em VW Gol 1\.0 2015 foi superado\. Lance atual: R\$\s10\.500,00\.$/);
    expect(mostrada.tag).toBe(`lance-superado:${loteId}`);
    expect(mostrada.url).toContain(String(loteId));
    await cdp.detach();

    // Sent once: later ticks of the job send nothing more.
    await new Promise((r) => setTimeout(r, 2_500));
    expect(recebidos).toHaveLength(1);
    // What headless chromium said when asked to subscribe for real, kept in the test's output.
    console.info(`pushManager.subscribe no chromium headless: ${noNavegador.assinatura}`);
    await ctx.close();
  });
});
