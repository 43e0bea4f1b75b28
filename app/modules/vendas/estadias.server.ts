import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { RESULTADOS_VALIDACAO, SITUACOES_ESTADIA } from '@db/schema/entrega';
import { registrarAlteracao } from '~/modules/identidade/permissoes-marca.server';
import { ErroHttp } from '~/utils/errors';
import { limiteSchema, PAGINA_MAXIMA, textoLivre } from '~/utils/entrada';
import { linhas } from '~/utils/linhas.server';

/*
 * Stays (estadia) and the services on them (spec 001 §3 "Stay"; decision 072), and the staff answer to a
 * lot's client validation (spec 000 §4 "Lot validation result"). Every query filters by hotsiteId;
 * a client reads only the services of their own sales.
 */
type Linha = Record<string, unknown>;
const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

/** GET /{v}/estadias/servicos-solicitados: the services the client requested (pickups booked), newest first. */
export async function servicosSolicitados({ db, hotsiteId, usuarioId }: { db: Db; hotsiteId: number; usuarioId: number }) {
  return linhas<Linha>(
    await db.execute(sql`
      SELECT s.uid, s.tipo, s.situacao, s.agendado_para, s.observacao, s.venda_id, s.created_at,
             e.uid AS estadia_uid, p.uid AS patio_uid, p.nome AS patio_nome, p.cidade AS patio_cidade, p.estado_uf AS patio_uf,
             v.uid AS vei_uid, v.nome AS veiculo_nome, v.placa
        FROM estadia_servico s JOIN estadia e ON e.id = s.estadia_id JOIN patio p ON p.id = e.patio_id JOIN veiculo v ON v.id = e.veiculo_id
       WHERE s.hotsite_id = ${hotsiteId} AND s.usuario_id = ${usuarioId}
       ORDER BY s.id DESC LIMIT 100`),
  ).map((r) => ({
    uid: String(r.uid),
    tipo: String(r.tipo),
    situacao: String(r.situacao),
    agendadoPara: iso(r.agendado_para),
    dataSolicitacao: iso(r.created_at),
    observacao: (r.observacao as string | null) ?? null,
    vendaId: r.venda_id == null ? null : Number(r.venda_id),
    estadiaUid: String(r.estadia_uid),
    patio: { uid: String(r.patio_uid), nome: String(r.patio_nome), cidade: String(r.patio_cidade), estadoUf: String(r.patio_uf) },
    veiculo: { uid: String(r.vei_uid), nome: String(r.veiculo_nome), placa: (r.placa as string | null) ?? null },
  }));
}

/** Whole days a stay has lasted (today counts; at least 1). */
export function diariasDaEstadia(diaInicio: string, diaFim: string | null, hoje: string): number {
  const fim = diaFim ?? hoje;
  const d = Math.round((Date.parse(`${fim}T12:00:00Z`) - Date.parse(`${diaInicio}T12:00:00Z`)) / 86_400_000) + 1;
  return Math.max(1, d);
}

export const consultaEstadias = z.object({
  situacao: z.enum(SITUACOES_ESTADIA, 'situacao deve ser ATIVA ou FINALIZADA').optional(),
  patUid: z.uuid('patUid deve ser o uid de um pátio').optional(),
  placa: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,8}$/, 'placa inválida')
    .optional(),
  page: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,9}\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: 'page precisa ser um número inteiro' })
      .int('page precisa ser um número inteiro')
      .min(1, `page deve estar entre 1 e ${PAGINA_MAXIMA}`)
      .max(PAGINA_MAXIMA, `page deve estar entre 1 e ${PAGINA_MAXIMA}`)
      .optional(),
  ),
  limit: limiteSchema(100),
});

/**
 * GET /{v}/estadias/qb (staff): the brand's stays with yard, vehicle, days and storage fee
 * (days × the yard's valorDiaria), newest first; total in the `count` header.
 */
export async function consultarEstadias({ db, hotsiteId, entrada }: { db: Db; hotsiteId: number; entrada: unknown }) {
  const q = consultaEstadias.parse(entrada);
  const porPagina = q.limit ?? 30;
  const pagina = q.page ?? 1;
  const onde = sql`e.hotsite_id = ${hotsiteId}
    ${q.situacao ? sql`AND e.situacao = ${q.situacao}` : sql``}
    ${q.patUid ? sql`AND p.uid = ${q.patUid}` : sql``}
    ${q.placa ? sql`AND upper(replace(v.placa, '-', '')) = ${q.placa.toUpperCase().replace(/-/g, '')}` : sql``}`;
  const de = sql`FROM estadia e JOIN patio p ON p.id = e.patio_id JOIN veiculo v ON v.id = e.veiculo_id`;
  const [lista, contagem, hoje] = await Promise.all([
    db.execute(sql`SELECT e.id, e.uid, e.situacao, to_char(e.dia_inicio, 'YYYY-MM-DD') AS dia_inicio, to_char(e.dia_fim, 'YYYY-MM-DD') AS dia_fim,
                          e.vaga, e.codigo_chave, e.observacao, p.uid AS patio_uid, p.nome AS patio_nome, p.valor_diaria,
                          v.uid AS vei_uid, v.nome AS veiculo_nome, v.placa,
                          (SELECT count(*) FROM estadia_servico s WHERE s.estadia_id = e.id) AS servicos
                     ${de} WHERE ${onde} ORDER BY e.id DESC LIMIT ${porPagina} OFFSET ${(pagina - 1) * porPagina}`),
    db.execute(sql`SELECT count(*)::int AS n ${de} WHERE ${onde}`),
    db.execute(sql`SELECT to_char((now() AT TIME ZONE 'America/Sao_Paulo')::date, 'YYYY-MM-DD') AS hoje`),
  ]);
  const dia = String(linhas<Linha>(hoje)[0].hoje);
  const itens = linhas<Linha>(lista).map((r) => {
    const diarias = diariasDaEstadia(String(r.dia_inicio), (r.dia_fim as string | null) ?? null, dia);
    return {
      id: Number(r.id),
      uid: String(r.uid),
      situacao: String(r.situacao),
      diaInicio: String(r.dia_inicio),
      diaFim: (r.dia_fim as string | null) ?? null,
      vaga: (r.vaga as string | null) ?? null,
      codigoChave: (r.codigo_chave as string | null) ?? null,
      observacao: (r.observacao as string | null) ?? null,
      patio: { uid: String(r.patio_uid), nome: String(r.patio_nome) },
      veiculo: { uid: String(r.vei_uid), nome: String(r.veiculo_nome), placa: (r.placa as string | null) ?? null },
      diarias,
      valorDiaria: Number(r.valor_diaria),
      valorEstadia: diarias * Number(r.valor_diaria),
      quantidadeServicos: Number(r.servicos),
    };
  });
  return { itens, total: Number(linhas<Linha>(contagem)[0]?.n ?? 0) };
}

export const MENSAGENS_VALIDACAO = {
  naoEncontrada: 'Validação não encontrada',
  jaRespondida: 'Esta validação já foi respondida',
} as const;

export const respostaValidacaoSchema = z.object({
  resultado: z.enum(
    RESULTADOS_VALIDACAO.filter((r) => r !== 'Aguardando') as ['Autorizado', 'Falha', 'Divergente'],
    'Resultado deve ser Autorizado, Falha ou Divergente',
  ),
  observacao: textoLivre(500, 'Observação de até 500 caracteres').optional(),
});

/** PUT /v1/leiloes/lotes/lote-cliente-validacoes/responder-validacao/{id} (staff): one answer, audited. */
export async function responderValidacao({
  db,
  hotsiteId,
  id,
  entrada,
  autor,
}: {
  db: Db;
  hotsiteId: number;
  id: number;
  entrada: unknown;
  autor: { id: number; nome: string };
}) {
  const e = respostaValidacaoSchema.parse(entrada);
  return db.transaction(async (tx) => {
    const [v] = linhas<Linha>(
      await tx.execute(
        sql`SELECT id, resultado, lote_id FROM lote_cliente_validacao WHERE id = ${id} AND hotsite_id = ${hotsiteId} FOR UPDATE`,
      ),
    );
    if (!v) throw new ErroHttp(404, MENSAGENS_VALIDACAO.naoEncontrada);
    if (v.resultado !== 'Aguardando') throw new ErroHttp(409, MENSAGENS_VALIDACAO.jaRespondida);
    await tx.execute(sql`UPDATE lote_cliente_validacao SET resultado = ${e.resultado}, observacao = ${e.observacao ?? null},
                          respondido_por = ${autor.nome}, respondido_at = now(), updated_at = now() WHERE id = ${id}`);
    await registrarAlteracao(tx, {
      hotsiteId,
      usuarioId: autor.id,
      entidade: 'lote-cliente-validacao',
      entidadeId: id,
      acao: 'alterou',
      detalhes: { resultado: e.resultado, loteId: Number(v.lote_id) },
    });
    return { id, resultado: e.resultado, observacao: e.observacao ?? null, respondidoPor: autor.nome };
  });
}
