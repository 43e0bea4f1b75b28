import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import type { Hub } from '~/realtime/hub.server';
import { comitente as textosComitente } from '~/locales/pt-BR/comitente';
import { OFERTAS_POR_PAGINA } from './ofertas';
import { comitentesDeUsuario, filtroComitentes, type Comitentes } from '~/modules/comitentes/usuarios-comitente.server';
import { responderCondicional } from '~/modules/lances/encerramento.server';
import { enfileirarEmail } from '~/modules/outbox/outbox.server';
import { prazoDaCondicional } from '~/modules/vendas/regras';
import { ErroHttp } from '~/utils/errors';
import { formatarDataHora, formatarMoeda } from '~/utils/format';
import { textoDaMarca } from '~/utils/i18n';
import { linhas, numeroOuNulo as num } from '~/utils/linhas.server';
import type { Logger } from '~/utils/logger.server';

/*
 * Conditional offers on the seller's side (#30): the lots of the reader's sellers waiting for an answer,
 * with the deadline (decision 126), the winning bid against the seller's value and the runner-up's best
 * bid; and the one-tap answer from the e-mail (decision 162). The answer itself is the one use case of
 * lances (responderCondicional): the page and the link both call it.
 *
 * The link: when a lot goes CONDICIONAL, each user tied to its seller gets one e-mail with three links
 * (Liberada, Recusada, Novo valor), all carrying the same random token; the row keeps only its SHA-256,
 * expires at the answer deadline and is spent by one atomic UPDATE (two taps: one answer).
 */

export interface OfertaCondicional {
  loteId: number;
  veiUid: string;
  numero: string;
  nome: string;
  leilao: string | null;
  comitente: string;
  lance: number;
  valorComitente: number | null;
  /** Bid / seller's value in basis points; null without a seller's value. */
  proporcao: number | null;
  segundo: number | null;
  prazo: string | null;
  /** The seller's counter-offer already sent, when there is one. */
  novoValor: number | null;
  quantidadeLances: number;
}

type Linha = Record<string, unknown>;
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

export { OFERTAS_POR_PAGINA };

/**
 * The reader's conditional lots waiting for an answer, the nearest deadline first: one page of them
 * (`pagina` from 1, `OFERTAS_POR_PAGINA` each) and how many wait in all. Each shown offer carries its
 * answer form, so the page renders 20 of them, not all of a seller's thousands (decision 277).
 */
export async function ofertasAguardando({
  db,
  hotsiteId,
  comitentes,
  pagina = 1,
  quantas = OFERTAS_POR_PAGINA,
}: {
  db: Db;
  hotsiteId: number;
  comitentes: Comitentes;
  pagina?: number;
  quantas?: number;
}): Promise<{ itens: OfertaCondicional[]; total: number }> {
  const filtro = sql`l.hotsite_id = ${hotsiteId} AND l.situacao = 'CONDICIONAL' AND l.comitente_id IS NOT NULL
           AND ${filtroComitentes(sql`l.comitente_id`, comitentes)}`;
  // The page's deadlines first, then their vehicles, auctions and runner-up: joining them before the
  // LIMIT hashed all the brand's vehicles and asked the runner-up of every waiting lot.
  const [pag, contagem] = await Promise.all([
    db.execute(sql`
      WITH pagina AS (
        SELECT l.id, l.hotsite_id, l.veiculo_id, l.leilao_id, l.comitente_id, l.numero, l.nome, l.ultimo_lance_valor, l.valor_comitente,
               l.ultimo_lance_usuario_id, l.quantidade_lances, coalesce(e.encerrado_em, l.data_fim) AS encerrado_em
          FROM lote l
          LEFT JOIN lote_encerramento e ON e.lote_id = l.id
         WHERE ${filtro}
         ORDER BY coalesce(e.encerrado_em, l.data_fim) ASC NULLS LAST, l.id
         LIMIT ${quantas} OFFSET ${(pagina - 1) * quantas})
      SELECT p.id, v.uid AS vei_uid, p.numero, p.nome, le.nome AS leilao_nome, c.nome_site, p.ultimo_lance_valor, p.valor_comitente,
             p.encerrado_em, p.quantidade_lances, ll.resposta_condicional,
             (SELECT max(x.valor) FROM lance x WHERE x.lote_id = p.id AND x.hotsite_id = p.hotsite_id
                 AND x.usuario_id <> p.ultimo_lance_usuario_id) AS segundo
        FROM pagina p
        JOIN veiculo v ON v.id = p.veiculo_id
        JOIN comitente c ON c.id = p.comitente_id AND c.hotsite_id = p.hotsite_id
        LEFT JOIN leilao le ON le.id = p.leilao_id AND le.hotsite_id = p.hotsite_id
        LEFT JOIN leilao_lote ll ON ll.lote_id = p.id AND ll.leilao_id = p.leilao_id
       ORDER BY p.encerrado_em ASC NULLS LAST, p.id`),
    db.execute(sql`SELECT count(*)::int AS n FROM lote l WHERE ${filtro}`),
  ]);
  const rs = linhas<Linha>(pag);
  const total = Number(linhas<{ n: number }>(contagem)[0]?.n ?? 0);
  const itens = rs.map((r): OfertaCondicional => {
    const lance = Number(r.ultimo_lance_valor ?? 0);
    const valorComitente = num(r.valor_comitente);
    const resposta = r.resposta_condicional
      ? (JSON.parse(String(r.resposta_condicional)) as { resposta: string; novoValor: number | null })
      : null;
    return {
      loteId: Number(r.id),
      veiUid: String(r.vei_uid),
      numero: String(r.numero),
      nome: String(r.nome),
      leilao: (r.leilao_nome as string | null) ?? null,
      comitente: String(r.nome_site),
      lance,
      valorComitente,
      proporcao: valorComitente ? Math.round((lance * 10000) / valorComitente) : null,
      segundo: num(r.segundo),
      prazo: r.encerrado_em ? prazoDaCondicional(new Date(r.encerrado_em as string)).toISOString() : null,
      novoValor: resposta?.resposta === 'Novo valor' ? resposta.novoValor : null,
      quantidadeLances: Number(r.quantidade_lances),
    };
  });
  return { itens, total };
}

/** The links of one e-mail: the same token, one answer each. */
export const linksDeResposta = (urlBase: string, token: string) => ({
  liberar: `${urlBase}/comitente/resposta/${token}?resposta=Liberada`,
  recusar: `${urlBase}/comitente/resposta/${token}?resposta=Recusada`,
  novoValor: `${urlBase}/comitente/resposta/${token}?resposta=Novo%20valor`,
  pagina: `${urlBase}/comitente/minha-pagina`,
});

/**
 * Tells the seller's users of each conditional lot not yet told: one link row and one e-mail per (lot,
 * user), in one transaction (the row's unique (lote_id, usuario_id) makes a second run, on this instance
 * or another, send nothing). Links come from the brand's own address (`urlBase`). Answers how many
 * e-mails it queued.
 */
export async function avisarComitentes({
  db,
  urlBase,
  limite = 100,
}: {
  db: Db;
  urlBase: (marca: { id: number; domain: string | null; subdomain: string | null }) => string;
  limite?: number;
}): Promise<number> {
  const pendentes = linhas<Linha>(
    await db.execute(sql`
      SELECT l.id AS lote_id, l.hotsite_id, l.numero, l.nome, l.ultimo_lance_valor, l.valor_comitente,
             coalesce(e.encerrado_em, l.data_fim, now()) AS encerrado_em, u.id AS usuario_id, u.email,
             h.domain, h.subdomain, h.tipo
        FROM lote l
        JOIN usuario_comitente uc ON uc.comitente_id = l.comitente_id AND uc.hotsite_id = l.hotsite_id
        JOIN usuario u ON u.id = uc.usuario_id
        JOIN hotsite h ON h.id = l.hotsite_id
        LEFT JOIN lote_encerramento e ON e.lote_id = l.id
       WHERE l.situacao = 'CONDICIONAL' AND l.ultimo_lance_valor IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM resposta_condicional_link k WHERE k.lote_id = l.id AND k.usuario_id = u.id)
       ORDER BY l.id
       LIMIT ${limite}`),
  );
  let enviados = 0;
  for (const p of pendentes) {
    const hotsiteId = Number(p.hotsite_id);
    const token = randomBytes(32).toString('base64url');
    const prazo = prazoDaCondicional(new Date(p.encerrado_em as string));
    // A deadline already past still gets a day: the seller may answer late until staff close the lot.
    const expiraEm = new Date(Math.max(prazo.getTime(), Date.now() + 86_400_000));
    const tipo = p.tipo === 'loja' ? 'loja' : 'leilao';
    const base = urlBase({ id: hotsiteId, domain: (p.domain as string | null) ?? null, subdomain: (p.subdomain as string | null) ?? null });
    const novo = await db.transaction(async (tx) => {
      const [k] = linhas<{ id: number }>(
        await tx.execute(sql`INSERT INTO resposta_condicional_link (hotsite_id, lote_id, usuario_id, token_hash, expira_em)
                             VALUES (${hotsiteId}, ${Number(p.lote_id)}, ${Number(p.usuario_id)}, ${sha(token)}, ${expiraEm.toISOString()})
                             ON CONFLICT (lote_id, usuario_id) DO NOTHING RETURNING id`),
      );
      if (!k) return false;
      const links = linksDeResposta(base, token);
      const t = (chave: string, opcoes: Record<string, unknown> = {}) => textoDaMarca(tipo, chave, opcoes, textosComitente);
      const opcoes = {
        numero: p.numero,
        nome: p.nome,
        lance: formatarMoeda(Number(p.ultimo_lance_valor)),
        valorComitente: p.valor_comitente == null ? '—' : formatarMoeda(Number(p.valor_comitente)),
        prazo: formatarDataHora(prazo.toISOString()),
      };
      await enfileirarEmail({
        db: tx,
        hotsiteId,
        para: String(p.email),
        assunto: t('email_comitente.assunto', opcoes),
        texto: [
          t('email_comitente.corpo', opcoes),
          '',
          `${t('email_comitente.liberar')}: ${links.liberar}`,
          `${t('email_comitente.recusar')}: ${links.recusar}`,
          `${t('email_comitente.novo_valor')}: ${links.novoValor}`,
          '',
          t('email_comitente.ou_pagina', { url: links.pagina }),
        ].join('\n'),
      });
      return true;
    });
    if (novo) enviados++;
  }
  return enviados;
}

/** Started by server.ts beside the closing job: tells sellers of new conditional lots every `intervaloMs`. */
export function iniciarAvisoAosComitentes({
  db,
  logger,
  urlBase,
  intervaloMs = 5_000,
}: {
  db: Db;
  logger: Logger;
  urlBase: (marca: { id: number; domain: string | null; subdomain: string | null }) => string;
  intervaloMs?: number;
}) {
  let parado = false;
  let rodando: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (parado || rodando) return;
    rodando = avisarComitentes({ db, urlBase })
      .catch((erro) => {
        if (!parado) logger.warn({ err: erro }, 'falha ao avisar comitentes de condicionais');
      })
      .finally(() => (rodando = null));
  }, intervaloMs);
  timer.unref();
  return {
    async parar() {
      parado = true;
      clearInterval(timer);
      await rodando;
    },
  };
}

export const MENSAGENS_LINK = {
  invalido: textosComitente.resposta_link.invalido,
  usado: textosComitente.resposta_link.usado,
  expirado: textosComitente.resposta_link.expirado,
} as const;

/** A token as the e-mail carries it: 43 base64url characters (anything else is not ours). */
export const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, MENSAGENS_LINK.invalido);

/** What the link's page shows before the tap: the lot and the offer, when the link is still good. */
export async function lerLinkDeResposta({ db, hotsiteId, token }: { db: Db; hotsiteId: number; token: string }) {
  const t = tokenSchema.safeParse(token);
  if (!t.success) throw new ErroHttp(404, MENSAGENS_LINK.invalido);
  const [k] = linhas<Linha>(
    await db.execute(sql`
      SELECT k.usado_em, k.expira_em < now() AS expirado, k.resposta, l.id AS lote_id, l.numero, l.nome, l.situacao,
             l.ultimo_lance_valor, l.valor_comitente
        FROM resposta_condicional_link k JOIN lote l ON l.id = k.lote_id AND l.hotsite_id = k.hotsite_id
       WHERE k.token_hash = ${sha(t.data)} AND k.hotsite_id = ${hotsiteId}`),
  );
  if (!k) throw new ErroHttp(404, MENSAGENS_LINK.invalido);
  return {
    loteId: Number(k.lote_id),
    numero: String(k.numero),
    nome: String(k.nome),
    situacao: String(k.situacao),
    lance: num(k.ultimo_lance_valor),
    valorComitente: num(k.valor_comitente),
    usado: k.usado_em != null,
    resposta: (k.resposta as string | null) ?? null,
    expirado: Boolean(k.expirado),
  };
}

/**
 * The tap: spends the link (one UPDATE that only an unspent, unexpired link of this brand passes, so two
 * taps at once give one answer) and answers as the link's user, for the sellers that user is tied to.
 * An answer refused for a reason the seller can fix (a bad value) gives the link back; one refused
 * because the lot no longer waits leaves it spent.
 */
export async function responderPeloLink({
  db,
  hub,
  hotsiteId,
  token,
  entrada,
}: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  token: string;
  entrada: unknown;
}) {
  const t = tokenSchema.safeParse(token);
  if (!t.success) throw new ErroHttp(404, MENSAGENS_LINK.invalido);
  const hash = sha(t.data);
  const resposta = z.object({ resposta: z.string().max(20) }).safeParse(entrada);
  const [k] = linhas<Linha>(
    await db.execute(sql`
      UPDATE resposta_condicional_link SET usado_em = now(), resposta = ${resposta.success ? resposta.data.resposta : null}
       WHERE token_hash = ${hash} AND hotsite_id = ${hotsiteId} AND usado_em IS NULL AND expira_em > now()
       RETURNING id, lote_id, usuario_id`),
  );
  if (!k) {
    const [v] = linhas<Linha>(
      await db.execute(sql`SELECT usado_em FROM resposta_condicional_link WHERE token_hash = ${hash} AND hotsite_id = ${hotsiteId}`),
    );
    if (!v) throw new ErroHttp(404, MENSAGENS_LINK.invalido);
    throw v.usado_em ? new ErroHttp(409, MENSAGENS_LINK.usado) : new ErroHttp(410, MENSAGENS_LINK.expirado);
  }
  const usuarioId = Number(k.usuario_id);
  const [u] = linhas<{ nome: string }>(await db.execute(sql`SELECT nome FROM usuario WHERE id = ${usuarioId}`));
  const comitentes = (await comitentesDeUsuario({ db, hotsiteId, usuarioId })).map((c) => c.id);
  try {
    return await responderCondicional({
      db,
      hub,
      hotsiteId,
      loteId: Number(k.lote_id),
      entrada,
      comitentes,
      respondidoPor: u?.nome ?? null,
    });
  } catch (erro) {
    const status = erro instanceof ErroHttp ? erro.status : erro instanceof z.ZodError ? 400 : 500;
    if (status !== 409)
      await db.execute(sql`UPDATE resposta_condicional_link SET usado_em = NULL, resposta = NULL WHERE id = ${Number(k.id)}`);
    throw erro;
  }
}
