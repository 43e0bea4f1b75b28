import { sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { tentativaLogin } from '@db/schema';
import { ErroHttp } from '~/utils/errors';
import { linhas } from '~/utils/linhas.server';

/** Spec error catalogue, HTTP 429. */
export const MENSAGEM_429 = 'Bloqueado - Aguarde algumas horas para enviar novamente';

const MINUTO = 60 * 1000;
const HORA = 60 * MINUTO;

/**
 * Every attempt limit of the platform, by name (decision 106). An attempt is counted before it is
 * checked: `reservarTentativa` increments the counter and answers the new count in one statement, and
 * only an attempt whose number is within `tentativas` goes on to the slow check (argon2, a TOTP code, a
 * stored code, an insert). Concurrent guesses therefore each get their own number, and at most
 * `tentativas` of them are ever checked in a window, on PostgreSQL as on PGlite.
 *
 * - loginPorIp: failed logins from one address (a shared office NAT fails now and then); a successful
 *   login gives its attempt back.
 * - loginPorConta: a run of failures on one account (guessing one person's password); success restarts it.
 * - codigo2fa: consecutive wrong two-factor codes of a user; the 5th blocks 2FA login until staff with the
 *   2FA-unblock role clears it (MAX_FALHAS_2FA).
 * - confirmacao2fa: codes typed while enrolling an authenticator.
 * - codigoConfirmacao: guesses of one e-mail/phone confirmation code (each code has its own counter).
 * - envioCodigo: one confirmation code a minute per user and kind, so /email and /telefone cannot spam.
 * - redefinicaoPorEmail / redefinicaoPorIp: password-reset e-mails asked for one address / from one IP.
 * - chat: a client's messages in the auditorium.
 * - propostaPorLote: proposals of a client on one lot.
 * - cadastroDuplicadoPorIp: sign-ups from one address answered "already registered" (each such answer
 *   tells whether an e-mail, CPF or CNPJ has an account here).
 * - relatoDeBarreiraPorIp: accessibility barrier reports from one address (the form is open to visitors).
 */
export const LIMITES = {
  loginPorIp: { tentativas: 20, janelaMs: HORA },
  loginPorConta: { tentativas: 5, janelaMs: HORA },
  codigo2fa: { tentativas: 5, janelaMs: 30 * 24 * HORA },
  confirmacao2fa: { tentativas: 5, janelaMs: 15 * MINUTO },
  codigoConfirmacao: { tentativas: 5, janelaMs: 15 * MINUTO },
  envioCodigo: { tentativas: 1, janelaMs: MINUTO },
  redefinicaoPorEmail: { tentativas: 3, janelaMs: HORA },
  redefinicaoPorIp: { tentativas: 20, janelaMs: HORA },
  chat: { tentativas: 3, janelaMs: 10 * 1000 },
  propostaPorLote: { tentativas: 5, janelaMs: HORA },
  cadastroDuplicadoPorIp: { tentativas: 5, janelaMs: HORA },
  relatoDeBarreiraPorIp: { tentativas: 5, janelaMs: HORA },
} as const satisfies Record<string, { tentativas: number; janelaMs: number }>;

export type NomeDoLimite = keyof typeof LIMITES;

export interface Reserva {
  /** This attempt's number in the window (1 for the first). */
  n: number;
  /** Whether this attempt is within the limit and may be checked. */
  permitida: boolean;
  /** When the window ends and the count restarts. */
  janelaFim: Date;
}

const chaveDe = (limite: NomeDoLimite, chave: string) => `${limite}:${chave}`;

/**
 * Counts one attempt of `limite` for `chave` and answers its number. One INSERT … ON CONFLICT DO UPDATE:
 * PostgreSQL locks the row for the increment, so two concurrent attempts never read the same count. An
 * expired window restarts at 1. Call it outside any transaction that a refused check would roll back.
 */
export async function reservarTentativa(
  db: Db,
  { limite, chave, hotsiteId = null }: { limite: NomeDoLimite; chave: string; hotsiteId?: number | null },
): Promise<Reserva> {
  const { tentativas, janelaMs } = LIMITES[limite];
  const [r] = linhas<{ n: number; janela_fim: string | Date }>(
    await db.execute(sql`
      INSERT INTO limite_tentativa AS t (chave, hotsite_id, n, janela_fim)
      VALUES (${chaveDe(limite, chave)}, ${hotsiteId}, 1, now() + make_interval(secs => ${janelaMs / 1000}))
      ON CONFLICT (chave) DO UPDATE
         SET n = CASE WHEN t.janela_fim <= now() THEN 1 ELSE t.n + 1 END,
             janela_fim = CASE WHEN t.janela_fim <= now() THEN excluded.janela_fim ELSE t.janela_fim END
      RETURNING t.n, t.janela_fim`),
  );
  const n = Number(r.n);
  return { n, permitida: n <= tentativas, janelaFim: new Date(r.janela_fim) };
}

/** Reserves an attempt or throws 429 with `mensagem` (the spec's text by default). */
export async function exigirTentativa(
  db: Db,
  alvo: { limite: NomeDoLimite; chave: string; hotsiteId?: number | null },
  mensagem: string = MENSAGEM_429,
): Promise<Reserva> {
  const r = await reservarTentativa(db, alvo);
  if (!r.permitida) throw new ErroHttp(429, mensagem);
  return r;
}

/** Gives one reserved attempt back (an attempt that turned out not to be a guess, or a success that does not count). */
export async function devolverTentativa(db: Db, { limite, chave }: { limite: NomeDoLimite; chave: string }) {
  await db.execute(sql`UPDATE limite_tentativa SET n = greatest(n - 1, 0) WHERE chave = ${chaveDe(limite, chave)}`);
}

/** Restarts a count (a successful login ends a run of failures; staff clearing a 2FA block). */
export async function zerarTentativas(db: Db, { limite, chave }: { limite: NomeDoLimite; chave: string }) {
  await db.execute(sql`DELETE FROM limite_tentativa WHERE chave = ${chaveDe(limite, chave)}`);
}

/** Drops counters whose window ended a day ago or more: they restart at 1 anyway (run by the closing job's timer). */
export async function limparTentativasVencidas(db: Db) {
  await db.execute(sql`DELETE FROM limite_tentativa WHERE janela_fim < now() - interval '1 day'`);
}

/** The login history ("Últimos acessos", staff's user screen): every attempt, kept apart from the counters. */
export async function registrarTentativa(
  db: Db,
  t: {
    hotsiteId: number;
    usuarioId?: number | null;
    email: string;
    ip: string;
    userAgent?: string | null;
    sucesso: boolean;
    motivo?: string;
  },
) {
  await db.insert(tentativaLogin).values({ ...t, userAgent: t.userAgent?.slice(0, 300) ?? null });
}
