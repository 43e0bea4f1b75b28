import '~/utils/zod-pt-br';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { inteiro } from '~/modules/dominio/campos';
import { type Comitentes, filtroComitentes } from '~/modules/comitentes/usuarios-comitente.server';
import { origemDoLog, resumoDoLog } from '~/modules/remocoes/regras';
import { dataSchema } from '~/utils/entrada';
import { ID_MAXIMO } from '~/utils/id';
import { linhas } from '~/utils/linhas.server';
import { integradoraSchema } from './tags.server';

/*
 * The integration log as the sellers' side reads it (`comitente_integracao_log`, migration 0028; spec 001 §9
 * "Integration log", §8 summary; `GET /comitente-integracao/logs/find/qb`). A row belongs to the seller of
 * its vehicle, given directly or through its removal; a seller user (or a seller's API key) reads only the
 * rows of their sellers' vehicles, and rows tied to no vehicle only reach staff who see every seller.
 */

/** The seller a log row belongs to: its vehicle's, or its removal's vehicle's. */
export const DE_LOGS = sql`comitente_integracao_log l
  LEFT JOIN remocao r ON r.id = l.remocao_id AND r.hotsite_id = l.hotsite_id
  LEFT JOIN veiculo v ON v.id = coalesce(l.veiculo_id, r.veiculo_id) AND v.hotsite_id = l.hotsite_id
  LEFT JOIN comitente c ON c.id = v.comitente_id AND c.hotsite_id = l.hotsite_id`;

/** Rows whose seller is one of `comitentes` (every row when 'todos'). */
export const logsDosComitentes = (comitentes: Comitentes): SQL =>
  comitentes === 'todos' ? sql`TRUE` : filtroComitentes(sql`v.comitente_id`, comitentes);

/**
 * The rows `resumoDoLog` (remocoes/regras.ts) calls errors, as SQL, so counts and filters agree with the
 * summary each row shows: an error text, or a Mapfre status update answered EST03 (not processed).
 */
export const LOG_COM_ERRO = sql`((l.error IS NOT NULL AND l.error <> '')
  OR (l.integradora = 'Mapfre' AND l.body -> 'businessData' ->> 'type' = 'status_update' AND l.response ->> 'status' = 'EST03'))`;

const vazioParaIndefinido = (v: unknown) => (v === '' ? undefined : v);

export const filtroLogsSchema = z
  .object({
    integradora: z.preprocess(vazioParaIndefinido, integradoraSchema.optional()),
    origem: z.preprocess(vazioParaIndefinido, z.enum(['Recebido', 'Enviado'], { error: 'origem deve ser Recebido ou Enviado' }).optional()),
    comErro: z.preprocess(vazioParaIndefinido, z.enum(['true', 'false'], { error: 'comErro deve ser true ou false' }).optional()),
    comitenteId: z.preprocess(vazioParaIndefinido, inteiro(1, ID_MAXIMO, 'comitenteId inválido').optional()),
    veiculoUid: z.preprocess(vazioParaIndefinido, z.uuid({ error: 'veiculoUid inválido' }).optional()),
    de: z.preprocess(vazioParaIndefinido, dataSchema({ mensagem: 'Data inicial inválida' }).optional()),
    ate: z.preprocess(vazioParaIndefinido, dataSchema({ mensagem: 'Data final inválida' }).optional()),
    pagina: inteiro(1, 10_000, 'pagina deve estar entre 1 e 10000').default(1),
    porPagina: inteiro(1, 200, 'porPagina deve estar entre 1 e 200').default(50),
  })
  .refine((f) => !f.de || !f.ate || f.de <= f.ate, { message: 'A data inicial deve ser anterior à final', path: ['ate'] });

/** One exchange, in the spec's fields plus what a person reads (origem, resumo) and whose it is. */
export interface LogDoComitente {
  uid: string;
  cliUid: string | null;
  integradora: string;
  tipo: string;
  url: string;
  body: unknown;
  query: unknown;
  response: unknown;
  error: string | null;
  tempoResposta: number | null;
  createdAt: string;
  origem: string;
  resumo: string;
  comErro: boolean;
  veiculo: { uid: string; placa: string | null; nome: string } | null;
  remocao: { uid: string } | null;
  comitente: { id: number; nomeSite: string } | null;
}

interface Linha {
  uid: string;
  cliUid: string | null;
  integradora: string;
  tipo: string;
  url: string;
  body: unknown;
  query: unknown;
  response: unknown;
  error: string | null;
  tempoResposta: number | null;
  createdAt: string | Date;
  veiculoUid: string | null;
  placa: string | null;
  veiculoNome: string | null;
  remocaoUid: string | null;
  comitenteId: number | null;
  comitenteNome: string | null;
}

export const COLUNAS_LOG = sql`l.uid, l.cli_uid AS "cliUid", l.integradora, l.tipo, l.url, l.body, l.query, l.response, l.error,
  l.tempo_resposta AS "tempoResposta", l.created_at AS "createdAt", v.uid AS "veiculoUid", v.placa, v.nome AS "veiculoNome",
  r.uid AS "remocaoUid", c.id AS "comitenteId", c.nome_site AS "comitenteNome"`;

export function comoLog(l: Linha): LogDoComitente {
  const resumo = resumoDoLog(l);
  return {
    uid: l.uid,
    cliUid: l.cliUid,
    integradora: l.integradora,
    tipo: l.tipo,
    url: l.url,
    body: l.body,
    query: l.query,
    response: l.response,
    error: l.error,
    tempoResposta: l.tempoResposta == null ? null : Number(l.tempoResposta),
    createdAt: new Date(l.createdAt).toISOString(),
    origem: origemDoLog(l.tipo),
    resumo: resumo.texto,
    comErro: resumo.erro,
    veiculo: l.veiculoUid ? { uid: l.veiculoUid, placa: l.placa, nome: l.veiculoNome ?? '' } : null,
    remocao: l.remocaoUid ? { uid: l.remocaoUid } : null,
    comitente: l.comitenteId == null ? null : { id: Number(l.comitenteId), nomeSite: l.comitenteNome ?? '' },
  };
}

export type LinhaDeLog = Linha;

/** `GET /comitente-integracao/logs/find/qb`: the brand's exchanges, newest first, paged and filtered. */
export async function buscarLogs({
  db,
  hotsiteId,
  comitentes,
  filtro,
}: {
  db: Db;
  hotsiteId: number;
  comitentes: Comitentes;
  filtro: unknown;
}) {
  const f = filtroLogsSchema.parse(filtro);
  const onde = sql.join(
    [
      sql`l.hotsite_id = ${hotsiteId}`,
      logsDosComitentes(comitentes),
      f.integradora ? sql`l.integradora = ${f.integradora}` : sql`TRUE`,
      f.origem === 'Recebido' ? sql`l.tipo = 'webhook'` : f.origem === 'Enviado' ? sql`l.tipo <> 'webhook'` : sql`TRUE`,
      f.comErro === 'true' ? LOG_COM_ERRO : f.comErro === 'false' ? sql`NOT ${LOG_COM_ERRO}` : sql`TRUE`,
      f.comitenteId ? sql`v.comitente_id = ${f.comitenteId}` : sql`TRUE`,
      f.veiculoUid ? sql`v.uid = ${f.veiculoUid}` : sql`TRUE`,
      f.de ? sql`l.created_at >= ${f.de.toISOString()}` : sql`TRUE`,
      f.ate ? sql`l.created_at <= ${f.ate.toISOString()}` : sql`TRUE`,
    ],
    sql` AND `,
  );
  const [{ total }] = linhas<{ total: number }>(await db.execute(sql`SELECT count(*)::int AS total FROM ${DE_LOGS} WHERE ${onde}`));
  const itens = linhas<Linha>(
    await db.execute(sql`SELECT ${COLUNAS_LOG} FROM ${DE_LOGS} WHERE ${onde}
                         ORDER BY l.created_at DESC, l.id DESC LIMIT ${f.porPagina} OFFSET ${(f.pagina - 1) * f.porPagina}`),
  ).map(comoLog);
  return { itens, total: Number(total), pagina: f.pagina, porPagina: f.porPagina };
}
