import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { chaveVapid, inscricaoPush } from '@db/schema';
import { webpush } from '~/utils/bibliotecas.server';

/**
 * Web Push (RFC 8030 with VAPID, through the `web-push` library). The install's key pair comes from the
 * environment, else is made once and kept in chave_vapid (decision 183): every instance and every restart
 * signs with the same pair, so browsers' subscriptions keep working.
 */
export interface ChavesVapid {
  publica: string;
  privada: string;
}

export async function chavesVapid({ db, doAmbiente }: { db: Db; doAmbiente?: Partial<ChavesVapid> }): Promise<ChavesVapid> {
  if (doAmbiente?.publica && doAmbiente.privada) return { publica: doAmbiente.publica, privada: doAmbiente.privada };
  const [guardada] = await db.select().from(chaveVapid).where(eq(chaveVapid.id, 1));
  if (guardada) return guardada;
  const nova = (await webpush()).generateVAPIDKeys();
  // Two instances starting together: the first insert wins and both read it back.
  await db.insert(chaveVapid).values({ id: 1, publica: nova.publicKey, privada: nova.privateKey }).onConflictDoNothing();
  const [valida] = await db.select().from(chaveVapid).where(eq(chaveVapid.id, 1));
  return valida;
}

/** A browser's PushSubscription as `toJSON()` gives it. */
export const inscricaoPushSchema = z.object({
  endpoint: z.url({ protocol: /^https$/ }).max(2000),
  keys: z.object({ p256dh: z.string().min(10).max(200), auth: z.string().min(8).max(100) }),
});

/** Keeps this browser's subscription for the client (a browser that changed hands moves to its new owner). */
export async function inscreverPush({
  db,
  hotsiteId,
  usuarioId,
  inscricao,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  inscricao: unknown;
}) {
  const i = inscricaoPushSchema.parse(inscricao);
  await db
    .insert(inscricaoPush)
    .values({ hotsiteId, usuarioId, endpoint: i.endpoint, p256dh: i.keys.p256dh, auth: i.keys.auth })
    .onConflictDoUpdate({
      target: [inscricaoPush.hotsiteId, inscricaoPush.endpoint],
      set: { usuarioId, p256dh: i.keys.p256dh, auth: i.keys.auth },
    });
}

export async function cancelarPush({
  db,
  hotsiteId,
  usuarioId,
  endpoint,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  endpoint: string;
}) {
  await db
    .delete(inscricaoPush)
    .where(and(eq(inscricaoPush.hotsiteId, hotsiteId), eq(inscricaoPush.usuarioId, usuarioId), eq(inscricaoPush.endpoint, endpoint)));
}

/** Sends one payload to one subscription; `expirada` when the push service says it is gone (404/410). */
export interface EnviadorPush {
  enviar(inscricao: { endpoint: string; p256dh: string; auth: string }, corpo: string): Promise<{ expirada: boolean }>;
}

export function enviadorWebPush(chaves: ChavesVapid, assunto: string): EnviadorPush {
  return {
    async enviar(i, corpo) {
      try {
        await (
          await webpush()
        ).sendNotification({ endpoint: i.endpoint, keys: { p256dh: i.p256dh, auth: i.auth } }, corpo, {
          vapidDetails: { subject: assunto, publicKey: chaves.publica, privateKey: chaves.privada },
          TTL: 3600,
          timeout: 10_000,
        });
        return { expirada: false };
      } catch (e) {
        const status = (e as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) return { expirada: true };
        throw new Error(`push ${status ?? 'sem resposta'}`);
      }
    },
  };
}
