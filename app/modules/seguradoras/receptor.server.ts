import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@db/client.server';
import { ETAPAS, type CodigoEtapa } from '~/modules/remocoes/etapas';
import { linhas } from '~/utils/linhas.server';
import { assinaturaValida } from './assinatura.server';
import { envelopeSchema, errosDoEnvelope, type Envelope, type RemocaoSeguradora } from './envelope';

/*
 * The insurer's webhook (spec 001 §9; decisions 171-172): one address per insurer and brand,
 * `/v1/integracao/{mapfre|bradesco|pan}/remocoes`. In order: the brand's integration with that insurer (none:
 * 404), the signature (bad: 401, nothing stored, nothing logged: an unsigned body is nobody's), the
 * envelope (bad: EST03 with the errors, logged), then the event in one transaction that first claims
 * processId + eventCode (`seguradora_evento`): a replay, sequential or parallel, finds the claim taken and
 * answers ESTXX without touching the removal or the vehicle. Every signed exchange is in the integration
 * log with what we answered.
 */

export const INTEGRADORAS_SEGURADORAS = { mapfre: 'Mapfre', bradesco: 'Bradesco', pan: 'Pan' } as const;
export type Seguradora = (typeof INTEGRADORAS_SEGURADORAS)[keyof typeof INTEGRADORAS_SEGURADORAS];

export type Recibo =
  | { status: 'EST01'; statusName: 'Recebido'; message: string; processId: string; eventCode: string }
  | { status: 'EST02'; statusName: 'Processado'; message: string; processId: string; eventCode: string; remocaoUid?: string }
  | { status: 'EST03'; statusName: 'Não processado'; message: string; errors: string[]; processId?: string; eventCode?: string }
  | { status: 'ESTXX'; statusName: 'Já processado'; message: string; processId: string; eventCode: string };

export type ResultadoDoReceptor = { tipo: 'sem-integracao' } | { tipo: 'assinatura-invalida' } | { tipo: 'recibo'; recibo: Recibo };

export const MENSAGENS_RECEPTOR = {
  semIntegracao: 'Integração com esta seguradora não configurada para esta marca',
  assinatura: 'Assinatura inválida ou expirada',
  processado: 'Evento processado com sucesso',
  recebido: 'Evento recebido; aguarda resposta da equipe',
  jaProcessado: 'Evento já processado',
  naoProcessado: 'Evento não processado',
  json: 'Corpo não é um JSON válido',
  naoRecebido: (c: string) => `O evento ${c} é enviado pelo pátio, não recebido`,
  tipoErrado: (c: string, t: string) => `O evento ${c} deve trazer type ${t}`,
  semRemocao: 'Nenhuma remoção desta seguradora com o processId informado',
  jaExiste: 'Já existe uma remoção desta seguradora com o processId informado',
  naoCancela: 'A remoção já saiu do local de retirada e não pode ser cancelada',
  remetente: 'O remetente não corresponde à seguradora do endereço',
} as const;

class Recusa extends Error {
  constructor(readonly erros: string[]) {
    super(erros.join('; '));
  }
}

interface Integracao {
  id: number;
  segredo: string;
  comitenteId: number | null;
}

async function integracaoDaMarca(db: Db, hotsiteId: number, integradora: Seguradora): Promise<Integracao | null> {
  const [i] = linhas<Integracao>(
    await db.execute(sql`SELECT id, segredo, comitente_id AS "comitenteId" FROM seguradora_integracao
                          WHERE hotsite_id = ${hotsiteId} AND integradora = ${integradora} AND ativo`),
  );
  return i ? { ...i, comitenteId: i.comitenteId == null ? null : Number(i.comitenteId) } : null;
}

const endereco = (p: RemocaoSeguradora['pickUpLocation']) => {
  const a = p.address;
  const rua = [a.type, a.street].filter(Boolean).join(' ');
  const partes = [
    `${rua}${a.number ? `, ${a.number}` : ''}`,
    a.complement,
    a.neighborhood,
    `${a.cityName}/${a.stateName}`,
    a.zip && `CEP ${a.zip}`,
  ];
  return `${p.name} — ${partes.filter(Boolean).join(', ')}`;
};

const categoriaDoModelo = (tipo?: string) => {
  const t = (tipo ?? '').toLowerCase();
  if (/moto/.test(t)) return 'Moto';
  if (/caminh|ônibus|onibus|pesad/.test(t)) return 'Pesados';
  if (/utilit|pick|van/.test(t)) return 'Utilitários';
  return 'Carros';
};

/** S01: the vehicle (found by chassis, else plate, or registered out of stock: no yard yet) and its removal. */
async function solicitacao(tx: Tx, hotsiteId: number, integradora: Seguradora, integ: Integracao, e: Envelope) {
  const r = e.businessData.removal!;
  const processId = e.businessData.processId;
  const [existente] = linhas(
    await tx.execute(
      sql`SELECT 1 FROM remocao WHERE hotsite_id = ${hotsiteId} AND integradora = ${integradora} AND process_id = ${processId}`,
    ),
  );
  if (existente) throw new Recusa([MENSAGENS_RECEPTOR.jaExiste]);
  const v = r.vehicle;
  const chassi = v.chassis?.toUpperCase().replace(/[\s-]/g, '') ?? null;
  const placa = v.plate?.toUpperCase().replace(/[\s-]/g, '') ?? null;
  const [achado] = linhas<{ id: number }>(
    await tx.execute(sql`SELECT id FROM veiculo WHERE hotsite_id = ${hotsiteId}
        AND (${chassi}::text IS NOT NULL AND chassi = ${chassi} OR ${chassi}::text IS NULL AND placa = ${placa})
        ORDER BY id LIMIT 1 FOR UPDATE`),
  );
  let veiculoId: number;
  if (achado) veiculoId = Number(achado.id);
  else {
    const nome = [v.brand, v.model, v.version].filter(Boolean).join(' ');
    const [novo] = linhas<{ id: number }>(
      await tx.execute(sql`INSERT INTO veiculo (hotsite_id, nome, modelo, versao, veiculo_tipo_id, marca_id, comitente_id, ano_modelo, cor,
            placa, chassi, combustivel, fipe_codigo, sinistro, numero_aviso_sinistro, retomada, informacao_complementar)
          VALUES (${hotsiteId}, ${nome}, ${v.model}, ${v.version ?? null},
            (SELECT id FROM veiculo_tipo WHERE categoria = ${categoriaDoModelo(v.modelType)} ORDER BY id LIMIT 1),
            (SELECT id FROM marca WHERE lower(nome) = lower(${v.brand ?? ''}) LIMIT 1), ${integ.comitenteId}, ${v.modelYear ?? null},
            ${v.color ?? null}, ${placa}, ${chassi}, ${v.fuelType ?? null}, ${v.fipeCode ?? null}, true, ${r.claimId}, 'Sinistro',
            ${r.damageDescription ?? null})
          RETURNING id`),
    );
    veiculoId = Number(novo.id);
  }
  const destino = r.deliveryLocation?.name;
  const [patio] = destino
    ? linhas<{ id: number }>(
        await tx.execute(sql`SELECT id FROM patio WHERE hotsite_id = ${hotsiteId} AND lower(nome) = lower(${destino}) LIMIT 1`),
      )
    : [];
  const observacao =
    [r.claimNature && `Natureza: ${r.claimNature}`, r.damageDescription, r.removalRemark].filter(Boolean).join('. ') || null;
  const [remocao] = linhas<{ id: number; uid: string }>(
    await tx.execute(sql`INSERT INTO remocao (hotsite_id, veiculo_id, patio_id, local_remocao, transportadora, observacao, integradora,
          protocolo, process_id, sinistro, etapa)
        VALUES (${hotsiteId}, ${veiculoId}, ${patio ? Number(patio.id) : null}, ${endereco(r.pickUpLocation)}, ${r.transporter?.name ?? null},
          ${observacao}, ${integradora}, ${r.removalId}, ${processId}, ${r.claimId}, 'S01')
        RETURNING id, uid`),
  );
  return { remocaoId: Number(remocao.id), remocaoUid: String(remocao.uid), veiculoId };
}

async function remocaoDoProcesso(tx: Tx, hotsiteId: number, integradora: Seguradora, processId: string) {
  const [r] = linhas<{ id: number; uid: string; veiculoId: number; situacao: string; etapa: string | null }>(
    await tx.execute(sql`SELECT id, uid, veiculo_id AS "veiculoId", situacao, etapa FROM remocao
        WHERE hotsite_id = ${hotsiteId} AND integradora = ${integradora} AND process_id = ${processId} FOR UPDATE`),
  );
  if (!r) throw new Recusa([MENSAGENS_RECEPTOR.semRemocao]);
  return { ...r, id: Number(r.id), uid: String(r.uid), veiculoId: Number(r.veiculoId) };
}

/** What one accepted event does, inside the claim's transaction. */
async function aplicar(tx: Tx, hotsiteId: number, integradora: Seguradora, integ: Integracao, e: Envelope) {
  const codigo = e.event.eventCode as CodigoEtapa;
  const etapa = ETAPAS[codigo];
  if (etapa.sentido === 'enviado') throw new Recusa([MENSAGENS_RECEPTOR.naoRecebido(codigo)]);
  if (e.businessData.type !== etapa.tipo) throw new Recusa([MENSAGENS_RECEPTOR.tipoErrado(codigo, etapa.tipo)]);
  if (codigo === 'S01') return { ...(await solicitacao(tx, hotsiteId, integradora, integ, e)), recibo: 'EST02' as const };
  const r = await remocaoDoProcesso(tx, hotsiteId, integradora, e.businessData.processId);
  const base = { remocaoId: r.id, remocaoUid: r.uid, veiculoId: r.veiculoId };
  const st = e.businessData.status_update;
  if (codigo === 'S08') {
    await tx.execute(sql`UPDATE remocao SET autorizado_at = coalesce(${st?.timestamp ?? null}::timestamptz, now()),
        autorizacao_codigo = ${st?.statusCode ?? null}, autorizado_por = ${e.businessData.sender.name},
        etapa = CASE WHEN etapa IS NULL OR etapa IN ('S01','S02','S03','S04','S05','S06','S07') THEN 'S08' ELSE etapa END, updated_at = now()
      WHERE id = ${r.id}`);
    // A sale that waited for this authorisation (decision 204) is reported on the sender's next turn.
    await tx.execute(sql`UPDATE remocao_etapa_automatica SET proxima_em = now() WHERE remocao_id = ${r.id} AND situacao = 'pendente'`);
    return { ...base, recibo: 'EST02' as const };
  }
  if (codigo === 'S09') {
    if (r.situacao === 'CANCELADA') return { ...base, recibo: 'EST02' as const };
    if (r.situacao !== 'SOLICITADA' && r.situacao !== 'AGENDADA') throw new Recusa([MENSAGENS_RECEPTOR.naoCancela]);
    const motivo = st?.statusMessage ?? (e.event.eventComment || 'Cancelada pela seguradora');
    await tx.execute(sql`UPDATE remocao SET situacao = 'CANCELADA', etapa = 'S09', motivo_cancelamento = ${motivo}, cancelado_at = now(),
        cancelado_por = ${e.businessData.sender.name}, updated_at = now() WHERE id = ${r.id}`);
    return { ...base, recibo: 'EST02' as const };
  }
  if (codigo === 'S14') {
    // A question waits for a person (S15, decision 205): kept beside the removal, answered from its screen.
    const c = e.businessData.communication_request!;
    await tx.execute(sql`INSERT INTO seguradora_comunicacao (hotsite_id, remocao_id, codigo, tipo, protocolo, texto, usuario, recebida_em)
        VALUES (${hotsiteId}, ${r.id}, ${c.code}, ${c.type ?? null}, ${c.protocol ?? null}, ${c.text}, ${c.user ?? null},
          coalesce(${c.timestamp ?? null}::timestamptz, now()))
        ON CONFLICT ON CONSTRAINT seguradora_comunicacao_unica DO NOTHING`);
    return { ...base, recibo: 'EST01' as const };
  }
  // S16 (files) is kept in the log.
  return { ...base, recibo: 'EST02' as const };
}

async function registrarLog(
  db: Db | Tx,
  l: {
    hotsiteId: number;
    integradora: Seguradora;
    url: string;
    processId: string | null;
    body: unknown;
    recibo: Recibo;
    ms: number;
    veiculoId?: number | null;
    remocaoId?: number | null;
  },
) {
  const erro = l.recibo.status === 'EST03' ? l.recibo.errors.join('; ') || l.recibo.message : null;
  await db.execute(sql`INSERT INTO comitente_integracao_log (hotsite_id, cli_uid, integradora, tipo, url, body, response, error, tempo_resposta,
        veiculo_id, remocao_id)
      VALUES (${l.hotsiteId}, ${l.processId}, ${l.integradora}, 'webhook', ${l.url}, ${JSON.stringify(l.body)}::jsonb,
        ${JSON.stringify(l.recibo)}::jsonb, ${erro}, ${l.ms}, ${l.veiculoId ?? null}, ${l.remocaoId ?? null})`);
}

/** The body as stored in the log: its JSON, or its text when it is not JSON (bounded). */
const corpoParaLog = (bruto: Buffer): unknown => {
  const texto = bruto.toString('utf8').replaceAll('\u0000', '');
  try {
    return JSON.parse(texto) as unknown;
  } catch {
    return { texto: texto.slice(0, 10_000) };
  }
};

/** Receives one event of one insurer for one brand (see the comment at the top for the order). */
export async function receberEvento({
  db,
  hotsiteId,
  integradora,
  url,
  corpo,
  timestamp,
  assinatura,
  agoraMs = Date.now(),
}: {
  db: Db;
  hotsiteId: number;
  integradora: Seguradora;
  url: string;
  /** The bytes as they came: the signature is over them, not over a re-serialised JSON. */
  corpo: Buffer;
  timestamp: string | undefined;
  assinatura: string | undefined;
  agoraMs?: number;
}): Promise<ResultadoDoReceptor> {
  const inicio = performance.now();
  const integ = await integracaoDaMarca(db, hotsiteId, integradora);
  if (!integ) return { tipo: 'sem-integracao' };
  if (!assinaturaValida({ segredo: integ.segredo, timestamp, assinatura, corpo, agoraMs })) return { tipo: 'assinatura-invalida' };
  const ms = () => Math.round(performance.now() - inicio);

  const recusar = async (
    erros: string[],
    body: unknown,
    processId: string | null,
    eventCode?: string,
    ligado?: { remocaoId?: number; veiculoId?: number },
  ) => {
    const recibo: Recibo = {
      status: 'EST03',
      statusName: 'Não processado',
      message: MENSAGENS_RECEPTOR.naoProcessado,
      errors: erros,
      ...(processId ? { processId } : {}),
      ...(eventCode ? { eventCode } : {}),
    };
    await registrarLog(db, { hotsiteId, integradora, url, processId, body, recibo, ms: ms(), ...ligado });
    return { tipo: 'recibo' as const, recibo };
  };

  let json: unknown;
  try {
    json = JSON.parse(corpo.toString('utf8'));
  } catch {
    return recusar([MENSAGENS_RECEPTOR.json], corpoParaLog(corpo), null);
  }
  const lido = envelopeSchema.safeParse(json);
  if (!lido.success) {
    const bd = (json as { businessData?: { processId?: unknown } } | null)?.businessData;
    return recusar(errosDoEnvelope(lido.error), json, typeof bd?.processId === 'string' ? bd.processId.slice(0, 100) : null);
  }
  const e = lido.data;
  const processId = e.businessData.processId;
  const eventCode = e.event.eventCode;
  // The idempotency key: a claim may bring many questions (S14), one per communication code.
  const chave =
    eventCode === 'S14' && e.businessData.communication_request ? `S14:${e.businessData.communication_request.code}` : eventCode;

  try {
    return await db.transaction(async (tx) => {
      // The claim: the second of two identical events waits here for the first to commit, then finds it.
      const [claim] = linhas<{ id: number }>(
        await tx.execute(sql`INSERT INTO seguradora_evento (hotsite_id, integradora, process_id, event_code, recibo)
            VALUES (${hotsiteId}, ${integradora}, ${processId}, ${chave}, 'EST02')
            ON CONFLICT ON CONSTRAINT seguradora_evento_unico DO NOTHING RETURNING id`),
      );
      if (!claim) {
        const [antes] = linhas<{ remocaoId: number | null; veiculoId: number | null }>(
          await tx.execute(sql`SELECT e.remocao_id AS "remocaoId", r.veiculo_id AS "veiculoId" FROM seguradora_evento e
              LEFT JOIN remocao r ON r.id = e.remocao_id
              WHERE e.hotsite_id = ${hotsiteId} AND e.integradora = ${integradora} AND e.process_id = ${processId} AND e.event_code = ${chave}`),
        );
        const recibo: Recibo = {
          status: 'ESTXX',
          statusName: 'Já processado',
          message: MENSAGENS_RECEPTOR.jaProcessado,
          processId,
          eventCode,
        };
        await registrarLog(tx, {
          hotsiteId,
          integradora,
          url,
          processId,
          body: json,
          recibo,
          ms: ms(),
          remocaoId: antes?.remocaoId == null ? null : Number(antes.remocaoId),
          veiculoId: antes?.veiculoId == null ? null : Number(antes.veiculoId),
        });
        return { tipo: 'recibo' as const, recibo };
      }
      const feito = await aplicar(tx, hotsiteId, integradora, integ, e);
      await tx.execute(sql`UPDATE seguradora_evento SET recibo = ${feito.recibo}, remocao_id = ${feito.remocaoId} WHERE id = ${claim.id}`);
      const recibo: Recibo =
        feito.recibo === 'EST01'
          ? { status: 'EST01', statusName: 'Recebido', message: MENSAGENS_RECEPTOR.recebido, processId, eventCode }
          : {
              status: 'EST02',
              statusName: 'Processado',
              message: MENSAGENS_RECEPTOR.processado,
              processId,
              eventCode,
              remocaoUid: feito.remocaoUid,
            };
      await registrarLog(tx, {
        hotsiteId,
        integradora,
        url,
        processId,
        body: json,
        recibo,
        ms: ms(),
        remocaoId: feito.remocaoId,
        veiculoId: feito.veiculoId,
      });
      return { tipo: 'recibo' as const, recibo };
    });
  } catch (erro) {
    // A refused event rolls its claim back, so the insurer may send it again corrected.
    if (!(erro instanceof Recusa)) throw erro;
    const ligado = await db.execute(
      sql`SELECT id, veiculo_id AS "veiculoId" FROM remocao WHERE hotsite_id = ${hotsiteId} AND integradora = ${integradora} AND process_id = ${processId}`,
    );
    const [r] = linhas<{ id: number; veiculoId: number }>(ligado);
    return recusar(erro.erros, json, processId, eventCode, r ? { remocaoId: Number(r.id), veiculoId: Number(r.veiculoId) } : undefined);
  }
}
