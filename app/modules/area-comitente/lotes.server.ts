import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { SITUACOES_LOTE } from '@db/schema/enums-catalogo';
import { nomeSemData } from '~/modules/catalogo/regras';
import { filtroComitentes, type Comitentes } from '~/modules/comitentes/usuarios-comitente.server';
import { ErroHttp } from '~/utils/errors';
import { linhas, numeroOuNulo as num } from '~/utils/linhas.server';

/*
 * A seller's lots (#30: /comitente/minha-pagina, POST /v2/lote/busca-elastic-comitente): the lots of the
 * sellers the reader answers for (comitentesDoUsuario), by auction and situation, each with the public
 * part every bidder sees and the seller's own private fields (informacoesPrivadas: the seller's value,
 * plate, chassis, FIPE, internal note). Another seller's or brand's lot is never read: every query filters
 * by hotsiteId and by the reader's sellers.
 */

export const MENSAGENS_LOTES_COMITENTE = {
  leilao: 'Leilão não encontrado',
  situacao: 'Situação inválida',
  pagina: 'Página inválida',
} as const;

const vazio = (v: unknown) => (v === '' || v == null ? undefined : v);

/** The page's and the API's filter: auction (uid), situation, page. */
export const consultaLotesComitente = z.object({
  leilao: z.preprocess(vazio, z.uuid({ error: MENSAGENS_LOTES_COMITENTE.leilao }).optional()),
  situacao: z.preprocess(vazio, z.enum(SITUACOES_LOTE, MENSAGENS_LOTES_COMITENTE.situacao).optional()),
  pagina: z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,5}$/.test(v) ? Number(v) : vazio(v)),
    z.number({ error: MENSAGENS_LOTES_COMITENTE.pagina }).int(MENSAGENS_LOTES_COMITENTE.pagina).min(1).max(10_000).default(1),
  ),
});

/** The API's body (the spec's busca-elastic paging: from, size), with the same filters. */
export const buscaComitenteSchema = z.object({
  from: z.number({ error: 'from deve ser um inteiro' }).int('from deve ser um inteiro').min(0).max(1_000_000).default(0),
  size: z.number({ error: 'size deve ser um inteiro' }).int('size deve ser um inteiro').min(1).max(100).default(20),
  leilaoUid: z.uuid({ error: MENSAGENS_LOTES_COMITENTE.leilao }).optional(),
  situacao: z.enum(SITUACOES_LOTE, MENSAGENS_LOTES_COMITENTE.situacao).optional(),
});

export interface LoteDoComitente {
  id: number;
  uid: string;
  veiUid: string;
  numero: string;
  nome: string;
  situacao: string;
  leilao: { uid: string; nome: string; data: string } | null;
  comitente: { id: number; nome: string };
  minimo: number;
  lance: number | null;
  quantidadeLances: number;
  dataFim: string | null;
  sequencia: number;
}

export interface InformacoesPrivadas {
  valorComitente: number | null;
  placa: string | null;
  chassi: string | null;
  renavam: string | null;
  fipeValor: number | null;
  valorMercado: number | null;
  observacaoInterna: string | null;
  documentosRecebidosEm: string | null;
}

type Linha = Record<string, unknown>;
const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

function comoLote(r: Linha): { lote: LoteDoComitente; informacoesPrivadas: InformacoesPrivadas } {
  return {
    lote: {
      id: Number(r.id),
      uid: String(r.uid),
      veiUid: String(r.vei_uid),
      numero: String(r.numero),
      nome: String(r.nome),
      situacao: String(r.situacao),
      leilao: r.leilao_uid ? { uid: String(r.leilao_uid), nome: nomeSemData(String(r.leilao_nome)), data: iso(r.leilao_data)! } : null,
      comitente: { id: Number(r.comitente_id), nome: String(r.comitente_nome) },
      minimo: Number(r.minimo),
      lance: num(r.ultimo_lance_valor),
      quantidadeLances: Number(r.quantidade_lances),
      dataFim: iso(r.data_fim),
      sequencia: Number(r.sequencia),
    },
    informacoesPrivadas: {
      valorComitente: num(r.valor_comitente),
      placa: (r.placa as string | null) ?? null,
      chassi: (r.chassi as string | null) ?? null,
      renavam: (r.renavam as string | null) ?? null,
      fipeValor: num(r.fipe_valor),
      valorMercado: num(r.valor_mercado),
      observacaoInterna: (r.observacao_interna as string | null) ?? null,
      documentosRecebidosEm: iso(r.documentos_recebidos_em),
    },
  };
}

async function leilaoPorUid(db: Db, hotsiteId: number, uid: string) {
  const [le] = linhas<{ id: number }>(await db.execute(sql`SELECT id FROM leilao WHERE uid = ${uid} AND hotsite_id = ${hotsiteId}`));
  if (!le) throw new ErroHttp(404, MENSAGENS_LOTES_COMITENTE.leilao);
  return Number(le.id);
}

/** One page of the reader's lots (newest auction first, then lot number), and how many match. */
export async function buscarLotesDoComitente({
  db,
  hotsiteId,
  comitentes,
  leilaoUid,
  situacao,
  de,
  quantos,
}: {
  db: Db;
  hotsiteId: number;
  comitentes: Comitentes;
  leilaoUid?: string;
  situacao?: string;
  de: number;
  quantos: number;
}) {
  const leilaoId = leilaoUid ? await leilaoPorUid(db, hotsiteId, leilaoUid) : null;
  const onde: SQL = sql`l.hotsite_id = ${hotsiteId} AND l.comitente_id IS NOT NULL AND ${filtroComitentes(sql`l.comitente_id`, comitentes)}
    ${leilaoId != null ? sql`AND l.leilao_id = ${leilaoId}` : sql``}
    ${situacao ? sql`AND l.situacao = ${situacao}` : sql``}`;
  // The page's 50 lots first, then their vehicles and seller: joining the vehicles before the LIMIT made
  // PostgreSQL hash all of the brand's vehicles (a sequential scan of 50,000 rows for one page).
  const [rs, total] = await Promise.all([
    db.execute(sql`
      WITH pagina AS (
        SELECT l.id, l.uid, l.veiculo_id, l.numero, l.nome, l.situacao, l.minimo, l.ultimo_lance_valor, l.quantidade_lances, l.data_fim,
               l.sequencia, l.valor_comitente, l.comitente_id, l.leilao_id, le.uid AS leilao_uid, le.nome AS leilao_nome, le.data AS leilao_data
          FROM lote l
          LEFT JOIN leilao le ON le.id = l.leilao_id AND le.hotsite_id = l.hotsite_id
         WHERE ${onde}
         ORDER BY le.data DESC NULLS LAST, l.leilao_id DESC NULLS LAST, l.numero, l.id
         LIMIT ${quantos} OFFSET ${de})
      SELECT p.*, v.uid AS vei_uid, c.nome_site AS comitente_nome,
             v.placa, v.chassi, v.renavam, v.fipe_valor, v.valor_mercado, v.observacao_interna, v.documentos_recebidos_em
        FROM pagina p
        JOIN veiculo v ON v.id = p.veiculo_id AND v.hotsite_id = ${hotsiteId}
        JOIN comitente c ON c.id = p.comitente_id AND c.hotsite_id = ${hotsiteId}
       ORDER BY p.leilao_data DESC NULLS LAST, p.leilao_id DESC NULLS LAST, p.numero, p.id`),
    db.execute(sql`SELECT count(*)::int AS n FROM lote l WHERE ${onde}`),
  ]);
  return { itens: linhas<Linha>(rs).map(comoLote), total: Number(linhas<{ n: number }>(total)[0]?.n ?? 0) };
}

export interface LeilaoDoComitente {
  uid: string;
  nome: string;
  data: string;
  situacao: string;
  total: number;
  /** Lots per situation in this auction. */
  porSituacao: Record<string, number>;
}

/**
 * The auctions with the reader's lots (newest first, 50 at most; found through the (hotsite, seller,
 * auction) index), the first `contados` of them with their lots counted by situation.
 */
export async function leiloesDoComitente({
  db,
  hotsiteId,
  comitentes,
  contados = 8,
}: {
  db: Db;
  hotsiteId: number;
  comitentes: Comitentes;
  contados?: number;
}): Promise<LeilaoDoComitente[]> {
  const doLeitor = sql`l.hotsite_id = ${hotsiteId} AND l.comitente_id IS NOT NULL AND ${filtroComitentes(sql`l.comitente_id`, comitentes)}`;
  const ls = linhas<Linha>(
    await db.execute(sql`
      SELECT le.id, le.uid, le.nome, le.data, le.situacao FROM leilao le
       WHERE le.hotsite_id = ${hotsiteId} AND EXISTS (SELECT 1 FROM lote l WHERE l.leilao_id = le.id AND ${doLeitor})
       ORDER BY le.data DESC, le.id DESC LIMIT 50`),
  );
  const leiloes = ls.map((r) => ({
    id: Number(r.id),
    uid: String(r.uid),
    nome: nomeSemData(String(r.nome)),
    data: iso(r.data)!,
    situacao: String(r.situacao),
    total: 0,
    porSituacao: {} as Record<string, number>,
  }));
  const ids = leiloes.slice(0, contados).map((l) => l.id);
  if (ids.length) {
    const contagens = linhas<Linha>(
      await db.execute(sql`SELECT l.leilao_id, l.situacao, count(*)::int AS n FROM lote l
                            WHERE ${doLeitor} AND l.leilao_id IN (${sql.join(
                              ids.map((id) => sql`${id}`),
                              sql`, `,
                            )})
                            GROUP BY 1, 2`),
    );
    for (const c of contagens) {
      const le = leiloes.find((l) => l.id === Number(c.leilao_id))!;
      le.porSituacao[String(c.situacao)] = Number(c.n);
      le.total += Number(c.n);
    }
  }
  return leiloes.map(({ id: _id, ...l }) => l);
}

/**
 * `GET /comitente/find/by-leilao/{uid}`: the sellers with lots in an auction of this brand, each with its
 * lot count; a seller user gets only its own sellers. An auction of another brand is not found.
 */
export async function comitentesDoLeilao({
  db,
  hotsiteId,
  comitentes,
  leilaoUid,
}: {
  db: Db;
  hotsiteId: number;
  comitentes: Comitentes;
  leilaoUid: string;
}) {
  const leilaoId = await leilaoPorUid(db, hotsiteId, leilaoUid);
  const rs = linhas<Linha>(
    await db.execute(sql`
      SELECT c.id, c.uid, c.nome_site, c.logomarca_url, c.existe_logomarca, c.grupo, c.ativo, count(l.id)::int AS quantidade_lotes
        FROM lote l JOIN comitente c ON c.id = l.comitente_id AND c.hotsite_id = l.hotsite_id
       WHERE l.hotsite_id = ${hotsiteId} AND l.leilao_id = ${leilaoId} AND ${filtroComitentes(sql`l.comitente_id`, comitentes)}
       GROUP BY c.id ORDER BY c.nome_site, c.id`),
  );
  return rs.map((r) => ({
    id: Number(r.id),
    uid: String(r.uid),
    nomeSite: String(r.nome_site),
    logomarcaUrl: (r.logomarca_url as string | null) ?? null,
    existeLogomarca: Boolean(r.existe_logomarca),
    grupo: (r.grupo as string | null) ?? null,
    ativo: Boolean(r.ativo),
    quantidadeLotes: Number(r.quantidade_lotes),
  }));
}
