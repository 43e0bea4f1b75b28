import { and, asc, eq, lt } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../../db/client.server';
import { mensagemSaida } from '../../../db/schema';
import type { Logger } from '~/utils/logger.server';

/** What the sender needs of a transport (nodemailer's, or a fake in tests). */
export interface Transporte {
  sendMail(m: { from: string; to: string; subject?: string; text: string; html?: string }): Promise<unknown>;
}

const MAX_TENTATIVAS = 5;

/**
 * Sends pending e-mails, oldest first, one batch. Each row is claimed with a conditional update so two
 * instances never send the same message. SMS stays pending until an SMS provider is wired in.
 */
export async function drenarOutbox({ db, transporte, de, lote = 20 }: { db: Db; transporte: Transporte; de: string; lote?: number }) {
  const pendentes = await db
    .select()
    .from(mensagemSaida)
    .where(and(eq(mensagemSaida.situacao, 'pendente'), eq(mensagemSaida.canal, 'email'), lt(mensagemSaida.tentativas, MAX_TENTATIVAS)))
    .orderBy(asc(mensagemSaida.id))
    .limit(lote);
  let enviados = 0;
  for (const m of pendentes) {
    const [meu] = await db
      .update(mensagemSaida)
      .set({ tentativas: m.tentativas + 1 })
      .where(and(eq(mensagemSaida.id, m.id), eq(mensagemSaida.tentativas, m.tentativas), eq(mensagemSaida.situacao, 'pendente')))
      .returning({ id: mensagemSaida.id });
    if (!meu) continue;
    try {
      await transporte.sendMail({ from: de, to: m.para, subject: m.assunto ?? undefined, text: m.texto, html: m.html ?? undefined });
      await db.update(mensagemSaida).set({ situacao: 'enviado', enviadoAt: new Date(), erro: null }).where(eq(mensagemSaida.id, m.id));
      enviados++;
    } catch (e) {
      const ultima = m.tentativas + 1 >= MAX_TENTATIVAS;
      await db
        .update(mensagemSaida)
        .set({ erro: String((e as Error).message ?? e).slice(0, 500), ...(ultima ? { situacao: 'erro' as const } : {}) })
        .where(eq(mensagemSaida.id, m.id));
    }
  }
  return { enviados, vistos: pendentes.length };
}

/** Polls the outbox every few seconds while the server runs (only when SMTP_URL is set). */
export function iniciarEnvioOutbox({
  db,
  smtpUrl,
  de,
  logger,
  intervaloMs = 5000,
}: {
  db: Db;
  smtpUrl: string;
  de: string;
  logger: Logger;
  intervaloMs?: number;
}) {
  const transporte = nodemailer.createTransport(smtpUrl);
  let rodando = false;
  const timer = setInterval(() => {
    if (rodando) return;
    rodando = true;
    drenarOutbox({ db, transporte, de })
      .catch((erro: unknown) => logger.warn({ err: erro }, 'falha ao enviar e-mails da caixa de saída'))
      .finally(() => {
        rodando = false;
      });
  }, intervaloMs);
  timer.unref();
  return { parar: () => clearInterval(timer) };
}
