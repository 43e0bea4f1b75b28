import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '@db/client.server';
import { notificacaoPreferencia } from '@db/schema';
import { ehEvento, type Evento } from './eventos';

/**
 * One-click unsubscribe (RFC 8058). Each e-mail carries a link signed for one person, one brand and one
 * event: it works without login and turns off only that e-mail of that person (decision 182). The key is
 * derived from the session secret, so it needs no table and no extra setting.
 */
const chave = (segredo: string) => createHmac('sha256', segredo).update('descadastro-de-notificacao').digest();

export function tokenDeDescadastro(segredo: string, a: { hotsiteId: number; usuarioId: number; evento: Evento }): string {
  const corpo = `${a.hotsiteId}.${a.usuarioId}.${a.evento}`;
  const assinatura = createHmac('sha256', chave(segredo)).update(corpo).digest('base64url');
  return `${corpo}.${assinatura}`;
}

/** The person and event a token names, when it is this brand's and its signature holds; else null. */
export function lerTokenDeDescadastro(segredo: string, token: string, hotsiteId: number): { usuarioId: number; evento: Evento } | null {
  const m = /^(\d{1,9})\.(\d{1,9})\.([a-z-]{1,40})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const [, h, u, evento, assinatura] = m;
  if (Number(h) !== hotsiteId || !ehEvento(evento)) return null;
  const esperado = tokenDeDescadastro(segredo, { hotsiteId, usuarioId: Number(u), evento }).split('.')[3];
  const a = Buffer.from(assinatura);
  const b = Buffer.from(esperado);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
  return { usuarioId: Number(u), evento };
}

/** Turns the e-mail of one event off for one person (the same row the profile's preferences write). */
export async function descadastrarEmail({
  db,
  hotsiteId,
  usuarioId,
  evento,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  evento: Evento;
}) {
  await db
    .insert(notificacaoPreferencia)
    .values({ hotsiteId, usuarioId, evento, canal: 'email', ativo: false })
    .onConflictDoUpdate({
      target: [
        notificacaoPreferencia.hotsiteId,
        notificacaoPreferencia.usuarioId,
        notificacaoPreferencia.evento,
        notificacaoPreferencia.canal,
      ],
      set: { ativo: false, updatedAt: new Date() },
    });
}
