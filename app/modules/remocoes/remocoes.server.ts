import '~/utils/zod-pt-br';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '@db/client.server';
import { INTEGRADORAS, SITUACOES_REMOCAO } from '@db/schema/enums-catalogo';
import { centavosOpcional, inteiro, inteiroOpcional, textoOpcional } from '~/modules/dominio/campos';
import { diaSchema } from '~/modules/backoffice/depositos.server';
import { comoPublicado } from '~/modules/backoffice/leiloes.server';
import { atualizarCopiaDosLotes } from '~/modules/backoffice/lotes.server';
import { publicarLotes } from '~/modules/backoffice/publicacao.server';
import { registrarAlteracao } from '~/modules/identidade/permissoes-marca.server';
import type { Hub } from '~/realtime/hub.server';
import { textoLivre } from '~/utils/entrada';
import { ErroHttp, naoEncontrado } from '~/utils/errors';
import { ID_MAXIMO } from '~/utils/id';
import { linhas } from '~/utils/linhas.server';
import { enfileirarAtualizacao, enviosDaRemocao } from './atualizacoes.server';
import { conferirTransporte } from './cadastros.server';
import { etapasAutomaticasDaRemocao } from './etapas-automaticas.server';
import { ETAPAS_DO_PATIO, etapaDaSituacao, etapaSeguinte, MENSAGENS_ETAPA, recusaDaEtapa } from './etapas';
import { faltasParaSituacao, MENSAGENS_REMOCAO, origemDoLog, proximasSituacoesRemocao, remocaoFinal, resumoDoLog } from './regras';

/*
 * Removals (remoção, spec 000 §2 `/admin/remocao/{uid?}`, 001 §3 "Removal" and §9 "Integration log";
 * decision 081): towing a vehicle from where it stands to one of the brand's yards, usually asked for by an
 * insurer. Every read and write filters by the brand; a removal of another brand is "not found".
 * Concluding one moves the vehicle to the destination yard and refreshes its lots' location.
 */

const vazioParaIndefinido = (v: unknown) => (v === '' ? undefined : v);
const diaOpcional = (m: string) => z.preprocess((v) => (v === '' || v == null ? null : v), diaSchema(m).nullable()).optional();

/** The fields staff type (creating or editing). */
export const remocaoSchema = z
  .object({
    localRemocao: z.preprocess((v) => v ?? '', textoLivre(300).pipe(z.string().min(3, 'Informe o local de remoção'))),
    patioId: inteiroOpcional(1, ID_MAXIMO, 'Pátio inválido'),
    diaInicioPrevisto: diaOpcional('Início previsto inválido (AAAA-MM-DD)'),
    diaFimPrevisto: diaOpcional('Fim previsto inválido (AAAA-MM-DD)'),
    /** The carrier and driver from the registers (the removal screen, decision 270); the names below are then theirs. */
    transportadoraId: inteiroOpcional(1, ID_MAXIMO, 'Transportadora inválida'),
    motoristaId: inteiroOpcional(1, ID_MAXIMO, 'Motorista inválido'),
    /** Names as typed, for callers that send no register ids (the vehicle tab, older API clients). */
    transportadora: textoOpcional(120),
    motorista: textoOpcional(120),
    valorSugerido: centavosOpcional('Valor inválido'),
    observacao: textoOpcional(2000),
    integradora: z
      .preprocess((v) => (v === '' || v == null ? null : v), z.enum(INTEGRADORAS, { error: 'Integradora inválida' }).nullable())
      .optional(),
    protocolo: textoOpcional(60),
  })
  .refine((r) => !r.diaInicioPrevisto || !r.diaFimPrevisto || r.diaFimPrevisto >= r.diaInicioPrevisto, {
    message: 'O fim previsto não pode ser antes do início',
    path: ['diaFimPrevisto'],
  });

export const novaRemocaoSchema = z.object({
  veiculo: z.preprocess((v) => v ?? '', textoLivre(60).pipe(z.string().min(1, 'Informe a placa, o chassi ou o uid do veículo'))),
});

export const situacaoRemocaoSchema = z.object({
  situacao: z.enum(SITUACOES_REMOCAO, { error: 'Situação de remoção inválida' }),
  motivo: textoOpcional(500),
});

export const filtroRemocoesSchema = z.object({
  situacao: z.preprocess(vazioParaIndefinido, z.enum(SITUACOES_REMOCAO, { error: 'Situação de remoção inválida' }).optional()),
  busca: z.preprocess(vazioParaIndefinido, textoLivre(100).optional()),
  pagina: inteiro(1, 10_000, 'pagina deve estar entre 1 e 10000').default(1),
  porPagina: inteiro(1, 200, 'porPagina deve estar entre 1 e 200').default(25),
});

export interface Remocao {
  id: number;
  uid: string;
  situacao: string;
  dataSolicitacao: string;
  diaInicioPrevisto: string | null;
  diaFimPrevisto: string | null;
  diaInicioReal: string | null;
  diaFimReal: string | null;
  localRemocao: string;
  transportadora: string | null;
  motorista: string | null;
  transportadoraId: number | null;
  motoristaId: number | null;
  valorSugerido: number | null;
  observacao: string | null;
  integradora: string | null;
  protocolo: string | null;
  motivoCancelamento: string | null;
  patioId: number | null;
  patioNome: string | null;
  veiculoId: number;
  veiculoUid: string;
  veiculoNome: string;
  placa: string | null;
  chassi: string | null;
  bloquearRemocao: boolean;
  comitenteNome: string | null;
  criadoPor: string | null;
  /** The last insurer stage (S01-S17, decision 171). */
  etapa: string | null;
  processId: string | null;
  sinistro: string | null;
  confirmadoAt: string | null;
  confirmadoPor: string | null;
  canceladoAt: string | null;
  canceladoPor: string | null;
  autorizadoAt: string | null;
  autorizacaoCodigo: string | null;
  autorizadoPor: string | null;
}

const colunas = sql`r.id, r.uid, r.situacao, r.data_solicitacao AS "dataSolicitacao", r.dia_inicio_previsto::text AS "diaInicioPrevisto",
  r.dia_fim_previsto::text AS "diaFimPrevisto", r.dia_inicio_real::text AS "diaInicioReal", r.dia_fim_real::text AS "diaFimReal",
  r.local_remocao AS "localRemocao", r.transportadora, r.motorista, r.transportadora_id AS "transportadoraId",
  r.motorista_id AS "motoristaId", r.valor_sugerido AS "valorSugerido", r.observacao, r.integradora,
  r.protocolo, r.motivo_cancelamento AS "motivoCancelamento", r.patio_id AS "patioId", p.nome AS "patioNome", r.veiculo_id AS "veiculoId",
  v.uid AS "veiculoUid", v.nome AS "veiculoNome", v.placa, v.chassi, v.bloquear_remocao AS "bloquearRemocao", c.nome_site AS "comitenteNome",
  u.nome AS "criadoPor", r.etapa, r.process_id AS "processId", r.sinistro, r.confirmado_at AS "confirmadoAt",
  r.confirmado_por AS "confirmadoPor", r.cancelado_at AS "canceladoAt", r.cancelado_por AS "canceladoPor", r.autorizado_at AS "autorizadoAt",
  r.autorizacao_codigo AS "autorizacaoCodigo", r.autorizado_por AS "autorizadoPor"`;
const iso = (d: string | null) => (d == null ? null : new Date(d).toISOString());
const de = sql`remocao r JOIN veiculo v ON v.id = r.veiculo_id LEFT JOIN patio p ON p.id = r.patio_id
  LEFT JOIN comitente c ON c.id = v.comitente_id LEFT JOIN usuario u ON u.id = r.created_by_id`;
const normal = (r: Remocao): Remocao => ({
  ...r,
  id: Number(r.id),
  veiculoId: Number(r.veiculoId),
  patioId: r.patioId == null ? null : Number(r.patioId),
  transportadoraId: r.transportadoraId == null ? null : Number(r.transportadoraId),
  motoristaId: r.motoristaId == null ? null : Number(r.motoristaId),
  valorSugerido: r.valorSugerido == null ? null : Number(r.valorSugerido),
  dataSolicitacao: new Date(r.dataSolicitacao).toISOString(),
  confirmadoAt: iso(r.confirmadoAt),
  canceladoAt: iso(r.canceladoAt),
  autorizadoAt: iso(r.autorizadoAt),
});

/** The brand's removals, newest first, by situation and vehicle name, plate or chassis. */
export async function listarRemocoes({ db, hotsiteId, filtro }: { db: Db; hotsiteId: number; filtro: unknown }) {
  const f = filtroRemocoesSchema.parse(filtro);
  const termo = f.busca ? `%${f.busca.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const placa = f.busca
    ? `%${f.busca
        .toUpperCase()
        .replace(/[-\s]/g, '')
        .replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    : null;
  const onde = sql.join(
    [
      sql`r.hotsite_id = ${hotsiteId}`,
      f.situacao ? sql`r.situacao = ${f.situacao}` : sql`TRUE`,
      termo
        ? sql`(v.nome ILIKE ${termo} OR v.placa ILIKE ${placa} OR v.chassi ILIKE ${placa} OR r.protocolo ILIKE ${termo} OR r.transportadora ILIKE ${termo})`
        : sql`TRUE`,
    ],
    sql` AND `,
  );
  const [{ total }] = linhas<{ total: number }>(await db.execute(sql`SELECT count(*)::int AS total FROM ${de} WHERE ${onde}`));
  const itens = linhas<Remocao>(
    await db.execute(sql`SELECT ${colunas} FROM ${de} WHERE ${onde} ORDER BY r.data_solicitacao DESC, r.id DESC
                          LIMIT ${f.porPagina} OFFSET ${(f.pagina - 1) * f.porPagina}`),
  ).map(normal);
  return { itens, total: Number(total), pagina: f.pagina, porPagina: f.porPagina };
}

/** A vehicle's removals, newest first (its Remoções tab), with the situations each may move to. */
export async function remocoesDoVeiculo({ db, hotsiteId, veiculoId }: { db: Db; hotsiteId: number; veiculoId: number }) {
  return linhas<Remocao>(
    await db.execute(sql`SELECT ${colunas} FROM ${de} WHERE r.hotsite_id = ${hotsiteId} AND r.veiculo_id = ${veiculoId}
                          ORDER BY r.data_solicitacao DESC, r.id DESC`),
  )
    .map(normal)
    .map((r) => ({ ...r, proximas: [...proximasSituacoesRemocao(r.situacao)] }));
}

const UID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function buscar(tx: Tx | Db, hotsiteId: number, uid: string, travar = false) {
  if (!UID.test(uid)) throw naoEncontrado(MENSAGENS_REMOCAO.naoEncontrada);
  const [r] = linhas<Remocao>(
    await tx.execute(
      travar
        ? sql`SELECT ${colunas} FROM ${de} WHERE r.hotsite_id = ${hotsiteId} AND r.uid = ${uid.toLowerCase()}::uuid FOR UPDATE OF r`
        : sql`SELECT ${colunas} FROM ${de} WHERE r.hotsite_id = ${hotsiteId} AND r.uid = ${uid.toLowerCase()}::uuid`,
    ),
  );
  if (!r) throw naoEncontrado(MENSAGENS_REMOCAO.naoEncontrada);
  return normal(r);
}

/** One integration log row as the removal screen shows it (read-only). */
export interface LogIntegracao {
  id: number;
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
}

/** The integration log rows of one removal, oldest first. */
export async function logsDaRemocao({
  db,
  hotsiteId,
  remocaoId,
}: {
  db: Db;
  hotsiteId: number;
  remocaoId: number;
}): Promise<LogIntegracao[]> {
  return linhas<Omit<LogIntegracao, 'origem' | 'resumo' | 'comErro'>>(
    await db.execute(sql`SELECT id, uid, cli_uid AS "cliUid", integradora, tipo, url, body, query, response, error,
        tempo_resposta AS "tempoResposta", created_at AS "createdAt"
      FROM comitente_integracao_log WHERE hotsite_id = ${hotsiteId} AND remocao_id = ${remocaoId} ORDER BY created_at, id`),
  ).map((l) => {
    const resumo = resumoDoLog(l);
    return {
      ...l,
      id: Number(l.id),
      tempoResposta: l.tempoResposta == null ? null : Number(l.tempoResposta),
      createdAt: new Date(l.createdAt).toISOString(),
      origem: origemDoLog(l.tipo),
      resumo: resumo.texto,
      comErro: resumo.erro,
    };
  });
}

/** The removal of the address with its log and the situations it may move to; another brand's → 404. */
export async function obterRemocao({ db, hotsiteId, uid }: { db: Db; hotsiteId: number; uid: string }) {
  const r = await buscar(db, hotsiteId, uid);
  const [logs, envios, etapasAutomaticas] = await Promise.all([
    logsDaRemocao({ db, hotsiteId, remocaoId: r.id }),
    enviosDaRemocao(db, { hotsiteId, remocaoId: r.id }),
    etapasAutomaticasDaRemocao(db, { hotsiteId, remocaoId: r.id }),
  ]);
  return { ...r, proximas: [...proximasSituacoesRemocao(r.situacao)], logs, envios, etapasAutomaticas };
}

async function veiculoPorReferencia(tx: Tx, hotsiteId: number, ref: string) {
  const limpo = ref.trim().toUpperCase().replace(/[-\s]/g, '');
  const uid = UID.test(ref.trim()) ? ref.trim().toLowerCase() : null;
  const [v] = linhas<{ id: number; bloquear_remocao: boolean }>(
    await tx.execute(sql`SELECT id, bloquear_remocao FROM veiculo WHERE hotsite_id = ${hotsiteId}
                           AND (placa = ${limpo} OR chassi = ${limpo} ${uid ? sql`OR uid = ${uid}::uuid` : sql``})
                         ORDER BY id LIMIT 1`),
  );
  if (!v) throw new ErroHttp(400, MENSAGENS_REMOCAO.veiculoNaoEncontrado, { veiculo: [MENSAGENS_REMOCAO.veiculoNaoEncontrado] });
  return { id: Number(v.id), bloquearRemocao: v.bloquear_remocao };
}

async function conferirPatio(tx: Tx | Db, hotsiteId: number, patioId: number | null | undefined) {
  if (!patioId) return;
  const [p] = linhas(await tx.execute(sql`SELECT 1 FROM patio WHERE hotsite_id = ${hotsiteId} AND id = ${patioId}`));
  if (!p) throw new ErroHttp(400, MENSAGENS_REMOCAO.patioNaoEncontrado, { patioId: [MENSAGENS_REMOCAO.patioNaoEncontrado] });
}

/**
 * The carrier and driver a removal keeps: from the registers when the caller sent their ids (checked for the
 * brand and for each other, decision 270), else the names as typed.
 */
async function transporteDaEntrada(
  tx: Tx | Db,
  hotsiteId: number,
  e: z.infer<typeof remocaoSchema>,
  atual?: Pick<Remocao, 'transportadoraId' | 'motoristaId' | 'transportadora' | 'motorista'>,
) {
  if (e.transportadoraId === undefined && e.motoristaId === undefined) {
    // Typed names: a name left as it was keeps its register.
    const transportadora = e.transportadora ?? null;
    const motorista = e.motorista ?? null;
    return {
      transportadoraId: atual && transportadora === atual.transportadora ? atual.transportadoraId : null,
      motoristaId: atual && motorista === atual.motorista ? atual.motoristaId : null,
      transportadora,
      motorista,
    };
  }
  return conferirTransporte(tx, hotsiteId, e, atual);
}

/**
 * Asks for a removal (SOLICITADA) of the vehicle given by id (its tab) or by plate, chassis or uid (the
 * removal screen); refused when the vehicle's `bloquearRemocao` is set.
 */
export async function criarRemocao({
  db,
  hotsiteId,
  usuarioId,
  veiculoId,
  entrada,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  veiculoId?: number;
  entrada: unknown;
}) {
  const e = remocaoSchema.parse(entrada);
  return db.transaction(async (tx) => {
    let veiculo: { id: number; bloquearRemocao: boolean };
    if (veiculoId === undefined) veiculo = await veiculoPorReferencia(tx, hotsiteId, novaRemocaoSchema.parse(entrada).veiculo);
    else {
      const [v] = linhas<{ bloquear_remocao: boolean }>(
        await tx.execute(sql`SELECT bloquear_remocao FROM veiculo WHERE hotsite_id = ${hotsiteId} AND id = ${veiculoId}`),
      );
      if (!v) throw naoEncontrado('Veículo não encontrado');
      veiculo = { id: veiculoId, bloquearRemocao: v.bloquear_remocao };
    }
    if (veiculo.bloquearRemocao) throw new ErroHttp(409, MENSAGENS_REMOCAO.bloqueada);
    await conferirPatio(tx, hotsiteId, e.patioId);
    const tr = await transporteDaEntrada(tx, hotsiteId, e);
    const [r] = linhas<{ id: number; uid: string }>(
      await tx.execute(sql`INSERT INTO remocao (hotsite_id, veiculo_id, patio_id, dia_inicio_previsto, dia_fim_previsto, local_remocao,
            transportadora, motorista, transportadora_id, motorista_id, valor_sugerido, observacao, integradora, protocolo, created_by_id)
          VALUES (${hotsiteId}, ${veiculo.id}, ${e.patioId ?? null}, ${e.diaInicioPrevisto ?? null}, ${e.diaFimPrevisto ?? null}, ${e.localRemocao},
            ${tr.transportadora}, ${tr.motorista}, ${tr.transportadoraId}, ${tr.motoristaId}, ${e.valorSugerido ?? null}, ${e.observacao ?? null},
            ${e.integradora ?? null}, ${e.protocolo ?? null}, ${usuarioId}) RETURNING id, uid`),
    );
    await registrarAlteracao(tx, {
      hotsiteId,
      usuarioId,
      entidade: 'veiculo',
      entidadeId: veiculo.id,
      acao: 'alterou',
      detalhes: { remocao: 'SOLICITADA', remocaoUid: r.uid },
    });
    return { id: Number(r.id), uid: String(r.uid) };
  });
}

/** Edits the typed fields of an open removal (not CONCLUIDA or CANCELADA). */
export async function salvarRemocao({
  db,
  hotsiteId,
  usuarioId,
  uid,
  entrada,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  uid: string;
  entrada: unknown;
}) {
  const e = remocaoSchema.parse(entrada);
  await db.transaction(async (tx) => {
    const r = await buscar(tx, hotsiteId, uid, true);
    if (remocaoFinal(r.situacao)) throw new ErroHttp(409, MENSAGENS_REMOCAO.final);
    await conferirPatio(tx, hotsiteId, e.patioId);
    const tr = await transporteDaEntrada(tx, hotsiteId, e, r);
    const depois = { diaInicioPrevisto: e.diaInicioPrevisto ?? null, transportadora: tr.transportadora, patioId: e.patioId ?? null };
    // A scheduled or moving removal keeps what it was scheduled with.
    if (r.situacao !== 'SOLICITADA') {
      const faltas = faltasParaSituacao(r.situacao, depois);
      if (Object.keys(faltas).length) throw new ErroHttp(400, Object.values(faltas)[0][0], faltas);
    }
    await tx.execute(sql`UPDATE remocao SET local_remocao = ${e.localRemocao}, patio_id = ${depois.patioId},
        dia_inicio_previsto = ${depois.diaInicioPrevisto}, dia_fim_previsto = ${e.diaFimPrevisto ?? null}, transportadora = ${depois.transportadora},
        motorista = ${tr.motorista}, transportadora_id = ${tr.transportadoraId}, motorista_id = ${tr.motoristaId}, valor_sugerido = ${e.valorSugerido ?? null}, observacao = ${e.observacao ?? null},
        integradora = ${e.integradora ?? null}, protocolo = ${e.protocolo ?? null}, updated_at = now()
      WHERE id = ${r.id}`);
    await registrarAlteracao(tx, {
      hotsiteId,
      usuarioId,
      entidade: 'veiculo',
      entidadeId: r.veiculoId,
      acao: 'alterou',
      detalhes: { remocaoUid: r.uid },
    });
  });
}

const HOJE = sql`(now() AT TIME ZONE 'America/Sao_Paulo')::date`;

/**
 * Moves a removal along its flow (`regras.ts`): AGENDADA needs the planned start and the carrier; EM_TRANSITO
 * records the pick-up day; CONCLUIDA records the delivery day and moves the vehicle to the destination yard
 * (its lots' location follows, published after commit); CANCELADA needs a reason. A removal is found by uid,
 * or by id within one vehicle (its tab).
 */
export async function mudarSituacaoRemocao({
  db,
  hub,
  hotsiteId,
  usuarioId,
  remocao,
  entrada,
}: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  usuarioId: number;
  remocao: { uid: string } | { id: number; veiculoId: number };
  entrada: unknown;
}) {
  const e = situacaoRemocaoSchema.parse(entrada);
  const publicar = await db.transaction(async (tx) => {
    let uid: string;
    if ('uid' in remocao) uid = remocao.uid;
    else {
      const [x] = linhas<{ uid: string }>(
        await tx.execute(
          sql`SELECT uid FROM remocao WHERE hotsite_id = ${hotsiteId} AND veiculo_id = ${remocao.veiculoId} AND id = ${remocao.id}`,
        ),
      );
      if (!x) throw naoEncontrado(MENSAGENS_REMOCAO.naoEncontrada);
      uid = String(x.uid);
    }
    const r = await buscar(tx, hotsiteId, uid, true);
    if (!proximasSituacoesRemocao(r.situacao).includes(e.situacao))
      throw new ErroHttp(409, MENSAGENS_REMOCAO.transicao(r.situacao, e.situacao));
    const faltas = faltasParaSituacao(e.situacao, { ...r, motivo: e.motivo ?? null });
    if (Object.keys(faltas).length) throw new ErroHttp(400, Object.values(faltas)[0][0], faltas);
    await tx.execute(sql`UPDATE remocao SET situacao = ${e.situacao}, updated_at = now(),
        dia_inicio_real = ${e.situacao === 'EM_TRANSITO' || e.situacao === 'CONCLUIDA' ? sql`coalesce(dia_inicio_real, ${HOJE})` : sql`dia_inicio_real`},
        dia_fim_real = ${e.situacao === 'CONCLUIDA' ? HOJE : sql`dia_fim_real`},
        motivo_cancelamento = ${e.situacao === 'CANCELADA' ? (e.motivo ?? null) : sql`motivo_cancelamento`},
        cancelado_at = ${e.situacao === 'CANCELADA' ? sql`now()` : sql`cancelado_at`},
        cancelado_por = ${e.situacao === 'CANCELADA' ? sql`(SELECT nome FROM usuario WHERE id = ${usuarioId})` : sql`cancelado_por`}
      WHERE id = ${r.id}`);
    // The insurer hears of each move that means a stage (S03, S04, S05, S09), in this same transaction.
    const codigo = etapaDaSituacao(e.situacao);
    if (codigo) {
      await tx.execute(sql`UPDATE remocao SET etapa = ${etapaSeguinte(r.etapa, codigo)} WHERE id = ${r.id}`);
      await enfileirarAtualizacao(tx, { hotsiteId, remocaoId: r.id, codigo, mensagem: e.situacao === 'CANCELADA' ? e.motivo : null });
    }
    await registrarAlteracao(tx, {
      hotsiteId,
      usuarioId,
      entidade: 'veiculo',
      entidadeId: r.veiculoId,
      acao: 'alterou',
      detalhes: { remocao: e.situacao, remocaoUid: r.uid },
    });
    if (e.situacao !== 'CONCLUIDA' || r.patioId == null) return [];
    await tx.execute(
      sql`UPDATE veiculo SET patio_id = ${r.patioId}, updated_at = now() WHERE id = ${r.veiculoId} AND hotsite_id = ${hotsiteId}`,
    );
    return atualizarCopiaDosLotes(tx, hotsiteId, r.veiculoId);
  });
  await publicarLotes(hub, hotsiteId, publicar.map(comoPublicado));
}

/** Confirms a requested removal (S02 to the insurer): who confirmed and when. */
export async function confirmarRemocao({ db, hotsiteId, usuarioId, uid }: { db: Db; hotsiteId: number; usuarioId: number; uid: string }) {
  await db.transaction(async (tx) => {
    const r = await buscar(tx, hotsiteId, uid, true);
    if (r.confirmadoAt) throw new ErroHttp(409, MENSAGENS_ETAPA.jaConfirmada);
    if (r.situacao !== 'SOLICITADA') throw new ErroHttp(409, MENSAGENS_ETAPA.confirmarSolicitada);
    await tx.execute(sql`UPDATE remocao SET confirmado_at = now(), confirmado_por = (SELECT nome FROM usuario WHERE id = ${usuarioId}),
        etapa = ${etapaSeguinte(r.etapa, 'S02')}, updated_at = now() WHERE id = ${r.id}`);
    await enfileirarAtualizacao(tx, { hotsiteId, remocaoId: r.id, codigo: 'S02' });
    await registrarAlteracao(tx, {
      hotsiteId,
      usuarioId,
      entidade: 'veiculo',
      entidadeId: r.veiculoId,
      acao: 'alterou',
      detalhes: { remocaoUid: r.uid, etapa: 'S02' },
    });
  });
}

export const etapaSchema = z.object({
  codigo: z.enum(ETAPAS_DO_PATIO, { error: 'Etapa inválida' }),
  mensagem: textoOpcional(2000),
});

/**
 * Reports a stage after the yard (inspection, detran, release, sale, payment, documents, pick-up: S06-S17 of
 * decision 171) to the insurer, in order; the sale (S11) waits for the insurer's authorisation (S08).
 */
export async function informarEtapa({
  db,
  hotsiteId,
  usuarioId,
  uid,
  entrada,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  uid: string;
  entrada: unknown;
}) {
  const e = etapaSchema.parse(entrada);
  await db.transaction(async (tx) => {
    const r = await buscar(tx, hotsiteId, uid, true);
    const recusa = recusaDaEtapa(e.codigo, { situacao: r.situacao, etapa: r.etapa, autorizada: r.autorizadoAt != null });
    if (recusa) throw new ErroHttp(409, recusa);
    await tx.execute(sql`UPDATE remocao SET etapa = ${e.codigo}, updated_at = now() WHERE id = ${r.id}`);
    await enfileirarAtualizacao(tx, { hotsiteId, remocaoId: r.id, codigo: e.codigo, mensagem: e.mensagem });
    await registrarAlteracao(tx, {
      hotsiteId,
      usuarioId,
      entidade: 'veiculo',
      entidadeId: r.veiculoId,
      acao: 'alterou',
      detalhes: { remocaoUid: r.uid, etapa: e.codigo },
    });
  });
}
