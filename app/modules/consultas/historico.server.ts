import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import {
  consultaVeiculo,
  leilaoQuemPaga,
  lote,
  veiculo,
  type ItemConsultaVeiculo,
  type QuemPaga,
  type ResultadoConsulta,
} from '@db/schema';
import { montarHistorico, type ItemDoHistorico, type LinhaConsulta } from './historico';
import { ProvedorIndisponivel, type Provedores, type RespostaHistoricoVeicular } from './provedores.server';

/*
 * The lot's checked history (issue #31). Reading never calls a provider: the lot page and the lot API show
 * what is stored, so a slow provider never holds them. Checking (staff's "Atualizar consultas", the demo's
 * seed and the retry of failed or stale checks) calls the provider under CONSULTAS_TIMEOUT_MS and stores one
 * row per item: the answer, or FALHOU keeping the time of the last good answer.
 */

export interface HistoricoDoLote {
  itens: ItemDoHistorico[];
  /** The newest check's time; null when the vehicle was never checked. */
  consultadoAt: Date | null;
}

async function quemPagaDoLeilao(db: Db, hotsiteId: number, leilaoId: number | null): Promise<QuemPaga> {
  if (leilaoId === null) return {};
  const [q] = await db
    .select({ itens: leilaoQuemPaga.itens })
    .from(leilaoQuemPaga)
    .where(and(eq(leilaoQuemPaga.hotsiteId, hotsiteId), eq(leilaoQuemPaga.leilaoId, leilaoId)));
  return q?.itens ?? {};
}

async function linhasDoVeiculo(db: Db, hotsiteId: number, veiculoId: number): Promise<LinhaConsulta[]> {
  return db
    .select({
      item: consultaVeiculo.item,
      resultado: consultaVeiculo.resultado,
      valor: consultaVeiculo.valor,
      detalhe: consultaVeiculo.detalhe,
      fonte: consultaVeiculo.fonte,
      consultadoAt: consultaVeiculo.consultadoAt,
      ultimoSucessoAt: consultaVeiculo.ultimoSucessoAt,
    })
    .from(consultaVeiculo)
    .where(and(eq(consultaVeiculo.hotsiteId, hotsiteId), eq(consultaVeiculo.veiculoId, veiculoId)));
}

/** The panel of a lot of this brand (null when the lot is not this brand's). */
export async function historicoDoLote({
  db,
  hotsiteId,
  loteId,
  agora = new Date(),
}: {
  db: Db;
  hotsiteId: number;
  loteId: number;
  agora?: Date;
}): Promise<HistoricoDoLote | null> {
  const [l] = await db
    .select({ veiculoId: lote.veiculoId, leilaoId: lote.leilaoId })
    .from(lote)
    .where(and(eq(lote.hotsiteId, hotsiteId), eq(lote.id, loteId)));
  if (!l) return null;
  const [linhas, quemPaga] = await Promise.all([linhasDoVeiculo(db, hotsiteId, l.veiculoId), quemPagaDoLeilao(db, hotsiteId, l.leilaoId)]);
  return comoHistorico(linhas, quemPaga, agora);
}

/**
 * The lot page's read: a vehicle's checks and its auction's terms in one statement (the page already has
 * the lot, so it needs no lookup of it).
 */
export async function historicoDoVeiculoNoLeilao({
  db,
  hotsiteId,
  veiculoId,
  leilaoId,
}: {
  db: Db;
  hotsiteId: number;
  veiculoId: number;
  leilaoId: number | null;
}): Promise<HistoricoDoLote> {
  const linhas = (await db.execute(sql`
    SELECT q.itens AS "quemPaga", c.item, c.resultado, c.valor, c.detalhe, c.fonte,
           c.consultado_at AS "consultadoAt", c.ultimo_sucesso_at AS "ultimoSucessoAt"
      FROM (SELECT 1) um
      LEFT JOIN consulta_veiculo c ON c.hotsite_id = ${hotsiteId} AND c.veiculo_id = ${veiculoId}
      LEFT JOIN leilao_quem_paga q ON q.hotsite_id = ${hotsiteId} AND q.leilao_id = ${leilaoId ?? 0}`)) as unknown as {
    rows: (Omit<LinhaConsulta, 'item' | 'valor' | 'consultadoAt' | 'ultimoSucessoAt'> & {
      item: LinhaConsulta['item'] | null;
      valor: string | number | null;
      consultadoAt: string | Date;
      ultimoSucessoAt: string | Date | null;
      quemPaga: QuemPaga | null;
    })[];
  };
  const quemPaga = linhas.rows[0]?.quemPaga ?? {};
  const consultas = linhas.rows.flatMap((r) =>
    r.item === null
      ? []
      : [
          {
            item: r.item,
            resultado: r.resultado,
            valor: r.valor === null ? null : Number(r.valor),
            detalhe: r.detalhe,
            fonte: r.fonte,
            consultadoAt: new Date(r.consultadoAt),
            ultimoSucessoAt: r.ultimoSucessoAt === null ? null : new Date(r.ultimoSucessoAt),
          },
        ],
  );
  return comoHistorico(consultas, quemPaga, new Date());
}

/** A vehicle's checks (the vehicle form's detran tab), without an auction's terms. */
export async function historicoDoVeiculo({
  db,
  hotsiteId,
  veiculoId,
}: {
  db: Db;
  hotsiteId: number;
  veiculoId: number;
}): Promise<HistoricoDoLote> {
  return comoHistorico(await linhasDoVeiculo(db, hotsiteId, veiculoId), {}, new Date());
}

function comoHistorico(linhas: LinhaConsulta[], quemPaga: QuemPaga, agora: Date): HistoricoDoLote {
  const consultadoAt = linhas.reduce<Date | null>((m, l) => (m === null || l.consultadoAt > m ? l.consultadoAt : m), null);
  return { itens: montarHistorico(linhas, quemPaga, agora), consultadoAt };
}

/** The provider's answer as one row per item. */
export function linhasDaResposta(
  r: RespostaHistoricoVeicular,
): { item: ItemConsultaVeiculo; resultado: ResultadoConsulta; valor: number | null; detalhe: string | null }[] {
  const debito = (item: ItemConsultaVeiculo, valor: number) => ({
    item,
    resultado: (valor > 0 ? 'CONSTA' : 'NADA_CONSTA') as ResultadoConsulta,
    valor,
    detalhe: null,
  });
  const restricao = (item: ItemConsultaVeiculo, detalhe: string | null) => ({
    item,
    resultado: (detalhe ? 'CONSTA' : 'NADA_CONSTA') as ResultadoConsulta,
    valor: null,
    detalhe,
  });
  return [
    debito('IPVA', r.ipva),
    debito('MULTAS', r.multas),
    debito('LICENCIAMENTO', r.licenciamento),
    restricao('ALIENACAO', r.alienacao),
    restricao('BLOQUEIO_JUDICIAL', r.bloqueioJudicial),
    restricao('RECALL', r.recall),
    restricao('MONTA', r.monta),
    restricao('VEICULO_LEILAO', r.leilao ? 'Veículo já passou por leilão' : null),
  ];
}

export type ResultadoDaAtualizacao =
  { tipo: 'consultado'; fonte: string } | { tipo: 'indisponivel'; motivo: string } | { tipo: 'nao_encontrado' };

/**
 * Checks one vehicle of this brand now, under the provider's deadline, and stores the answer (or the
 * failure). Never throws for the provider: a failure is a stored FALHOU and `indisponivel`.
 */
export async function atualizarConsultasDoVeiculo({
  db,
  hotsiteId,
  veiculoId,
  provedores,
}: {
  db: Db;
  hotsiteId: number;
  veiculoId: number;
  provedores: Provedores;
}): Promise<ResultadoDaAtualizacao> {
  const [v] = await db
    .select({ placa: veiculo.placa, chassi: veiculo.chassi, renavam: veiculo.renavam })
    .from(veiculo)
    .where(and(eq(veiculo.hotsiteId, hotsiteId), eq(veiculo.id, veiculoId)));
  if (!v) return { tipo: 'nao_encontrado' };
  let resposta: RespostaHistoricoVeicular;
  try {
    resposta = await provedores.historico.consultar(v, AbortSignal.timeout(provedores.timeoutMs));
  } catch (e) {
    const motivo = e instanceof ProvedorIndisponivel ? e.message : 'erro inesperado';
    await registrarFalha(db, hotsiteId, veiculoId, provedores.historico.nome);
    return { tipo: 'indisponivel', motivo };
  }
  const agora = new Date();
  await db
    .insert(consultaVeiculo)
    .values(
      linhasDaResposta(resposta).map((l) => ({
        ...l,
        hotsiteId,
        veiculoId,
        fonte: resposta.fonte,
        consultadoAt: agora,
        ultimoSucessoAt: agora,
      })),
    )
    .onConflictDoUpdate({
      target: [consultaVeiculo.hotsiteId, consultaVeiculo.veiculoId, consultaVeiculo.item],
      set: {
        resultado: sql`excluded.resultado`,
        valor: sql`excluded.valor`,
        detalhe: sql`excluded.detalhe`,
        fonte: sql`excluded.fonte`,
        consultadoAt: sql`excluded.consultado_at`,
        ultimoSucessoAt: sql`excluded.ultimo_sucesso_at`,
      },
    });
  return { tipo: 'consultado', fonte: resposta.fonte };
}

/** Every item marked failed now; the last good answer's time stays. */
async function registrarFalha(db: Db, hotsiteId: number, veiculoId: number, fonte: string) {
  const agora = new Date();
  const itens: ItemConsultaVeiculo[] = [
    'IPVA',
    'MULTAS',
    'LICENCIAMENTO',
    'ALIENACAO',
    'BLOQUEIO_JUDICIAL',
    'RECALL',
    'MONTA',
    'VEICULO_LEILAO',
  ];
  await db
    .insert(consultaVeiculo)
    .values(itens.map((item) => ({ hotsiteId, veiculoId, item, resultado: 'FALHOU' as const, fonte, consultadoAt: agora })))
    .onConflictDoUpdate({
      target: [consultaVeiculo.hotsiteId, consultaVeiculo.veiculoId, consultaVeiculo.item],
      set: { resultado: sql`excluded.resultado`, fonte: sql`excluded.fonte`, consultadoAt: sql`excluded.consultado_at` },
    });
}

/**
 * The retry: vehicles with a lot on sale whose checks failed or are older than 7 days, a few at a time,
 * oldest first. Called by the background job (and by tests).
 */
export async function reconsultarPendentes({
  db,
  provedores,
  limite = 10,
  agora = new Date(),
}: {
  db: Db;
  provedores: Provedores;
  limite?: number;
  agora?: Date;
}) {
  const limiteVelho = new Date(agora.getTime() - 7 * 24 * 60 * 60 * 1000);
  const pendentes = await db
    .selectDistinct({
      hotsiteId: consultaVeiculo.hotsiteId,
      veiculoId: consultaVeiculo.veiculoId,
      consultadoAt: consultaVeiculo.consultadoAt,
    })
    .from(consultaVeiculo)
    .where(sql`${consultaVeiculo.resultado} = 'FALHOU' OR ${consultaVeiculo.consultadoAt} < ${limiteVelho}`)
    .orderBy(consultaVeiculo.consultadoAt)
    .limit(limite * 8);
  const vistos = new Set<string>();
  const feitos: ResultadoDaAtualizacao[] = [];
  for (const p of pendentes) {
    const chave = `${p.hotsiteId}:${p.veiculoId}`;
    if (vistos.has(chave) || vistos.size >= limite) continue;
    vistos.add(chave);
    feitos.push(await atualizarConsultasDoVeiculo({ db, hotsiteId: p.hotsiteId, veiculoId: p.veiculoId, provedores }));
  }
  return feitos;
}

/** The auction's terms on debts (staff): who pays IPVA, fines, licensing and a lien's payoff. */
export async function definirQuemPaga({
  db,
  hotsiteId,
  leilaoId,
  itens,
}: {
  db: Db;
  hotsiteId: number;
  leilaoId: number;
  itens: QuemPaga;
}) {
  await db
    .insert(leilaoQuemPaga)
    .values({ hotsiteId, leilaoId, itens })
    .onConflictDoUpdate({
      target: leilaoQuemPaga.leilaoId,
      set: { itens, updatedAt: new Date() },
      where: eq(leilaoQuemPaga.hotsiteId, hotsiteId),
    });
}
