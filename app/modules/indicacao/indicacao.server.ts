import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '@db/client.server';
import { enfileirarEmail } from '~/modules/outbox/outbox.server';
import { formatarMoeda } from '~/utils/format';
import { linhas } from '~/utils/linhas.server';

/**
 * Referral, "indique e ganhe" (issue #32). Each client has a code and a link (/cadastro?indicacao=CODE);
 * a friend who signs up through it is tied to them, once and never to themselves (not the same login,
 * not the same CPF). When the friend's first purchase is paid (their sale closes), the referrer earns
 * the brand's reward in centavos, written once in that transaction: the UPDATE that writes it asks for
 * `recompensada_em IS NULL` under the row's lock, so two sales closing at once reward once (decision 188).
 */
export const codigoIndicacaoSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{6,12}$/, 'Código de indicação inválido');

// No 0/O or 1/I: a code read aloud or typed from a screenshot comes out right.
const ALFABETO = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const novoCodigo = () =>
  Array.from(randomBytes(8))
    .map((b) => ALFABETO[b % ALFABETO.length])
    .join('');

/** The client's code on this brand, made on first use (a clash with another's retries with a new one). */
export async function codigoDoCliente({ db, hotsiteId, usuarioId }: { db: Db; hotsiteId: number; usuarioId: number }) {
  for (let tentativa = 0; tentativa < 5; tentativa++) {
    const [r] = linhas<{ codigo: string }>(
      await db.execute(sql`WITH novo AS (
                             INSERT INTO indicacao_codigo (usuario_id, hotsite_id, codigo) VALUES (${usuarioId}, ${hotsiteId}, ${novoCodigo()})
                             ON CONFLICT DO NOTHING RETURNING codigo)
                           SELECT codigo FROM novo
                           UNION ALL SELECT codigo FROM indicacao_codigo WHERE usuario_id = ${usuarioId} AND hotsite_id = ${hotsiteId}`),
    );
    if (r) return r.codigo;
  }
  throw new Error('não foi possível gerar um código de indicação');
}

export type SituacaoDoIndicado = 'cadastrado' | 'habilitado' | 'primeira-compra';

/** /cliente/indique-ganhe: the code, the reward the brand offers, the friends and their state, the credit earned. */
export async function painelDeIndicacao({ db, hotsiteId, usuarioId }: { db: Db; hotsiteId: number; usuarioId: number }) {
  const codigo = await codigoDoCliente({ db, hotsiteId, usuarioId });
  const [marca] = linhas<{ indicacao_recompensa: number }>(
    await db.execute(sql`SELECT indicacao_recompensa FROM hotsite WHERE id = ${hotsiteId}`),
  );
  const amigos = linhas<{ nome: string; created_at: Date; habilitado: boolean; recompensa: number | null; recompensada_em: Date | null }>(
    await db.execute(sql`SELECT u.nome, i.created_at, i.recompensa, i.recompensada_em,
                                EXISTS (SELECT 1 FROM habilitacao h WHERE h.usuario_id = u.id AND h.hotsite_id = ${hotsiteId} AND h.situacao = 'Habilitado') AS habilitado
                           FROM indicacao i JOIN usuario u ON u.id = i.indicado_id
                          WHERE i.hotsite_id = ${hotsiteId} AND i.indicador_id = ${usuarioId}
                          ORDER BY i.id DESC LIMIT 500`),
  ).map((a) => ({
    // The friend's first name only: the referrer knows who they are; the page shows no more.
    nome: a.nome.trim().split(/\s+/)[0] ?? '',
    desde: new Date(a.created_at),
    situacao: (a.recompensada_em ? 'primeira-compra' : a.habilitado ? 'habilitado' : 'cadastrado') as SituacaoDoIndicado,
    recompensa: a.recompensa == null ? null : Number(a.recompensa),
  }));
  return {
    codigo,
    recompensa: Number(marca?.indicacao_recompensa ?? 0),
    amigos,
    creditoTotal: amigos.reduce((s, a) => s + (a.recompensa ?? 0), 0),
  };
}

/**
 * At sign-up: ties the new client to the owner of the code. Answers whether it did: an unknown code,
 * the same person (login or CPF) or a friend already referred ties nothing, and the sign-up goes on.
 */
export async function registrarIndicacao({
  db,
  hotsiteId,
  codigo,
  indicadoId,
}: {
  db: Db | Tx;
  hotsiteId: number;
  codigo: unknown;
  indicadoId: number;
}): Promise<boolean> {
  const c = codigoIndicacaoSchema.safeParse(codigo);
  if (!c.success) return false;
  const rs = linhas(
    await db.execute(sql`INSERT INTO indicacao (hotsite_id, indicador_id, indicado_id)
                         SELECT ${hotsiteId}, ic.usuario_id, ${indicadoId} FROM indicacao_codigo ic
                          WHERE ic.hotsite_id = ${hotsiteId} AND ic.codigo = ${c.data} AND ic.usuario_id <> ${indicadoId}
                            AND NOT ${mesmoCpf(sql`ic.usuario_id`, sql`${indicadoId}`, hotsiteId)}
                         ON CONFLICT DO NOTHING RETURNING id`),
  );
  return rs.length > 0;
}

/** SQL: the two logins' clients on this brand carry the same CPF (digits). */
const mesmoCpf = (a: ReturnType<typeof sql>, b: ReturnType<typeof sql>, hotsiteId: number) =>
  sql`EXISTS (SELECT 1 FROM cliente ca JOIN cliente cb ON cb.hotsite_id = ca.hotsite_id
               WHERE ca.hotsite_id = ${hotsiteId} AND ca.usuario_id = ${a} AND cb.usuario_id = ${b}
                 AND ca.cpf IS NOT NULL AND regexp_replace(ca.cpf, '\\D', '', 'g') = regexp_replace(coalesce(cb.cpf, ''), '\\D', '', 'g'))`;

/**
 * A sale has just closed as paid (called in the sale's own transaction). If the buyer
 * was referred and no reward was written yet, the brand's reward is written now, tied to this sale.
 * Answers the reward written (centavos) and who earned it, or null; the referrer is e-mailed through the
 * outbox. The CPF rule is asked again: a profile edited since the sign-up earns nothing. The sales module
 * then takes the credit off the referrer's open commission (decision 215).
 */
export async function recompensarPrimeiraCompra(tx: Tx, { hotsiteId, vendaId }: { hotsiteId: number; vendaId: number }) {
  const [r] = linhas<{ recompensa: number; indicador_id: number; email: string; amigo: string }>(
    await tx.execute(sql`WITH r AS (
                           UPDATE indicacao i SET recompensa = h.indicacao_recompensa, recompensada_em = now(), venda_id = ${vendaId}
                             FROM hotsite h
                            WHERE h.id = i.hotsite_id AND i.hotsite_id = ${hotsiteId}
                              AND i.indicado_id = (SELECT v.usuario_id FROM venda v WHERE v.id = ${vendaId} AND v.hotsite_id = ${hotsiteId})
                              AND i.recompensada_em IS NULL AND h.indicacao_recompensa > 0
                              AND NOT ${mesmoCpf(sql`i.indicador_id`, sql`i.indicado_id`, hotsiteId)}
                           RETURNING i.recompensa, i.indicador_id, i.indicado_id)
                         SELECT r.recompensa, r.indicador_id, u.email, a.nome AS amigo FROM r JOIN usuario u ON u.id = r.indicador_id JOIN usuario a ON a.id = r.indicado_id`),
  );
  if (!r) return null;
  const valor = formatarMoeda(Number(r.recompensa));
  // Told in the same transaction: the e-mail goes if and only if the credit was written.
  await enfileirarEmail({
    db: tx,
    hotsiteId,
    para: r.email,
    assunto: `Você ganhou ${valor} no Indique e ganhe`,
    texto: `${r.amigo.trim().split(/\s+/)[0]}, que se cadastrou pelo seu link, teve a primeira compra paga. Você ganhou ${valor} de crédito na comissão.`,
  });
  return { valor: Number(r.recompensa), indicadorId: Number(r.indicador_id) };
}

/** The referral link a client shares: the brand's own sign-up page with their code. */
export const linkDeIndicacao = (urlBase: string, codigo: string) => `${urlBase}/cadastro?indicacao=${encodeURIComponent(codigo)}`;
