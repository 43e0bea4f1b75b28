import '~/utils/zod-pt-br';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { leilao, SITUACOES_LEILAO } from '@db/schema';
import { inteiro } from '~/modules/dominio/campos';
import { SITUACOES_ARREMATADO } from '~/modules/dominio/situacoes';

/*
 * The auction lists of spec 001 §7 that the back office reads (issue #13, decision 068):
 * - GET /v1/leiloes/privado: the spec's "Private" auction with its three counters;
 * - GET /v1/leiloes/local-realizacao-leiloes/lista: the places where the brand's auctions are held.
 * (GET /v1/leiloes/lista-site/caixa-economica lives with the site lists, app/modules/catalogo.)
 */

export const filtroPrivadoSchema = z.object({
  situacao: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(SITUACOES_LEILAO, { error: `situacao inválida: ${SITUACOES_LEILAO.join(', ')}` }).optional(),
  ),
  limit: inteiro(1, 1000, 'limit deve estar entre 1 e 1000').default(1000),
});

const lista = (situacoes: readonly string[]) =>
  sql.join(
    situacoes.map((s) => sql`${s}`),
    sql`, `,
  );

/**
 * The brand's auctions, newest first, each with documentosLeilao (qtdDocumentos: its PDFs; qtdAguardando:
 * its sales awaiting payment or validation; qtdAcertos: its sales closed), videosLeilao (lots with and
 * without a video) and comitenteAcompanhar (lots, conditionals awaiting the seller, sold).
 */
export async function leiloesPrivados({ db, hotsiteId, filtro }: { db: Db; hotsiteId: number; filtro: unknown }) {
  const f = filtroPrivadoSchema.parse(filtro);
  const linhas = await db
    .select({
      id: leilao.id,
      uid: leilao.uid,
      nome: leilao.nome,
      situacao: leilao.situacao,
      data: leilao.data,
      local: leilao.local,
      cidade: leilao.cidade,
      qtdDocumentos: sql<number>`(select count(*)::int from leilao_documento d where d.leilao_id = "leilao"."id" and d.hotsite_id = ${hotsiteId})`,
      qtdAguardando: sql<number>`(select count(*)::int from venda v where v.leilao_id = "leilao"."id" and v.hotsite_id = ${hotsiteId} and v.situacao in ('AguardandoPagamento', 'AguardandoValidacao'))`,
      qtdAcertos: sql<number>`(select count(*)::int from venda v where v.leilao_id = "leilao"."id" and v.hotsite_id = ${hotsiteId} and v.situacao = 'Fechada')`,
      qtdLotes: sql<number>`(select count(*)::int from lote l where l.leilao_id = "leilao"."id" and l.hotsite_id = ${hotsiteId} and l.situacao <> 'LOTE_CANCELADO')`,
      qtdLotesComVideo: sql<number>`(select count(*)::int from lote l where l.leilao_id = "leilao"."id" and l.hotsite_id = ${hotsiteId} and l.situacao <> 'LOTE_CANCELADO' and coalesce(l.video, '') <> '')`,
      qtdCondicionaisAguardando: sql<number>`(select count(*)::int from lote l where l.leilao_id = "leilao"."id" and l.hotsite_id = ${hotsiteId} and l.situacao = 'CONDICIONAL')`,
      qtdVendido: sql<number>`(select count(*)::int from lote l where l.leilao_id = "leilao"."id" and l.hotsite_id = ${hotsiteId} and l.situacao in (${lista(SITUACOES_ARREMATADO)}))`,
    })
    .from(leilao)
    .where(and(eq(leilao.hotsiteId, hotsiteId), f.situacao ? eq(leilao.situacao, f.situacao) : undefined))
    .orderBy(desc(leilao.data), desc(leilao.id))
    .limit(f.limit);
  return linhas.map((l) => ({
    id: l.id,
    uid: l.uid,
    nome: l.nome,
    situacao: l.situacao,
    data: l.data.toISOString(),
    local: l.local,
    cidade: l.cidade,
    documentosLeilao: { qtdAguardando: l.qtdAguardando, qtdAcertos: l.qtdAcertos, qtdDocumentos: l.qtdDocumentos },
    videosLeilao: { qtdLotes: l.qtdLotes, qtdLotesComVideo: l.qtdLotesComVideo, qtdLotesSemVideo: l.qtdLotes - l.qtdLotesComVideo },
    comitenteAcompanhar: { qtdLotes: l.qtdLotes, qtdCondicionaisAguardando: l.qtdCondicionaisAguardando, qtdVendido: l.qtdVendido },
  }));
}

/**
 * The places of the brand's auctions (spec "localRealizacao": id, lcpId, nome, endereco, cidade,
 * telefone), one per distinct name + address + city, most recently used first. The place is kept on
 * each auction (no table of its own): `id` is the auction's lrlId when one was given, else null.
 */
export async function locaisDeRealizacao({ db, hotsiteId }: { db: Db; hotsiteId: number }) {
  const { rows } = (await db.execute(sql`
    SELECT DISTINCT ON (lower(x.nome), lower(coalesce(x.endereco, '')), lower(coalesce(x.cidade, '')))
           l.lrl_id AS id, x.lcp_id AS "lcpId", x.nome, x.endereco, x.cidade, x.telefone, l.data
      FROM leilao l,
           LATERAL (SELECT l.local_realizacao->>'nome' AS nome, l.local_realizacao->>'endereco' AS endereco,
                           l.local_realizacao->>'cidade' AS cidade, l.local_realizacao->>'telefone' AS telefone,
                           CASE WHEN jsonb_typeof(l.local_realizacao->'lcpId') = 'number' THEN (l.local_realizacao->>'lcpId')::int END AS lcp_id) x
     WHERE l.hotsite_id = ${hotsiteId} AND l.local_realizacao IS NOT NULL AND coalesce(x.nome, '') <> ''
     ORDER BY lower(x.nome), lower(coalesce(x.endereco, '')), lower(coalesce(x.cidade, '')), l.data DESC
     LIMIT 1000`)) as unknown as {
    rows: {
      id: number | null;
      lcpId: number | null;
      nome: string;
      endereco: string | null;
      cidade: string | null;
      telefone: string | null;
      data: string | Date;
    }[];
  };
  return rows
    .sort((a, b) => new Date(b.data).getTime() - new Date(a.data).getTime())
    .map((r) => ({ id: r.id, lcpId: r.lcpId, nome: r.nome, endereco: r.endereco, cidade: r.cidade, telefone: r.telefone }));
}
