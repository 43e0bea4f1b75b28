import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../../db/client.server';
import { mensagemSaida } from '../../../db/schema';

/**
 * The outbox: any capability enqueues e-mail or SMS here (inside its own transaction when it has one).
 * A sender drains it when SMTP is configured; otherwise the messages stay readable at /dev/emails.
 */
const emailSchema = z.object({
  hotsiteId: z.number().int(),
  para: z.email(),
  assunto: z.string().min(1).max(300),
  texto: z.string().min(1),
  html: z.string().optional(),
});

export async function enfileirarEmail({
  db,
  ...entrada
}: {
  db: Db | Tx;
  hotsiteId: number;
  para: string;
  assunto: string;
  texto: string;
  html?: string;
}) {
  const m = emailSchema.parse(entrada);
  const [linha] = await db
    .insert(mensagemSaida)
    .values({ hotsiteId: m.hotsiteId, canal: 'email', para: m.para, assunto: m.assunto, texto: m.texto, html: m.html })
    .returning({ id: mensagemSaida.id, uid: mensagemSaida.uid });
  return linha;
}

export async function enfileirarSms({ db, hotsiteId, para, texto }: { db: Db | Tx; hotsiteId: number; para: string; texto: string }) {
  const [linha] = await db
    .insert(mensagemSaida)
    .values({ hotsiteId, canal: 'sms', para, texto: z.string().min(1).max(320).parse(texto) })
    .returning({ id: mensagemSaida.id, uid: mensagemSaida.uid });
  return linha;
}

/** The latest messages of a brand (dev viewer, tests). */
export function listarSaida({ db, hotsiteId, para, limite = 50 }: { db: Db; hotsiteId: number; para?: string; limite?: number }) {
  return db
    .select()
    .from(mensagemSaida)
    .where(and(eq(mensagemSaida.hotsiteId, hotsiteId), para ? eq(mensagemSaida.para, para) : undefined))
    .orderBy(desc(mensagemSaida.id))
    .limit(limite);
}
