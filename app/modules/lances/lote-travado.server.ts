import { sql } from 'drizzle-orm';
import { executarNomeada, type Tx } from '@db/client.server';
import { linhas, numeroOuNulo as num } from '~/utils/linhas.server';
import { SITUACOES_ARREMATADO } from '~/modules/dominio/situacoes';
import { travaDoClienteSql } from '~/modules/vendas/vendas.server';
import { transacaoEmLote } from './fila-do-lote.server';
import type { Configuracao, EstadoDisputa } from './disputa';
import { aceitaLanceEm } from './regras';
import { SITUACOES_EM_DISPUTA } from '~/modules/dominio/situacoes';
import { proximoLance } from '~/modules/dominio/dinheiro';
import type { Recusa } from './resultado';

/**
 * The lot as the engine reads it under its row lock: the lot and the database clock, the dispute's
 * state (maxima and leader), and why the lot takes no bid now. Inside a batch of the lot's group
 * commit (fila-do-lote.server.ts) what was read once is kept in memory for the batch's next bodies.
 */

/** A typed array parameter (one parameter, not a spread list). */
export const arr = (v: unknown[], tipo: string) => sql`${sql.param(v)}::${sql.raw(tipo)}`;

export interface LoteTravado {
  id: number;
  hotsiteId: number;
  leilaoId: number | null;
  situacao: string;
  dataInicio: Date | null;
  dataFim: Date | null;
  minimo: number;
  incremento: number;
  compreJa: number | null;
  ultimoLanceValor: number | null;
  ultimoLanceUsuarioId: number | null;
  sequencia: number;
  recebeIncrementoTempo: boolean;
  somenteBuyNowProposta: boolean;
  tipo: string;
  nome: string;
  numero: string;
  veiUid: string;
  pontoCorte: number;
  incrementoTempo: number;
  agora: Date;
}

/**
 * What a batch's transaction (fila-do-lote.server.ts) already read of a lot it holds locked: the lot
 * and its dispute, kept up to date by each body's writes (gravar, the maxima), so the bodies after
 * the first skip both reads. Nothing else writes the lot while the batch holds its row lock (every
 * writer of the lot, its bids and its maxima locks the lot first). The clock: the database's, read
 * under the lock, plus the time elapsed since (monotonic).
 */
interface Lido {
  l: LoteTravado;
  estado: EstadoDisputa | null;
  t0: number;
}
const LIDOS = new WeakMap<Tx, Map<number, Lido>>();
export const lidoDe = (tx: Tx, loteId: number) => LIDOS.get(tx)?.get(loteId);
const copiaDoEstado = (e: EstadoDisputa): EstadoDisputa => ({
  ...e,
  atual: e.atual && { ...e.atual },
  configuracoes: e.configuracoes.map((c) => ({ ...c })),
});

export async function travarLote(tx: Tx, hotsiteId: number, loteId: number): Promise<LoteTravado | null> {
  const lido = lidoDe(tx, loteId);
  if (lido && lido.l.hotsiteId === hotsiteId) {
    return { ...lido.l, agora: new Date(lido.l.agora.getTime() + Math.max(0, performance.now() - lido.t0)) };
  }
  const l = await lerLoteTravado(tx, hotsiteId, loteId);
  if (l && transacaoEmLote(tx)) {
    let porLote = LIDOS.get(tx);
    if (!porLote) LIDOS.set(tx, (porLote = new Map()));
    porLote.set(loteId, { l: { ...l }, estado: null, t0: performance.now() });
  }
  return l;
}

/** The lot's row with what the engine reads beside it, and the database clock (lock it with FOR UPDATE OF l). */
const SELECAO_DO_LOTE = sql`
      SELECT l.id, l.hotsite_id, l.leilao_id, l.situacao, l.data_inicio, l.data_fim, l.minimo, l.incremento, l.compre_ja,
             l.ultimo_lance_valor, l.ultimo_lance_usuario_id, l.sequencia, l.recebe_incremento_tempo,
             l.somente_buy_now_proposta, l.tipo, l.nome, l.numero, v.uid AS vei_uid,
             coalesce(le.ponto_corte_para_incremento_pos_lances_segundos, 60) AS ponto_corte,
             coalesce(le.incremento_apos_lances_segundos, 60) AS incremento_tempo,
             clock_timestamp() AS agora
        FROM lote l
        JOIN veiculo v ON v.id = l.veiculo_id
        LEFT JOIN leilao le ON le.id = l.leilao_id`;

async function lerLoteTravado(tx: Tx, hotsiteId: number, loteId: number): Promise<LoteTravado | null> {
  const [r] = linhas<Record<string, unknown>>(
    await tx.execute(sql`${SELECAO_DO_LOTE} WHERE l.id = ${loteId} AND l.hotsite_id = ${hotsiteId} FOR UPDATE OF l`),
  );
  return r ? loteTravadoDe(r) : null;
}

/**
 * Several lots locked in one statement (id order). With `clientes`, their sale locks too (id order),
 * taken only once every lot is locked (the one-time filter waits for the count of all the locked rows),
 * so the order stays lots first, then clients, as everywhere else.
 */
export async function lerLotesTravados(
  tx: Tx,
  hotsiteId: number,
  ids: number[],
  clientes: number[] = [],
): Promise<Map<number, LoteTravado>> {
  const travados = sql`${SELECAO_DO_LOTE} WHERE l.id = ANY(${arr(ids, 'int[]')}) AND l.hotsite_id = ${hotsiteId} ORDER BY l.id FOR UPDATE OF l`;
  // Named (decision 100): the buy-now batches' statements cost more to parse and plan than to run.
  const rs = await executarNomeada<Record<string, unknown>>(
    tx,
    'lotes_travados',
    clientes.length === 0
      ? travados
      : sql`WITH t AS (${travados}), n AS (SELECT count(*) AS c FROM t)
              SELECT t.*, (SELECT count(${travaDoClienteSql(sql`c.u`)}) FROM (SELECT DISTINCT unnest(${arr(clientes, 'int[]')}) AS u ORDER BY u) c
                            WHERE (SELECT n.c FROM n) >= 0) AS trava
                FROM t`,
  );
  return new Map(rs.map((r) => [Number(r.id), loteTravadoDe(r)]));
}

function loteTravadoDe(r: Record<string, unknown>): LoteTravado {
  return {
    id: r.id as number,
    hotsiteId: r.hotsite_id as number,
    leilaoId: r.leilao_id as number | null,
    situacao: r.situacao as string,
    dataInicio: r.data_inicio ? new Date(r.data_inicio as string) : null,
    dataFim: r.data_fim ? new Date(r.data_fim as string) : null,
    minimo: Number(r.minimo),
    incremento: Number(r.incremento),
    compreJa: num(r.compre_ja),
    ultimoLanceValor: num(r.ultimo_lance_valor),
    ultimoLanceUsuarioId: r.ultimo_lance_usuario_id as number | null,
    sequencia: r.sequencia as number,
    recebeIncrementoTempo: r.recebe_incremento_tempo as boolean,
    somenteBuyNowProposta: r.somente_buy_now_proposta as boolean,
    tipo: r.tipo as string,
    nome: r.nome as string,
    numero: r.numero as string,
    veiUid: String(r.vei_uid),
    pontoCorte: Number(r.ponto_corte),
    incrementoTempo: Number(r.incremento_tempo),
    agora: new Date(r.agora as string),
  };
}

/** The dispute's state, read after the lock is held (a new statement sees every commit before it). */
export async function estadoDaDisputa(tx: Tx, l: LoteTravado): Promise<EstadoDisputa> {
  const lido = lidoDe(tx, l.id);
  if (lido?.estado) return copiaDoEstado(lido.estado);
  const estado = await lerEstadoDaDisputa(tx, l);
  if (lido) lido.estado = copiaDoEstado(estado);
  return estado;
}

/** A maximum saved in this transaction (new or changed), into what the batch keeps of the lot. */
export function lembrarConfiguracao(tx: Tx, loteId: number, c: Configuracao) {
  const estado = lidoDe(tx, loteId)?.estado;
  if (!estado) return;
  const i = estado.configuracoes.findIndex((x) => x.id === c.id);
  if (i >= 0) estado.configuracoes[i] = { ...c };
  else estado.configuracoes.push({ ...c });
}

async function lerEstadoDaDisputa(tx: Tx, l: LoteTravado): Promise<EstadoDisputa> {
  const [r] = linhas<{
    ordem: number | null;
    configs: { id: number; usuario_id: number; valor_maximo: string | number; ordem: number }[] | null;
  }>(
    await tx.execute(sql`
      SELECT (SELECT ordem FROM lance WHERE lote_id = ${l.id} AND situacao = 'Recebido' ORDER BY id DESC LIMIT 1) AS ordem,
             (SELECT json_agg(json_build_object('id', id, 'usuario_id', usuario_id, 'valor_maximo', valor_maximo, 'ordem', ordem))
                FROM lance_automatico WHERE lote_id = ${l.id} AND situacao = 'Ativo') AS configs`),
  );
  const configuracoes: Configuracao[] = (r.configs ?? []).map((c) => ({
    id: c.id,
    usuarioId: c.usuario_id,
    maximo: Number(c.valor_maximo),
    ordem: c.ordem,
  }));
  return {
    minimo: l.minimo,
    incremento: l.incremento,
    atual:
      l.ultimoLanceValor != null && l.ultimoLanceUsuarioId != null
        ? { usuarioId: l.ultimoLanceUsuarioId, valor: l.ultimoLanceValor, ordem: r.ordem ?? 0 }
        : null,
    configuracoes,
  };
}

/** Why this lot takes no bid now, or null. Uses the database clock read under the lock. */
export function recusaDoLote(l: LoteTravado): Recusa | null {
  if (!SITUACOES_EM_DISPUTA.includes(l.situacao)) {
    return { tipo: ['CADASTRADO', 'PENDENTE'].includes(l.situacao) ? 'nao-iniciado' : 'encerrado' };
  }
  if (l.dataInicio && l.agora < l.dataInicio) return { tipo: 'nao-iniciado' };
  if (!l.dataFim || !aceitaLanceEm(l.dataFim, l.agora)) return { tipo: 'encerrado' };
  return null;
}

/**
 * Why a buy-now is refused on a lot that takes none now, told about the purchase (not about bids): the
 * loser of a buy-now race hears that the lot was sold to someone else (or that it is already theirs).
 */
export function recusaDaCompra(l: LoteTravado, usuarioId: number): Recusa | null {
  const motivo = recusaDoLote(l);
  if (!motivo) return null;
  if (motivo.tipo === 'nao-iniciado') return { tipo: 'compra-nao-iniciada' };
  if (SITUACOES_ARREMATADO.includes(l.situacao) && l.ultimoLanceUsuarioId != null) {
    return { tipo: l.ultimoLanceUsuarioId === usuarioId ? 'compra-ja-feita' : 'compra-de-outro' };
  }
  return { tipo: 'compra-encerrada' };
}

/** The lot's changed part for its room and the answers. */
export const parteDoLote = (l: LoteTravado, valor: number | null, dataFim: Date | null, sequencia: number, situacao = l.situacao) => ({
  loteId: l.id,
  veiUid: l.veiUid,
  valor: { lance: valor, atual: valor ?? l.minimo, proximo: proximoLance(valor, l.minimo, l.incremento), incremento: l.incremento },
  dataFim: dataFim?.toISOString() ?? null,
  situacao,
  seq: sequencia,
});
