import '~/utils/zod-pt-br';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { nomeSemData } from '~/modules/catalogo/regras';
import { type Comitentes, filtroComitentes } from '~/modules/comitentes/usuarios-comitente.server';
import { naoEncontrado } from '~/utils/errors';
import { linhas } from '~/utils/linhas.server';
import { LOG_COM_ERRO } from './logs.server';
import { integradoraSchema } from './tags.server';

/*
 * Integration lots (`/admin/integracao/lotes/{leilaoUid?}`): the auctions holding lots whose vehicle came
 * from an integrator (`comitente_integracao_veiculo`), and, for one auction, those lots with the
 * integrator's id and situations, the vehicle's tags and its last exchange. A seller user sees only their
 * sellers' lots; an auction with none of them is not found for them.
 */

export const MENSAGEM_LEILAO_NAO_ENCONTRADO = 'Leilão não encontrado';

export const filtroLotesIntegracaoSchema = z.object({
  integradora: z.preprocess((v) => (v === '' ? undefined : v), integradoraSchema.optional()),
});

export interface LeilaoComIntegracao {
  uid: string;
  nome: string;
  data: string;
  situacao: string;
  lotesIntegrados: number;
}

export interface LoteDeIntegracao {
  uid: string;
  numero: string;
  nome: string;
  situacao: string;
  veiculo: { uid: string; placa: string | null; chassi: string | null };
  comitente: { id: number; nomeSite: string } | null;
  integradora: string;
  externoVeiculoId: string;
  externoVeiSituacao: string | null;
  externoVeiDespachanteSituacao: string | null;
  tags: { nome: string; chave: string }[];
  eventos: number;
  erros: number;
  ultimoEventoEm: string | null;
}

const DE_LOTES = sql`lote lo
  JOIN veiculo v ON v.id = lo.veiculo_id AND v.hotsite_id = lo.hotsite_id
  JOIN comitente_integracao_veiculo iv ON iv.veiculo_id = v.id AND iv.hotsite_id = lo.hotsite_id
  LEFT JOIN comitente c ON c.id = v.comitente_id AND c.hotsite_id = lo.hotsite_id`;

/** The auctions with integrated lots the user may see, newest first. */
export async function leiloesComIntegracao({
  db,
  hotsiteId,
  comitentes,
  filtro,
}: {
  db: Db;
  hotsiteId: number;
  comitentes: Comitentes;
  filtro: unknown;
}): Promise<LeilaoComIntegracao[]> {
  const f = filtroLotesIntegracaoSchema.parse(filtro);
  return linhas<LeilaoComIntegracao & { data: string | Date }>(
    await db.execute(sql`SELECT le.uid, le.nome, le.data, le.situacao, count(*)::int AS "lotesIntegrados"
      FROM ${DE_LOTES} JOIN leilao le ON le.id = lo.leilao_id AND le.hotsite_id = lo.hotsite_id
      WHERE lo.hotsite_id = ${hotsiteId} AND ${filtroComitentes(sql`v.comitente_id`, comitentes)}
        ${f.integradora ? sql`AND iv.integradora = ${f.integradora}` : sql``}
      GROUP BY le.id ORDER BY le.data DESC, le.id DESC LIMIT 200`),
  ).map((r) => ({ ...r, nome: nomeSemData(r.nome), data: new Date(r.data).toISOString(), lotesIntegrados: Number(r.lotesIntegrados) }));
}

/** One auction's integrated lots, by position; 404 when the auction has none the user may see. */
export async function lotesDeIntegracao({
  db,
  hotsiteId,
  comitentes,
  leilaoUid,
  filtro,
}: {
  db: Db;
  hotsiteId: number;
  comitentes: Comitentes;
  leilaoUid: string;
  filtro: unknown;
}) {
  const f = filtroLotesIntegracaoSchema.parse(filtro);
  const uid = z.uuid({ error: MENSAGEM_LEILAO_NAO_ENCONTRADO }).safeParse(leilaoUid);
  if (!uid.success) throw naoEncontrado(MENSAGEM_LEILAO_NAO_ENCONTRADO);
  const [leilao] = linhas<{ id: number; uid: string; nome: string; data: string | Date; situacao: string }>(
    await db.execute(sql`SELECT id, uid, nome, data, situacao FROM leilao WHERE hotsite_id = ${hotsiteId} AND uid = ${uid.data}`),
  );
  if (!leilao) throw naoEncontrado(MENSAGEM_LEILAO_NAO_ENCONTRADO);
  const itens = linhas<Record<string, unknown>>(
    await db.execute(sql`SELECT lo.uid, lo.numero, lo.nome, lo.situacao, v.uid AS "veiculoUid", v.placa, v.chassi,
        c.id AS "comitenteId", c.nome_site AS "comitenteNome", iv.integradora, iv.externo_veiculo_id AS "externoVeiculoId",
        iv.externo_vei_situacao AS "externoVeiSituacao", iv.externo_vei_despachante_situacao AS "externoVeiDespachanteSituacao",
        coalesce((SELECT json_agg(json_build_object('nome', t.nome, 'chave', t.chave) ORDER BY t.nome)
                    FROM comitente_integracao_veiculo_tag vt JOIN comitente_integracao_tag t ON t.id = vt.tag_id
                   WHERE vt.veiculo_id = v.id AND vt.hotsite_id = lo.hotsite_id), '[]'::json) AS tags,
        ev.eventos, ev.erros, ev.ultimo AS "ultimoEventoEm"
      FROM ${DE_LOTES}
      LEFT JOIN LATERAL (
        SELECT count(*)::int AS eventos, count(*) FILTER (WHERE ${LOG_COM_ERRO})::int AS erros, max(l.created_at) AS ultimo
          FROM comitente_integracao_log l LEFT JOIN remocao r ON r.id = l.remocao_id AND r.hotsite_id = l.hotsite_id
         WHERE l.hotsite_id = lo.hotsite_id AND coalesce(l.veiculo_id, r.veiculo_id) = v.id
      ) ev ON TRUE
      WHERE lo.hotsite_id = ${hotsiteId} AND lo.leilao_id = ${leilao.id} AND ${filtroComitentes(sql`v.comitente_id`, comitentes)}
        ${f.integradora ? sql`AND iv.integradora = ${f.integradora}` : sql``}
      ORDER BY lo.numero, lo.id`),
  ).map((r): LoteDeIntegracao => ({
    uid: String(r.uid),
    numero: String(r.numero),
    nome: String(r.nome),
    situacao: String(r.situacao),
    veiculo: { uid: String(r.veiculoUid), placa: (r.placa as string | null) ?? null, chassi: (r.chassi as string | null) ?? null },
    comitente: r.comitenteId == null ? null : { id: Number(r.comitenteId), nomeSite: String(r.comitenteNome) },
    integradora: String(r.integradora),
    externoVeiculoId: String(r.externoVeiculoId),
    externoVeiSituacao: (r.externoVeiSituacao as string | null) ?? null,
    externoVeiDespachanteSituacao: (r.externoVeiDespachanteSituacao as string | null) ?? null,
    tags: r.tags as { nome: string; chave: string }[],
    eventos: Number(r.eventos ?? 0),
    erros: Number(r.erros ?? 0),
    ultimoEventoEm: r.ultimoEventoEm ? new Date(r.ultimoEventoEm as string).toISOString() : null,
  }));
  // A seller user who has no lot in this auction learns nothing of it (not even that it exists).
  if (itens.length === 0 && comitentes !== 'todos') throw naoEncontrado(MENSAGEM_LEILAO_NAO_ENCONTRADO);
  return {
    leilao: { uid: leilao.uid, nome: nomeSemData(leilao.nome), data: new Date(leilao.data).toISOString(), situacao: leilao.situacao },
    itens,
  };
}
