import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '@db/client.server';
import { mensagemSaida } from '@db/schema';
import { urlSemSegredos } from '~/utils/url-sem-segredos';

/**
 * The outbox: any capability enqueues e-mail or SMS here (inside its own transaction when it has one).
 * A sender drains it: SMTP when configured, otherwise the local mailbox of the machine's operator
 * (caixa-local.server.ts, read with `npm run outbox`). Bodies hold reset links, login links and codes,
 * so they are read only by their recipient: `mensagensDoDestinatario` for the person's own inbox,
 * `situacaoDasMensagens` (no body) for staff. Recipient, subject and situation are seen by staff: a
 * secret goes in the body only (docs/decisions/107-caixa-de-mensagens-por-destinatario.md).
 */
const emailSchema = z.object({
  cabecalhos: z.record(z.string(), z.string()).optional(),
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
  cabecalhos?: Record<string, string>;
}) {
  const m = emailSchema.parse(entrada);
  const [linha] = await db
    .insert(mensagemSaida)
    .values({
      hotsiteId: m.hotsiteId,
      canal: 'email',
      para: m.para,
      assunto: m.assunto,
      texto: m.texto,
      html: m.html,
      cabecalhos: m.cabecalhos,
    })
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

/**
 * A body as a logged-in page may show it: links that log in or reset a password lose their secret
 * (`?token=***`, `/admin-auth/***`). They serve someone who is logged out, who reads them with the
 * operator's command; shown on a page, they would turn a borrowed session into a new password.
 */
export function semSegredosDeAcesso(texto: string): string {
  return texto.replace(/https?:\/\/[^\s<>"']+/g, (url) => urlSemSegredos(url));
}

/**
 * "Minhas mensagens": the brand's messages sent to one person's own addresses (their e-mail and phone,
 * as the page knows them from the session), newest first, with access links masked.
 */
export async function mensagensDoDestinatario({
  db,
  hotsiteId,
  destinos,
  limite = 50,
}: {
  db: Db;
  hotsiteId: number;
  destinos: readonly (string | null | undefined)[];
  limite?: number;
}) {
  const enderecos = [...new Set(destinos.filter((d): d is string => !!d?.trim()).map((d) => d.trim().toLowerCase()))];
  if (!enderecos.length) return [];
  const linhas = await db
    .select({
      uid: mensagemSaida.uid,
      canal: mensagemSaida.canal,
      para: mensagemSaida.para,
      assunto: mensagemSaida.assunto,
      texto: mensagemSaida.texto,
      createdAt: mensagemSaida.createdAt,
    })
    .from(mensagemSaida)
    .where(and(eq(mensagemSaida.hotsiteId, hotsiteId), inArray(sql`lower(${mensagemSaida.para})`, enderecos)))
    .orderBy(desc(mensagemSaida.id))
    .limit(limite);
  return linhas.map((m) => ({ ...m, texto: semSegredosDeAcesso(m.texto) }));
}

/**
 * Staff's delivery screen: who, when, subject, channel and situation of the brand's latest messages.
 * The body is never selected, so no staff screen can show another person's link or code.
 */
export function situacaoDasMensagens({ db, hotsiteId, limite = 100 }: { db: Db; hotsiteId: number; limite?: number }) {
  return db
    .select({
      uid: mensagemSaida.uid,
      canal: mensagemSaida.canal,
      para: mensagemSaida.para,
      assunto: mensagemSaida.assunto,
      situacao: mensagemSaida.situacao,
      tentativas: mensagemSaida.tentativas,
      createdAt: mensagemSaida.createdAt,
      enviadoAt: mensagemSaida.enviadoAt,
    })
    .from(mensagemSaida)
    .where(eq(mensagemSaida.hotsiteId, hotsiteId))
    .orderBy(desc(mensagemSaida.id))
    .limit(limite);
}
