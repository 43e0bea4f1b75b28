import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { mensagemSaida } from '@db/schema';
import { nodemailer } from '~/utils/bibliotecas.server';
import type { Logger } from '~/utils/logger.server';
import { entregarNaCaixaLocal } from './caixa-local.server';

/** What the SMTP sender needs of a transport (nodemailer's, or a fake in tests). */
export interface Transporte {
  sendMail(m: {
    from: string;
    to: string;
    subject?: string;
    text: string;
    html?: string;
    headers?: Record<string, string>;
  }): Promise<unknown>;
}

type Mensagem = typeof mensagemSaida.$inferSelect;

/** Where the outbox delivers, and which channels it takes. */
export interface Entregador {
  canais: readonly Mensagem['canal'][];
  entregar(m: Mensagem): Promise<unknown>;
}

/** E-mails through SMTP. SMS stays pending until an SMS provider is wired in. */
export function entregadorSmtp(transporte: Transporte, de: string): Entregador {
  return {
    canais: ['email'],
    entregar: (m) =>
      transporte.sendMail({
        from: de,
        to: m.para,
        subject: m.assunto ?? undefined,
        text: m.texto,
        html: m.html ?? undefined,
        headers: m.cabecalhos ?? undefined,
      }),
  };
}

/** nodemailer's SMTP transport, built on the first message. */
function transporteSmtp(smtpUrl: string): Transporte {
  let transporte: Promise<Transporte> | undefined;
  return {
    sendMail: async (m) => (await (transporte ??= nodemailer().then((n) => n.createTransport(smtpUrl)))).sendMail(m),
  };
}

/** Without SMTP: e-mails and SMS into the operator's local mailbox, one file per recipient. */
export function entregadorCaixaLocal(dir: string): Entregador {
  return {
    canais: ['email', 'sms'],
    entregar: (m) =>
      entregarNaCaixaLocal(dir, {
        uid: m.uid,
        hotsiteId: m.hotsiteId,
        canal: m.canal,
        para: m.para,
        assunto: m.assunto,
        texto: m.texto,
        criadaEm: m.createdAt.toISOString(),
      }),
  };
}

const MAX_TENTATIVAS = 5;

/**
 * Delivers pending messages of the deliverer's channels, oldest first, one batch. Each row is claimed
 * with a conditional update so two instances never deliver the same message.
 */
export async function drenarOutbox({ db, entregador, lote = 20 }: { db: Db; entregador: Entregador; lote?: number }) {
  const pendentes = await db
    .select()
    .from(mensagemSaida)
    .where(
      and(
        eq(mensagemSaida.situacao, 'pendente'),
        inArray(mensagemSaida.canal, [...entregador.canais]),
        lt(mensagemSaida.tentativas, MAX_TENTATIVAS),
      ),
    )
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
      await entregador.entregar(m);
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

/**
 * Polls the outbox while the server runs: through SMTP when SMTP_URL is set (every 5 s), otherwise
 * into the local mailbox (every second, so a demo user's reset link is there by the time they look).
 */
export function iniciarEnvioOutbox({
  db,
  smtpUrl,
  de,
  caixaLocalDir,
  logger,
  intervaloMs = smtpUrl ? 5000 : 1000,
}: {
  db: Db;
  smtpUrl: string | undefined;
  de: string;
  caixaLocalDir: string;
  logger: Logger;
  intervaloMs?: number;
}) {
  // nodemailer is loaded with the first e-mail, not at start (decision 297).
  const entregador = smtpUrl ? entregadorSmtp(transporteSmtp(smtpUrl), de) : entregadorCaixaLocal(caixaLocalDir);
  let rodando: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (rodando) return;
    rodando = drenarOutbox({ db, entregador })
      .then(
        () => undefined,
        (erro: unknown) => logger.warn({ err: erro }, 'falha ao entregar mensagens da caixa de saída'),
      )
      .finally(() => {
        rodando = null;
      });
  }, intervaloMs);
  timer.unref();
  // Stopping waits for the batch in flight, so the database is never closed under it.
  return {
    parar: async () => {
      clearInterval(timer);
      await rodando;
    },
  };
}
