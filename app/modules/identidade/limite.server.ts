import { and, count, eq, gt, max } from 'drizzle-orm';
import type { Db } from '../../../db/client.server';
import { tentativaLogin } from '../../../db/schema';
import { ErroHttp } from '~/utils/errors';

/** Spec error catalogue, HTTP 429. */
export const MENSAGEM_429 = 'Bloqueado - Aguarde algumas horas para enviar novamente';

/**
 * Failed logins counted over a sliding window: an IP may fail 20 times an hour (a shared office NAT),
 * an account 5 times in a row (guessing one person's password).
 */
export const LIMITES = { janelaMs: 60 * 60 * 1000, porIp: 20, porConta: 5 };

export async function verificarLimite({ db, ip, email }: { db: Db; ip: string; email: string }) {
  const desde = new Date(Date.now() - LIMITES.janelaMs);
  const [ultimoSucesso] = await db
    .select({ em: max(tentativaLogin.createdAt) })
    .from(tentativaLogin)
    .where(and(eq(tentativaLogin.email, email), eq(tentativaLogin.sucesso, true), gt(tentativaLogin.createdAt, desde)));
  // The account count restarts at the owner's last successful login: only a run of failures locks it.
  const desdeConta = ultimoSucesso?.em && ultimoSucesso.em > desde ? ultimoSucesso.em : desde;
  const [[porIp], [porConta]] = await Promise.all([
    db
      .select({ n: count() })
      .from(tentativaLogin)
      .where(and(eq(tentativaLogin.ip, ip), eq(tentativaLogin.sucesso, false), gt(tentativaLogin.createdAt, desde))),
    db
      .select({ n: count() })
      .from(tentativaLogin)
      .where(and(eq(tentativaLogin.email, email), eq(tentativaLogin.sucesso, false), gt(tentativaLogin.createdAt, desdeConta))),
  ]);
  if (porIp.n >= LIMITES.porIp || porConta.n >= LIMITES.porConta) throw new ErroHttp(429, MENSAGEM_429);
}

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
