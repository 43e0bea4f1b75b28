import { randomBytes } from 'node:crypto';
import { sql, type Placeholder, type SQLWrapper } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '@db/client.server';
import { cpfValido, formatarCpf, soDigitos } from '~/modules/dominio/documentos-br';
import { enfileirarEmail } from '~/modules/outbox/outbox.server';
import { ErroHttp } from '~/utils/errors';
import type { Hub } from '~/realtime/hub.server';
import { linhas } from '~/utils/linhas.server';
import { avisarListaDeLeiloes } from './tempo-real.server';

/**
 * Exclusive events (issue #32): a private auction (`leilao.privado`) is seen and bid in only by its
 * guests. Staff invite by e-mail or CPF; the invitation's hash, sent by e-mail through the outbox, opens
 * the answer page, where the logged-in client whose e-mail or CPF matches accepts or declines it. An
 * accepted invitation binds the login (`usuario_id`): that is what every gate asks (decision 186).
 */
export const MENSAGENS_EVENTO = {
  convidado: 'Convite enviado',
  jaConvidado: 'Este convidado já foi convidado para este leilão',
  leilaoNaoEncontrado: 'Leilão não encontrado',
  emailOuCpf: 'Informe um e-mail ou CPF válido',
  conviteNaoEncontrado: 'Convite não encontrado',
  conviteDeOutro: 'Este convite foi enviado para outra pessoa',
  jaRespondido: 'Este convite já foi respondido',
  aceito: 'Convite aceito: o leilão exclusivo já aparece para você',
  recusado: 'Convite recusado',
  privadoAtualizado: 'Leilão atualizado',
} as const;

export const conviteSchema = z.object({
  leilaoId: z.coerce
    .number({ error: MENSAGENS_EVENTO.leilaoNaoEncontrado })
    .int()
    .positive(MENSAGENS_EVENTO.leilaoNaoEncontrado)
    .max(2_147_483_647, MENSAGENS_EVENTO.leilaoNaoEncontrado),
  destino: z
    .string({ error: MENSAGENS_EVENTO.emailOuCpf })
    .trim()
    .min(3, MENSAGENS_EVENTO.emailOuCpf)
    .max(200, MENSAGENS_EVENTO.emailOuCpf),
});

/** An e-mail or a CPF, as staff type it: which kind, and its stored form (lower-case e-mail, CPF digits). */
export function lerDestino(destino: string): { tipo: 'email'; email: string } | { tipo: 'cpf'; cpf: string } | null {
  const t = destino.trim();
  if (t.includes('@')) {
    const r = z.email().safeParse(t.toLowerCase());
    return r.success ? { tipo: 'email', email: r.data } : null;
  }
  return cpfValido(t) ? { tipo: 'cpf', cpf: soDigitos(t) } : null;
}

/**
 * SQL: the lots or auctions of `leilaoId` are visible to this login (public auction, or an accepted guest).
 * `usuarioId` may be a placeholder (a prepared statement's login, filled per call).
 */
export function leilaoVisivelPara(leilaoId: SQLWrapper | number, usuarioId: number | Placeholder | null) {
  const convidado =
    usuarioId == null
      ? sql`false`
      : sql`EXISTS (SELECT 1 FROM leilao_convidado lc WHERE lc.leilao_id = lp.id AND lc.usuario_id = ${usuarioId} AND lc.resposta = 'Aceito')`;
  return sql`NOT EXISTS (SELECT 1 FROM leilao lp WHERE lp.id = ${leilaoId} AND lp.privado AND NOT (${convidado}))`;
}

/** The private auctions this login is an accepted guest of (ids), on this brand. */
export async function leiloesDoConvidado({ db, hotsiteId, usuarioId }: { db: Db; hotsiteId: number; usuarioId: number | null }) {
  if (usuarioId == null) return [];
  const rs = linhas<{ leilao_id: number }>(
    await db.execute(sql`SELECT lc.leilao_id FROM leilao_convidado lc JOIN leilao l ON l.id = lc.leilao_id AND l.privado
                          WHERE lc.hotsite_id = ${hotsiteId} AND lc.usuario_id = ${usuarioId} AND lc.resposta = 'Aceito'`),
  );
  return rs.map((r) => Number(r.leilao_id));
}

/**
 * May this login see (and join the rooms of) this auction, given by id or uid, or the auction of the lot
 * given by its vehicle's uid (the vehicle's newest lot)? Fails closed: an auction, or a lot, this brand does
 * not have is not seen, so its room answers "not found" as a private one does. A lot with no auction (a
 * direct sale) is public.
 */
export async function podeVerLeilao({
  db,
  hotsiteId,
  usuarioId,
  leilao,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number | null;
  leilao: { id: number } | { uid: string } | { veiUid: string };
}) {
  const convidado =
    usuarioId == null
      ? sql`false`
      : sql`EXISTS (SELECT 1 FROM leilao_convidado lc WHERE lc.leilao_id = l.id AND lc.usuario_id = ${usuarioId} AND lc.resposta = 'Aceito')`;
  // One row when the brand has the auction (or the lot): its privacy, null for a lot with no auction.
  const consulta =
    'veiUid' in leilao
      ? sql`SELECT l.privado, ${convidado} AS convidado
              FROM lote lo JOIN veiculo v ON v.id = lo.veiculo_id
              LEFT JOIN leilao l ON l.id = lo.leilao_id AND l.hotsite_id = lo.hotsite_id
             WHERE v.uid::text = ${leilao.veiUid} AND lo.hotsite_id = ${hotsiteId}
             ORDER BY lo.id DESC LIMIT 1`
      : sql`SELECT l.privado, ${convidado} AS convidado FROM leilao l
             WHERE l.hotsite_id = ${hotsiteId} AND ${'id' in leilao ? sql`l.id = ${leilao.id}` : sql`l.uid::text = ${leilao.uid}`}`;
  const [r] = linhas<{ privado: boolean | null; convidado: boolean }>(await db.execute(consulta));
  if (!r) return false;
  return !r.privado || r.convidado;
}

const novoHash = () => randomBytes(24).toString('base64url');

/** Staff invite a guest to an auction (by e-mail or CPF); the e-mail (when known) carries the answer link. */
export async function convidar({
  db,
  hotsiteId,
  entrada,
  autor,
  urlBase,
  nomeMarca,
}: {
  db: Db;
  hotsiteId: number;
  entrada: unknown;
  autor: { id: number; nome: string };
  urlBase: string;
  nomeMarca: string;
}) {
  const e = conviteSchema.parse(entrada);
  const destino = lerDestino(e.destino);
  if (!destino) throw new ErroHttp(400, MENSAGENS_EVENTO.emailOuCpf, { destino: [MENSAGENS_EVENTO.emailOuCpf] });
  return db.transaction(async (tx) => {
    const [le] = linhas<{ id: number; nome: string }>(
      await tx.execute(sql`SELECT id, nome FROM leilao WHERE id = ${e.leilaoId} AND hotsite_id = ${hotsiteId}`),
    );
    if (!le) throw new ErroHttp(404, MENSAGENS_EVENTO.leilaoNaoEncontrado);
    // A CPF invitation reaches the client registered with it on this brand, when there is one.
    const email =
      destino.tipo === 'email'
        ? destino.email
        : (linhas<{ email: string }>(
            await tx.execute(
              sql`SELECT email FROM cliente WHERE hotsite_id = ${hotsiteId} AND regexp_replace(coalesce(cpf, ''), '\\D', '', 'g') = ${destino.cpf} LIMIT 1`,
            ),
          )[0]?.email ?? null);
    const hash = novoHash();
    const [novo] = linhas<{ id: number; uid: string }>(
      await tx.execute(sql`INSERT INTO leilao_convidado (hotsite_id, leilao_id, tipo, email, cpf, hash, convidado_por_id, convidado_por)
                           VALUES (${hotsiteId}, ${le.id}, ${destino.tipo}, ${destino.tipo === 'email' ? destino.email : null},
                                   ${destino.tipo === 'cpf' ? destino.cpf : null}, ${hash}, ${autor.id}, ${autor.nome})
                           ON CONFLICT DO NOTHING RETURNING id, uid`),
    );
    if (!novo) throw new ErroHttp(409, MENSAGENS_EVENTO.jaConvidado, { destino: [MENSAGENS_EVENTO.jaConvidado] });
    if (email) await avisarConvidado(tx, { hotsiteId, para: email, hash, leilaoNome: le.nome, urlBase, nomeMarca });
    return { uid: novo.uid, hash, mensagem: MENSAGENS_EVENTO.convidado };
  });
}

async function avisarConvidado(
  tx: Tx,
  a: { hotsiteId: number; para: string; hash: string; leilaoNome: string; urlBase: string; nomeMarca: string },
) {
  const link = `${a.urlBase}/eventos/convite/${a.hash}`;
  await enfileirarEmail({
    db: tx,
    hotsiteId: a.hotsiteId,
    para: a.para,
    assunto: `Convite para o evento exclusivo ${a.leilaoNome}`,
    texto: `Você foi convidado pela ${a.nomeMarca} para o evento exclusivo "${a.leilaoNome}".\n\nResponda ao convite: ${link}\n\nO evento aparece para você depois de aceitar, com o login do seu cadastro.`,
  });
}

export const respostaSchema = z.object({
  resposta: z.enum(['Aceito', 'Recusado'], 'Resposta deve ser aceitar ou recusar'),
});

const hashSchema = z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, MENSAGENS_EVENTO.conviteNaoEncontrado);

/** The invitation behind a hash, for its answer page (the auction's name and date, the answer so far). */
export async function conviteDoHash({ db, hotsiteId, hash }: { db: Db; hotsiteId: number; hash: string }) {
  const h = hashSchema.safeParse(hash);
  if (!h.success) return null;
  const [c] = linhas<{
    uid: string;
    resposta: string;
    leilao_id: number;
    leilao_uid: string;
    leilao_nome: string;
    data: Date;
    tipo: string;
  }>(
    await db.execute(sql`SELECT lc.uid, lc.resposta, lc.tipo, l.id AS leilao_id, l.uid AS leilao_uid, l.nome AS leilao_nome, l.data
                           FROM leilao_convidado lc JOIN leilao l ON l.id = lc.leilao_id
                          WHERE lc.hash = ${h.data} AND lc.hotsite_id = ${hotsiteId}`),
  );
  return c
    ? {
        uid: c.uid,
        resposta: c.resposta,
        tipo: c.tipo,
        leilao: { id: Number(c.leilao_id), uid: c.leilao_uid, nome: c.leilao_nome, data: new Date(c.data) },
      }
    : null;
}

/**
 * The invitee answers. Only the login whose e-mail (or, for a CPF invitation, whose client's CPF) is
 * the invitation's may: a forwarded link lets nobody else in. The first answer stands.
 */
export async function responderConvite({
  db,
  hotsiteId,
  hash,
  usuarioId,
  entrada,
}: {
  db: Db;
  hotsiteId: number;
  hash: string;
  usuarioId: number;
  entrada: unknown;
}) {
  const { resposta } = respostaSchema.parse(entrada);
  const h = hashSchema.safeParse(hash);
  if (!h.success) throw new ErroHttp(404, MENSAGENS_EVENTO.conviteNaoEncontrado);
  return db.transaction(async (tx) => {
    const [c] = linhas<{ id: number; tipo: string; email: string | null; cpf: string | null; resposta: string }>(
      await tx.execute(
        sql`SELECT id, tipo, email, cpf, resposta FROM leilao_convidado WHERE hash = ${h.data} AND hotsite_id = ${hotsiteId} FOR UPDATE`,
      ),
    );
    if (!c) throw new ErroHttp(404, MENSAGENS_EVENTO.conviteNaoEncontrado);
    const [u] = linhas<{ email: string; cpf: string | null }>(
      await tx.execute(sql`SELECT u.email, c.cpf FROM usuario u LEFT JOIN cliente c ON c.usuario_id = u.id AND c.hotsite_id = ${hotsiteId}
                            WHERE u.id = ${usuarioId} AND (u.hotsite_id = ${hotsiteId} OR u.hotsite_id IS NULL)`),
    );
    const dele = !!u && (c.tipo === 'email' ? u.email.toLowerCase() === c.email : !!u.cpf && soDigitos(u.cpf) === c.cpf);
    if (!dele) throw new ErroHttp(403, MENSAGENS_EVENTO.conviteDeOutro);
    if (c.resposta !== 'Pendente') throw new ErroHttp(409, MENSAGENS_EVENTO.jaRespondido);
    await tx.execute(
      sql`UPDATE leilao_convidado SET resposta = ${resposta}, respondido_em = now(), usuario_id = ${usuarioId} WHERE id = ${c.id}`,
    );
    return { resposta, mensagem: resposta === 'Aceito' ? MENSAGENS_EVENTO.aceito : MENSAGENS_EVENTO.recusado };
  });
}

export interface ConvidadoDaLista {
  uid: string;
  tipo: string;
  destino: string;
  hash: string;
  resposta: string;
  respondidoEm: Date | null;
  convidadoEm: Date;
  convidadoPor: string;
  clienteNome: string | null;
}

/** The guests of an auction (staff): invited by whom and when, the answer and who answered. */
export async function listarConvidados({ db, hotsiteId, leilaoId }: { db: Db; hotsiteId: number; leilaoId: number }) {
  const rs = linhas<{
    uid: string;
    tipo: string;
    email: string | null;
    cpf: string | null;
    hash: string;
    resposta: string;
    respondido_em: Date | null;
    convidado_em: Date;
    convidado_por: string;
    cliente_nome: string | null;
  }>(
    await db.execute(sql`SELECT lc.uid, lc.tipo, lc.email, lc.cpf, lc.hash, lc.resposta, lc.respondido_em, lc.convidado_em, lc.convidado_por,
                                u.nome AS cliente_nome
                           FROM leilao_convidado lc LEFT JOIN usuario u ON u.id = lc.usuario_id
                          WHERE lc.hotsite_id = ${hotsiteId} AND lc.leilao_id = ${leilaoId} ORDER BY lc.convidado_em DESC, lc.id DESC`),
  );
  return rs.map((r): ConvidadoDaLista => ({
    uid: r.uid,
    tipo: r.tipo,
    destino: r.tipo === 'email' ? (r.email ?? '') : formatarCpf(r.cpf ?? ''),
    hash: r.hash,
    resposta: r.resposta,
    respondidoEm: r.respondido_em ? new Date(r.respondido_em) : null,
    convidadoEm: new Date(r.convidado_em),
    convidadoPor: r.convidado_por,
    clienteNome: r.cliente_nome,
  }));
}

/** The brand's auctions for the guests' screen's picker, private ones first. */
export async function leiloesParaEventos({ db, hotsiteId }: { db: Db; hotsiteId: number }) {
  return linhas<{ id: number; uid: string; nome: string; privado: boolean; data: Date; convidados: number }>(
    await db.execute(sql`SELECT l.id, l.uid, l.nome, l.privado, l.data,
                                (SELECT count(*)::int FROM leilao_convidado lc WHERE lc.leilao_id = l.id) AS convidados
                           FROM leilao l WHERE l.hotsite_id = ${hotsiteId}
                          ORDER BY l.privado DESC, l.data DESC LIMIT 200`),
  ).map((r) => ({ ...r, id: Number(r.id), data: new Date(r.data), convidados: Number(r.convidados) }));
}

export const privadoSchema = z.object({
  leilaoId: conviteSchema.shape.leilaoId,
  privado: z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean()),
});

/** Staff make an auction an exclusive event (or public again). Its lots leave (or join) the lists at once. */
export async function definirPrivado({ db, hub, hotsiteId, entrada }: { db: Db; hub?: Hub; hotsiteId: number; entrada: unknown }) {
  const e = privadoSchema.parse(entrada);
  const [r] = linhas<{ antes: boolean }>(
    await db.execute(sql`UPDATE leilao l SET privado = ${e.privado}, updated_at = now()
                           FROM (SELECT id, privado AS antes FROM leilao WHERE id = ${e.leilaoId} AND hotsite_id = ${hotsiteId} FOR UPDATE) o
                          WHERE l.id = o.id RETURNING o.antes`),
  );
  if (!r) throw new ErroHttp(404, MENSAGENS_EVENTO.leilaoNaoEncontrado);
  // Only a change of side is told to the site room; saving an exclusive event again reaches its guests only.
  await avisarListaDeLeiloes({ db, hub, hotsiteId, leilaoId: e.leilaoId, motivo: r.antes === e.privado ? 'alterado' : 'privado' });
  return { mensagem: MENSAGENS_EVENTO.privadoAtualizado };
}
