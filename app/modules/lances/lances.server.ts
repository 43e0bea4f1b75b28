import { transacaoComRecibo } from '@db/recibo.server';
import { createHash, randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { centavosSchema } from '~/utils/entrada';
import { idSchema } from '~/utils/id';
import { executarNomeada, type Db, type Tx } from '@db/client.server';
import type { Hub } from '~/realtime/hub.server';
import { salas } from '~/realtime/protocol';
import { formatarMoeda } from '~/utils/format';
import { lanceRapido } from './lote-rapido.server';
import type { Efeito, Licitante, Resposta } from './tipos';
import type { ServicoDeLances } from './servico.server';
import { chaveNovaNoLote, noFimDoLote, transacaoEmLote, type FilaDoLote } from './fila-do-lote.server';

import { configurarAutomatico, lanceManual, type Configuracao, type EstadoDisputa, type LanceGerado } from './disputa';
import {
  aceitaLanceEm,
  dataFimAposLance,
  decidirIdempotencia,
  jsonCanonico,
  proximoLance,
  SITUACOES_EM_DISPUTA,
  statusDoLance,
} from './regras';
import { EMAIL_SUPERADO, MENSAGENS_LANCE, mensagensDaMarca, type MensagensDeLance } from './mensagens.server';
import { linhas, numeroOuNulo as num } from '~/utils/linhas.server';
import { LOTES_VENDIDOS } from '~/modules/vendas/documentos';
import { situacaoAposLance } from '~/modules/aovivo/maquina';
import {
  criarOuAtualizarVenda,
  criarVendasJuntas,
  publicarVenda,
  travaDoClienteSql,
  leituraDasVendasSql,
  type VendaTocada,
} from '~/modules/vendas/vendas.server';

/**
 * The transactional bidding engine. One transaction per request on PostgreSQL:
 *   BEGIN → (Idempotency-Key row) → SELECT lot FOR UPDATE (and the database clock) → read the active
 *   maxima and the leading bid (a new statement, so it sees everything committed before the lock) →
 *   the pure engine (disputa.ts) decides → one statement inserts the bids, moves the lot's snapshot,
 *   sequence and end, and queues the outbid e-mails → COMMIT → publish to the lot's room.
 * The row lock serialises bids on a lot (never lost, never double-accepted); bids on other lots run
 * in parallel. Business refusals are answers, not exceptions, so a covered bid still commits the
 * proxy's answer and an idempotent replay gets the same refusal. A manual bid without a key on a lot
 * without maxima first tries the batched fast path (lote-rapido.server.ts).
 */
export const lanceInputSchema = z.object({
  loteId: idSchema('loteId inválido'),
  valor: centavosSchema(MENSAGENS_LANCE.valorInvalido),
});
export const automaticoInputSchema = z.object({
  loteId: idSchema('loteId inválido'),
  valorMaximo: centavosSchema(MENSAGENS_LANCE.valorInvalido),
});

/**
 * Name shown in the bid history, by the SQL function apelido_do_usuario (migration 0032): the nickname the
 * client chose at sign-up, else first name and the initial of the last ("Maria S."), as the fast path does.
 */
const apelidoSql = (usuarioId: SQL) => sql`apelido_do_usuario(${usuarioId})`;

const moeda = (c: number) => formatarMoeda(c);

interface LoteTravado {
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
const lidoDe = (tx: Tx, loteId: number) => LIDOS.get(tx)?.get(loteId);
const copiaDoEstado = (e: EstadoDisputa): EstadoDisputa => ({
  ...e,
  atual: e.atual && { ...e.atual },
  configuracoes: e.configuracoes.map((c) => ({ ...c })),
});

async function travarLote(tx: Tx, hotsiteId: number, loteId: number): Promise<LoteTravado | null> {
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

/** Several lots locked in id order (buy-nows in a batch, decision 088), by id. */
/**
 * Several lots locked in one statement (id order). With `clientes`, their sale locks too (id order),
 * taken only once every lot is locked (the one-time filter waits for the count of all the locked rows),
 * so the order stays lots first, then clients, as everywhere else.
 */
async function lerLotesTravados(tx: Tx, hotsiteId: number, ids: number[], clientes: number[] = []): Promise<Map<number, LoteTravado>> {
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
async function estadoDaDisputa(tx: Tx, l: LoteTravado): Promise<EstadoDisputa> {
  const lido = lidoDe(tx, l.id);
  if (lido?.estado) return copiaDoEstado(lido.estado);
  const estado = await lerEstadoDaDisputa(tx, l);
  if (lido) lido.estado = copiaDoEstado(estado);
  return estado;
}

/** A maximum saved in this transaction (new or changed), into what the batch keeps of the lot. */
function lembrarConfiguracao(tx: Tx, loteId: number, c: Configuracao) {
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
function recusaDoLote(l: LoteTravado, m: MensagensDeLance): string | null {
  if (!SITUACOES_EM_DISPUTA.includes(l.situacao)) {
    return ['CADASTRADO', 'PENDENTE'].includes(l.situacao) ? m.naoIniciado : m.encerrado;
  }
  if (l.dataInicio && l.agora < l.dataInicio) return m.naoIniciado;
  if (!l.dataFim || !aceitaLanceEm(l.dataFim, l.agora)) return m.encerrado;
  return null;
}

/**
 * Why a buy-now is refused on a lot that takes none now, told about the purchase (not about bids): the
 * loser of a buy-now race hears that the lot was sold to someone else (or that it is already theirs).
 */
function recusaDaCompra(l: LoteTravado, m: MensagensDeLance, usuarioId: number): string | null {
  const motivo = recusaDoLote(l, m);
  if (!motivo) return null;
  if (motivo === m.naoIniciado) return m.compraNaoIniciada;
  if (LOTES_VENDIDOS.includes(l.situacao) && l.ultimoLanceUsuarioId != null) {
    return l.ultimoLanceUsuarioId === usuarioId ? m.compraJaFeita : m.compraDeOutro;
  }
  return m.compraEncerrada;
}

const parteDoLote = (l: LoteTravado, valor: number | null, dataFim: Date | null, sequencia: number, situacao = l.situacao) => ({
  loteId: l.id,
  veiUid: l.veiUid,
  valor: { lance: valor, atual: valor ?? l.minimo, proximo: proximoLance(valor, l.minimo, l.incremento), incremento: l.incremento },
  dataFim: dataFim?.toISOString() ?? null,
  situacao,
  seq: sequencia,
});

/**
 * In a batch's transaction the bodies' writes wait for the end of the batch and go in a few
 * multi-row statements (ids taken from the sequence ahead, uids made here), so a body after the first
 * costs no round trip for its bids: the lot is locked by the batch and read from memory (Lido), and
 * nothing outside the transaction can see the rows before the commit anyway. A read inside the batch
 * that could depend on them (an idempotent replay, the sale of a buy-now) first calls descarregar.
 */
interface Pendente {
  hotsiteId: number;
  loteId: number;
  leilaoId: number | null;
  ids: number[];
  lances: {
    id: number;
    uid: string;
    usuarioId: number;
    valor: number;
    tipo: string;
    configuracaoId: number | null;
    ordem: number;
    data: Date;
  }[];
  emails: { usuarioId: number; assunto: string; texto: string }[];
  /** Maxima saved by the batch's bodies, by id (a new one's id taken ahead from its sequence, like bids'). */
  maximos: Map<number, { novo: boolean; usuarioId: number; valorMaximo: number; ordem: number; data: Date }>;
  idsDeMaximo: number[];
  idempotencia: { hotsiteId: number; usuarioId: number; chave: string; status: number; resposta: string }[];
  /** The lot's columns to write: only when a body wrote bids (else sequence and situation only). */
  comLances: boolean;
  ultimoLanceData: Date | null;
  atualizadoEm: Date | null;
}
const PENDENTES = new WeakMap<Tx, Pendente>();

function pendenteDe(tx: Tx, l: { hotsiteId: number; id: number; leilaoId: number | null }): Pendente {
  let p = PENDENTES.get(tx);
  if (!p) {
    p = {
      hotsiteId: l.hotsiteId,
      loteId: l.id,
      leilaoId: l.leilaoId,
      ids: [],
      lances: [],
      emails: [],
      maximos: new Map(),
      idsDeMaximo: [],
      idempotencia: [],
      comLances: false,
      ultimoLanceData: null,
      atualizadoEm: null,
    };
    PENDENTES.set(tx, p);
    noFimDoLote(tx, () => descarregar(tx));
  }
  return p;
}

const arr = (v: unknown[], tipo: string) => sql`${sql.param(v)}::${sql.raw(tipo)}`;

/** Writes what the batch's bodies left pending (see Pendente); a no-op when nothing is. */
async function descarregar(tx: Tx) {
  const p = PENDENTES.get(tx);
  const lido = p && lidoDe(tx, p.loteId);
  if (!p || !lido) return;
  if (p.maximos.size > 0) {
    // Before the bids that name them: the new maxima inserted with their ids, the changed ones updated.
    const m = [...p.maximos.entries()].map(([id, x]) => ({ id, ...x }));
    await tx.execute(sql`
      WITH v AS (
        SELECT * FROM unnest(${arr(
          m.map((x) => x.id),
          'int[]',
        )}, ${arr(
          m.map((x) => x.novo),
          'boolean[]',
        )}, ${arr(
          m.map((x) => x.usuarioId),
          'int[]',
        )}, ${arr(
          m.map((x) => x.valorMaximo),
          'bigint[]',
        )}, ${arr(
          m.map((x) => x.ordem),
          'int[]',
        )}, ${arr(
          m.map((x) => x.data.toISOString()),
          'timestamptz[]',
        )}) AS v(id, novo, usuario_id, valor_maximo, ordem, data)
      ), novos AS (
        INSERT INTO lance_automatico (id, hotsite_id, lote_id, usuario_id, valor_maximo, ordem)
        OVERRIDING SYSTEM VALUE
        SELECT v.id, ${p.hotsiteId}, ${p.loteId}, v.usuario_id, v.valor_maximo, v.ordem FROM v WHERE v.novo ORDER BY v.id
      )
      UPDATE lance_automatico a SET valor_maximo = v.valor_maximo, ordem = v.ordem, updated_at = v.data
        FROM v WHERE NOT v.novo AND a.id = v.id AND a.lote_id = ${p.loteId} AND a.hotsite_id = ${p.hotsiteId}`);
    p.maximos.clear();
  }
  if (p.lances.length > 0) {
    const c = p.lances;
    await tx.execute(sql`
      INSERT INTO lance (id, uid, hotsite_id, lote_id, leilao_id, usuario_id, valor, tipo, lance_automatico_id, ordem, apelido, data)
      OVERRIDING SYSTEM VALUE
      SELECT v.id, v.uid, ${p.hotsiteId}, ${p.loteId}, ${p.leilaoId}, v.usuario_id, v.valor, v.tipo, v.configuracao_id, v.ordem,
             ${apelidoSql(sql`u.id`)}, v.data
        FROM unnest(${arr(
          c.map((x) => x.id),
          'int[]',
        )}, ${arr(
          c.map((x) => x.uid),
          'uuid[]',
        )}, ${arr(
          c.map((x) => x.usuarioId),
          'int[]',
        )}, ${arr(
          c.map((x) => x.valor),
          'bigint[]',
        )}, ${arr(
          c.map((x) => x.tipo),
          'text[]',
        )}, ${arr(
          c.map((x) => x.configuracaoId),
          'int[]',
        )}, ${arr(
          c.map((x) => x.ordem),
          'int[]',
        )}, ${arr(
          c.map((x) => x.data.toISOString()),
          'timestamptz[]',
        )}) AS v(id, uid, usuario_id, valor, tipo, configuracao_id, ordem, data)
        JOIN usuario u ON u.id = v.usuario_id
       ORDER BY v.id`);
  }
  if (p.atualizadoEm) {
    const l = lido.l;
    await tx.execute(
      p.comLances
        ? sql`UPDATE lote SET ultimo_lance_valor = ${l.ultimoLanceValor}, ultimo_lance_usuario_id = ${l.ultimoLanceUsuarioId},
                 ultimo_lance_apelido = ${apelidoSql(sql`${l.ultimoLanceUsuarioId}::int`)},
                 ultimo_lance_data = ${p.ultimoLanceData}, quantidade_lances = quantidade_lances + ${p.lances.length},
                 sequencia = ${l.sequencia}, data_fim = ${l.dataFim}, situacao = ${l.situacao}, updated_at = ${p.atualizadoEm}
           WHERE id = ${p.loteId}`
        : sql`UPDATE lote SET sequencia = ${l.sequencia}, situacao = ${l.situacao}, updated_at = ${p.atualizadoEm} WHERE id = ${p.loteId}`,
    );
  }
  if (p.emails.length > 0) {
    const e = p.emails;
    await tx.execute(sql`
      INSERT INTO mensagem_saida (hotsite_id, canal, para, assunto, texto)
      SELECT ${p.hotsiteId}, 'email', u.email, v.assunto, v.texto
        FROM unnest(${arr(
          e.map((x) => x.usuarioId),
          'int[]',
        )}, ${arr(
          e.map((x) => x.assunto),
          'text[]',
        )}, ${arr(
          e.map((x) => x.texto),
          'text[]',
        )}) WITH ORDINALITY AS v(usuario_id, assunto, texto, n)
        JOIN usuario u ON u.id = v.usuario_id
       ORDER BY v.n`);
  }
  if (p.idempotencia.length > 0) {
    const i = p.idempotencia;
    await tx.execute(sql`
      UPDATE idempotencia d SET status = v.status, resposta = v.resposta::jsonb
        FROM unnest(${arr(
          i.map((x) => x.hotsiteId),
          'int[]',
        )}, ${arr(
          i.map((x) => x.usuarioId),
          'int[]',
        )}, ${arr(
          i.map((x) => x.chave),
          'text[]',
        )}, ${arr(
          i.map((x) => x.status),
          'int[]',
        )}, ${arr(
          i.map((x) => x.resposta),
          'text[]',
        )}) AS v(hotsite_id, usuario_id, chave, status, resposta)
       WHERE d.hotsite_id = v.hotsite_id AND d.usuario_id = v.usuario_id AND d.chave = v.chave`);
  }
  p.lances = [];
  p.emails = [];
  p.idempotencia = [];
  p.comLances = false;
  p.ultimoLanceData = null;
  p.atualizadoEm = null;
}

/**
 * The next id of a row of `tabela`, from a block of `bloco` ids taken ahead from its sequence into
 * `reserva` (one round trip per block): bids take 64 at a time, maxima 16.
 */
async function proximoIdDaSequencia(tx: Tx, reserva: number[], tabela: 'lance' | 'lance_automatico', bloco: number) {
  if (reserva.length === 0) {
    const r = linhas<{ id: number }>(
      await tx.execute(sql`SELECT nextval(pg_get_serial_sequence(${tabela}, 'id'))::int AS id FROM generate_series(1, ${bloco}::int)`),
    );
    reserva.push(...r.map((x) => Number(x.id)).sort((a, b) => b - a));
  }
  return reserva.pop()!;
}
const proximoIdDeMaximo = (tx: Tx, p: Pendente) => proximoIdDaSequencia(tx, p.idsDeMaximo, 'lance_automatico', 16);
const proximoIdDeLance = (tx: Tx, p: Pendente) => proximoIdDaSequencia(tx, p.ids, 'lance', 64);

/**
 * Writes the generated bids and the lot's new snapshot in one statement, and queues an e-mail to
 * each client who lost the lead in this step.
 */
async function gravar(
  tx: Tx,
  l: LoteTravado,
  lances: (Omit<LanceGerado, 'tipo'> & { tipo: LanceGerado['tipo'] | 'Leiloeiro' })[],
  final: { usuarioId: number; valor: number } | null,
  seq: number,
  extra: {
    situacao?: string;
    /**
     * Buy-now outside a batch: the same statement also closes the lot for the buyer (lote_encerramento,
     * the maxima cancelled, the auction's lot row) and takes the buyer's sale lock (decision 084).
     */
    compra?: { usuarioId: number; valor: number };
  } = {},
  email: MensagensDeLance['emailSuperado'] = EMAIL_SUPERADO,
) {
  const novoFim =
    lances.length > 0 && l.dataFim
      ? dataFimAposLance(
          {
            dataFim: l.dataFim,
            recebeIncrementoTempo: l.recebeIncrementoTempo,
            pontoCorteSegundos: l.pontoCorte,
            incrementoSegundos: l.incrementoTempo,
          },
          l.agora,
        )
      : l.dataFim;
  // Everyone who led at some point in this step (including the leader before it), minus the final leader.
  const lideres = [l.ultimoLanceUsuarioId, ...lances.map((x) => x.usuarioId)].filter((u): u is number => u != null);
  const superados = [...new Set(lideres)].filter((u) => u !== final?.usuarioId);
  // A bid during the auctioneer's "dou-lhe uma/duas" reopens the lot (live auctions).
  const situacao = extra.situacao ?? (lances.length > 0 ? situacaoAposLance(l.situacao) : l.situacao);
  let inseridos: { id: number; uid: string; usuario_id: number; valor: string | number; tipo: string; data: string }[] = [];
  if (lidoDe(tx, l.id)) {
    // In a batch: the writes wait for its end (see Pendente).
    const p = pendenteDe(tx, l);
    for (const x of lances) {
      const linha = { id: await proximoIdDeLance(tx, p), uid: randomUUID(), usuarioId: x.usuarioId, valor: x.valor, tipo: x.tipo };
      p.lances.push({ ...linha, configuracaoId: x.configuracaoId ?? null, ordem: seq, data: l.agora });
      inseridos.push({ id: linha.id, uid: linha.uid, usuario_id: x.usuarioId, valor: x.valor, tipo: x.tipo, data: l.agora.toISOString() });
    }
    if (lances.length > 0) {
      p.comLances = true;
      p.ultimoLanceData = l.agora;
      const assunto = email.assunto.replace('{nome}', l.nome);
      const texto = email
        .texto(moeda(final?.valor ?? 0))
        .replace('{numero}', l.numero)
        .replace('{nome}', l.nome);
      for (const u of superados) p.emails.push({ usuarioId: u, assunto, texto });
    }
    p.atualizadoEm = l.agora;
  } else if (lances.length > 0) {
    const valores = sql.join(
      lances.map((x, i) => sql`(${i}::int, ${x.usuarioId}::int, ${x.valor}::bigint, ${x.tipo}::text, ${x.configuracaoId}::int)`),
      sql`, `,
    );
    const [r] = linhas<{ lances: typeof inseridos }>(
      await tx.execute(sql`
        WITH novos AS (
          INSERT INTO lance (hotsite_id, lote_id, leilao_id, usuario_id, valor, tipo, lance_automatico_id, ordem, apelido, data)
          SELECT ${l.hotsiteId}, ${l.id}, ${l.leilaoId}, v.usuario_id, v.valor, v.tipo, v.configuracao_id, ${seq},
                 ${apelidoSql(sql`u.id`)}, ${l.agora}
            FROM (VALUES ${valores}) AS v(n, usuario_id, valor, tipo, configuracao_id)
            JOIN usuario u ON u.id = v.usuario_id
           ORDER BY v.n
          RETURNING id, uid, usuario_id, valor, tipo, data
        ), lote_novo AS (
          UPDATE lote SET ultimo_lance_valor = ${final?.valor ?? null}, ultimo_lance_usuario_id = ${final?.usuarioId ?? null},
                 ultimo_lance_apelido = ${apelidoSql(sql`${final?.usuarioId ?? null}::int`)},
                 ultimo_lance_data = ${l.agora}, quantidade_lances = quantidade_lances + ${lances.length},
                 sequencia = ${seq}, data_fim = ${novoFim}, situacao = ${situacao}, updated_at = ${l.agora}
           WHERE id = ${l.id}
          RETURNING id
        ), emails AS (
          INSERT INTO mensagem_saida (hotsite_id, canal, para, assunto, texto)
          SELECT ${l.hotsiteId}, 'email', u.email, ${email.assunto.replace('{nome}', l.nome)},
                 ${email
                   .texto(moeda(final?.valor ?? 0))
                   .replace('{numero}', l.numero)
                   .replace('{nome}', l.nome)}
            FROM usuario u WHERE u.id = ANY(${sql.raw(`ARRAY[${superados.map(Number).join(',')}]::int[]`)})
          RETURNING id
        )${
          extra.compra
            ? sql`, encerramento AS (
          INSERT INTO lote_encerramento (lote_id, hotsite_id, situacao, valor, usuario_id)
          VALUES (${l.id}, ${l.hotsiteId}, 'AG_PAGAMENTO', ${extra.compra.valor}, ${extra.compra.usuarioId})
        ), maximos AS (
          UPDATE lance_automatico SET situacao = 'Cancelado' WHERE lote_id = ${l.id} AND situacao = 'Ativo'
        ), no_leilao AS (
          UPDATE leilao_lote SET situacao = 'AG_PAGAMENTO', arremate_valor = ${extra.compra.valor}
           WHERE lote_id = ${l.id} AND leilao_id = ${l.leilaoId}
        )`
            : sql``
        }
        SELECT (SELECT json_agg(novos ORDER BY id) FROM novos) AS lances, (SELECT count(*) FROM lote_novo) AS n, (SELECT count(*) FROM emails) AS e${
          extra.compra ? sql`, ${travaDoClienteSql(extra.compra.usuarioId)} AS trava` : sql``
        }`),
    );
    // json_agg writes timestamptz as 2026-…+00:00; answers carry ISO 8601 in UTC (…Z) like every other date of the API.
    inseridos = (r.lances ?? []).map((x) => ({ ...x, data: new Date(x.data).toISOString() }));
  } else {
    await tx.execute(sql`UPDATE lote SET sequencia = ${seq}, situacao = ${situacao}, updated_at = ${l.agora} WHERE id = ${l.id}`);
  }
  const lido = lidoDe(tx, l.id);
  if (lido) {
    lido.l.sequencia = seq;
    lido.l.situacao = situacao;
    if (lances.length > 0) {
      lido.l.ultimoLanceValor = final?.valor ?? null;
      lido.l.ultimoLanceUsuarioId = final?.usuarioId ?? null;
      lido.l.dataFim = novoFim;
      if (lido.estado) lido.estado.atual = final ? { usuarioId: final.usuarioId, valor: final.valor, ordem: seq } : null;
    }
  }
  const efeito: Efeito = {
    hotsiteId: l.hotsiteId,
    veiUid: l.veiUid,
    evento: parteDoLote(l, final?.valor ?? l.ultimoLanceValor, novoFim, seq, situacao),
    superados,
    lote: { id: l.id, nome: l.nome, numero: l.numero },
  };
  return { inseridos, novoFim, efeito, compraFechada: Boolean(extra.compra) && !lidoDe(tx, l.id) && lances.length > 0 };
}

/**
 * After commit: the lot's room gets the changed part; each outbid client a toast in their own room.
 * Not awaited by the answer: local sockets get it at once, Redis carries it to the other instances,
 * and a bus failure is logged by the hub, never turned into an error for a bid that committed.
 */
export function publicar(hub: Hub | undefined, efeito: Efeito | null | undefined) {
  if (!hub || !efeito) return;
  void hub.publicar(efeito.hotsiteId, salas.lote(efeito.veiUid), { event: 'on-elastic-response', data: efeito.evento });
  for (const u of efeito.superados) {
    void hub.publicar(efeito.hotsiteId, salas.usuario(u), {
      event: 'lance-superado',
      data: {
        loteId: efeito.lote.id,
        veiUid: efeito.veiUid,
        numero: efeito.lote.numero,
        nome: efeito.lote.nome,
        valor: efeito.evento.valor,
      },
    });
  }
}

const hashDe = (corpo: unknown) => createHash('sha256').update(jsonCanonico(corpo)).digest('hex');

/**
 * Runs `fazer` in a transaction, behind an optional Idempotency-Key: the key's row is inserted first
 * (a concurrent request with the same key waits on it), a replay answers the stored first answer,
 * the same key with another body is a 422.
 */
async function comIdempotencia(
  db: Db,
  ctx: {
    hotsiteId: number;
    usuarioId: number;
    chave?: string | null;
    operacao: string;
    corpo: unknown;
    m: MensagensDeLance;
    /** The lot's group commit (fila-do-lote.server.ts); without it, a transaction of its own. */
    fila?: FilaDoLote;
    loteId: number;
  },
  fazer: (tx: Tx) => Promise<{ resposta: Resposta; efeito?: Efeito | null }>,
): Promise<{ resposta: Resposta; efeito?: Efeito | null }> {
  const chave = ctx.chave?.trim().slice(0, 200) || null;
  const hash = hashDe({ op: ctx.operacao, corpo: ctx.corpo });
  const corpo = async (tx: Tx): Promise<{ resposta: Resposta; efeito?: Efeito | null }> => {
    if (chave) {
      // In a batch of several, the key was inserted with the batch's others before the first body ran.
      const novo =
        chaveNovaNoLote(tx, { hotsiteId: ctx.hotsiteId, usuarioId: ctx.usuarioId, chave }) ??
        linhas(
          await tx.execute(sql`
            INSERT INTO idempotencia (hotsite_id, usuario_id, chave, hash_corpo, status, resposta)
            VALUES (${ctx.hotsiteId}, ${ctx.usuarioId}, ${chave}, ${hash}, 0, '{}'::jsonb)
            ON CONFLICT DO NOTHING RETURNING 1`),
        ).length > 0;
      if (!novo) {
        // The same key earlier in this batch: its answer is among the pending writes.
        await descarregar(tx);
        const [anterior] = linhas<{ hash_corpo: string; status: number; resposta: Record<string, unknown> }>(
          await tx.execute(sql`SELECT hash_corpo, status, resposta FROM idempotencia
                                WHERE hotsite_id = ${ctx.hotsiteId} AND usuario_id = ${ctx.usuarioId} AND chave = ${chave}`),
        );
        const d = decidirIdempotencia(
          anterior ? { hashCorpo: anterior.hash_corpo, resposta: { status: anterior.status, corpo: anterior.resposta } } : null,
          hash,
        );
        if (d.tipo === 'repetir') return { resposta: d.resposta };
        return { resposta: { status: 422, corpo: { mensagem: ctx.m.idempotenciaConflito } } };
      }
    }
    const r = await fazer(tx);
    const p = chave && lidoDe(tx, ctx.loteId) ? PENDENTES.get(tx) : undefined;
    if (chave && p) {
      p.idempotencia.push({
        hotsiteId: ctx.hotsiteId,
        usuarioId: ctx.usuarioId,
        chave,
        status: r.resposta.status,
        resposta: JSON.stringify(r.resposta.corpo),
      });
    } else if (chave) {
      await tx.execute(sql`UPDATE idempotencia SET status = ${r.resposta.status}, resposta = ${JSON.stringify(r.resposta.corpo)}::jsonb
                            WHERE hotsite_id = ${ctx.hotsiteId} AND usuario_id = ${ctx.usuarioId} AND chave = ${chave}`);
    }
    return r;
  };
  return ctx.fila
    ? ctx.fila(ctx.hotsiteId, ctx.loteId, corpo, chave ? { hotsiteId: ctx.hotsiteId, usuarioId: ctx.usuarioId, chave, hash } : undefined)
    : transacaoComRecibo(db, ctx.hotsiteId, corpo);
}

const recusa = (status: number, mensagem: string, extra: Record<string, unknown> = {}): { resposta: Resposta } => ({
  resposta: { status, corpo: { mensagem, ...extra } },
});

/** POST /v1/lances: a manual bid. 201 with the accepted bid and the lot's new valor; 4xx with a message. */
export async function darLance({
  db,
  lances,
  hub,
  hotsiteId,
  licitante,
  entrada,
  idempotencyKey,
  tipo,
  tipoDaMarca,
}: {
  db: Db;
  /** The per-process batchers of the fast path and of the full engine (createMartelo's, through the context). */
  lances: Pick<ServicoDeLances, 'rapido'> & Partial<Pick<ServicoDeLances, 'fila' | 'maximos'>>;
  hub?: Hub;
  hotsiteId: number;
  licitante: Licitante;
  entrada: unknown;
  idempotencyKey?: string | null;
  /** The brand's wording for the answers (pages); the JSON API keeps the spec's leilão texts. */
  tipo?: 'leilao' | 'loja';
  /** The brand's own type, for the e-mails it sends (the API answers in leilão texts, its e-mails do not). */
  tipoDaMarca?: 'leilao' | 'loja';
}): Promise<Resposta> {
  const m = mensagensDaMarca(tipo);
  const email = mensagensDaMarca(tipoDaMarca ?? tipo).emailSuperado;
  const { loteId, valor } = lanceInputSchema.parse(entrada);
  // A lot this instance last saw with maxima goes straight to the engine's group commit: the fast path
  // would only answer 'motor' (decision 084). The hint is only ever about speed: both decide alike.
  const maximos = lances.fila ? lances.maximos : undefined;
  if (!idempotencyKey && !maximos?.tem(hotsiteId, loteId)) {
    const rapida = await lanceRapido(lances.rapido, hotsiteId, licitante, loteId, valor, m, email);
    if (rapida) {
      publicar(hub, rapida.efeito);
      return rapida.resposta;
    }
    maximos?.marcar(hotsiteId, loteId);
  }
  const { resposta, efeito } = await comIdempotencia(
    db,
    {
      hotsiteId,
      usuarioId: licitante.id,
      chave: idempotencyKey,
      operacao: 'lance',
      corpo: { loteId, valor },
      m,
      fila: lances.fila,
      loteId,
    },
    async (tx) => {
      // Not a lot in dispute (any more): the hint goes (the fast path sends such a lot here anyway).
      const fora = (status: number, mensagem: string) => (maximos?.desmarcar(hotsiteId, loteId), recusa(status, mensagem));
      const l = await travarLote(tx, hotsiteId, loteId);
      if (!l) return fora(404, m.loteNaoEncontrado);
      if (l.somenteBuyNowProposta || l.tipo !== 'Disputa') return fora(409, m.somenteProposta);
      const motivo = recusaDoLote(l, m);
      if (motivo) return fora(409, motivo);
      const estado = await estadoDaDisputa(tx, l);
      if (estado.configuracoes.length > 0) maximos?.marcar(hotsiteId, loteId);
      else maximos?.desmarcar(hotsiteId, loteId);
      const seq = l.sequencia + 1;
      const r = lanceManual(estado, licitante.id, valor, seq);
      if (!r.aceito && r.motivo === 'abaixo') {
        return recusa(409, m.abaixoDoProximo(moeda(r.proximo)), { proximo: r.proximo });
      }
      const { inseridos, efeito } = await gravar(tx, l, r.lances, r.atual, seq, {}, email);
      if (!r.aceito) {
        return { ...recusa(409, m.coberto(moeda(r.proximo)), { proximo: r.proximo, lote: efeito.evento }), efeito };
      }
      const meu = inseridos.find((x) => x.tipo === 'Manual')!;
      const corpo = {
        lance: { id: meu.id, uid: meu.uid, loteId: l.id, valor: Number(meu.valor), tipo: meu.tipo, data: meu.data },
        lote: efeito.evento,
        status: statusDoLance({ meuLance: valor, lanceAtual: r.atual.valor, situacao: l.situacao }),
      };
      return { resposta: { status: 201, corpo }, efeito };
    },
  );
  publicar(hub, efeito);
  return resposta;
}

/** POST /v1/lances/automatico (create or change the maximum). */
export async function configurarLanceAutomatico({
  db,
  lances,
  hub,
  hotsiteId,
  licitante,
  entrada,
  idempotencyKey,
  tipo,
  tipoDaMarca,
}: {
  db: Db;
  /** The lot's group commit (createMartelo's, through the context); without it, a transaction per request. */
  lances?: Partial<Pick<ServicoDeLances, 'fila' | 'maximos'>>;
  hub?: Hub;
  hotsiteId: number;
  licitante: Licitante;
  entrada: unknown;
  idempotencyKey?: string | null;
  /** The brand's wording for the answers (pages); the JSON API keeps the spec's leilão texts. */
  tipo?: 'leilao' | 'loja';
  /** The brand's own type, for the e-mails it sends (the API answers in leilão texts, its e-mails do not). */
  tipoDaMarca?: 'leilao' | 'loja';
}): Promise<Resposta> {
  const m = mensagensDaMarca(tipo);
  const email = mensagensDaMarca(tipoDaMarca ?? tipo).emailSuperado;
  const { loteId, valorMaximo } = automaticoInputSchema.parse(entrada);
  const maximos = lances?.maximos;
  const { resposta, efeito } = await comIdempotencia(
    db,
    {
      hotsiteId,
      usuarioId: licitante.id,
      chave: idempotencyKey,
      operacao: 'automatico',
      corpo: { loteId, valorMaximo },
      m,
      fila: lances?.fila,
      loteId,
    },
    async (tx) => {
      const l = await travarLote(tx, hotsiteId, loteId);
      if (!l) return recusa(404, m.loteNaoEncontrado);
      if (l.somenteBuyNowProposta || l.tipo !== 'Disputa') return recusa(409, m.somenteProposta);
      const motivo = recusaDoLote(l, m);
      if (motivo) return recusa(409, motivo);
      const estado = await estadoDaDisputa(tx, l);
      const seq = l.sequencia + 1;
      const anterior = estado.configuracoes.find((c) => c.usuarioId === licitante.id);
      const r = configurarAutomatico(estado, { id: anterior?.id ?? -1, usuarioId: licitante.id, maximo: valorMaximo, ordem: seq });
      if (!r.aceito) return recusa(409, m.maximoAbaixoDoProximo(moeda(r.proximo)), { proximo: r.proximo });
      let configuracaoId = anterior?.id;
      if (lidoDe(tx, l.id)) {
        // In a batch: written with the bids at its end (see Pendente), a new one's id taken ahead.
        const p = pendenteDe(tx, l);
        configuracaoId ??= await proximoIdDeMaximo(tx, p);
        const x = { usuarioId: licitante.id, valorMaximo, ordem: seq, data: l.agora };
        p.maximos.set(configuracaoId, { novo: !anterior || (p.maximos.get(configuracaoId)?.novo ?? false), ...x });
      } else if (anterior) {
        await tx.execute(
          sql`UPDATE lance_automatico SET valor_maximo = ${valorMaximo}, ordem = ${seq}, updated_at = ${l.agora} WHERE id = ${anterior.id}`,
        );
      } else {
        const [c] = linhas<{ id: number }>(
          await tx.execute(sql`INSERT INTO lance_automatico (hotsite_id, lote_id, usuario_id, valor_maximo, ordem)
                                VALUES (${hotsiteId}, ${l.id}, ${licitante.id}, ${valorMaximo}, ${seq}) RETURNING id`),
        );
        configuracaoId = c.id;
      }
      lembrarConfiguracao(tx, l.id, { id: configuracaoId!, usuarioId: licitante.id, maximo: valorMaximo, ordem: seq });
      // The lot now has a maximum: this instance's manual bids on it go straight to the engine (decision 084).
      maximos?.marcar(hotsiteId, l.id);
      // The engine referred to a new configuration as id -1 until it had one.
      const lances = r.lances.map((x) => (x.configuracaoId === -1 ? { ...x, configuracaoId: configuracaoId! } : x));
      const { efeito } = await gravar(tx, l, lances, r.atual, seq, {}, email);
      const lider = r.atual?.usuarioId === licitante.id;
      return {
        resposta: {
          status: 201,
          corpo: {
            lanceAutomatico: { id: configuracaoId, loteId: l.id, valorMaximo },
            lote: efeito.evento,
            // Spec: when a configuration is saved the status reads "winning" (while it leads).
            status: lider ? 'ganhando' : 'superado',
          },
        },
        efeito,
      };
    },
  );
  publicar(hub, efeito);
  return resposta;
}

/** DELETE /v1/lances/automatico/{loteId}: stops the proxy; bids already placed stand. */
export async function cancelarLanceAutomatico({
  db,
  hotsiteId,
  usuarioId,
  loteId,
  tipo,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  loteId: number;
  tipo?: 'leilao' | 'loja';
}) {
  const m = mensagensDaMarca(tipo);
  return db.transaction(async (tx) => {
    const l = await travarLote(tx, hotsiteId, loteId);
    if (!l) return { status: 404, corpo: { mensagem: m.loteNaoEncontrado } };
    const r = linhas(
      await tx.execute(sql`UPDATE lance_automatico SET situacao = 'Cancelado', updated_at = now()
                            WHERE lote_id = ${loteId} AND usuario_id = ${usuarioId} AND hotsite_id = ${hotsiteId} AND situacao = 'Ativo' RETURNING id`),
    );
    if (r.length === 0) return { status: 404, corpo: { mensagem: m.configuracaoNaoEncontrada } };
    return { status: 200, corpo: { mensagem: m.automaticoCancelado } };
  });
}

/** POST /v1/lote/{id}/compre-ja: the client buys at the buy-now price; the lot closes for them at once. */
export async function compreJa({
  db,
  lances,
  hub,
  hotsiteId,
  licitante,
  loteId,
  idempotencyKey,
  tipo,
  tipoDaMarca,
}: {
  db: Db;
  /**
   * The brand's batch of buy-nows (without a key) and the lot's group commit (with one), createMartelo's
   * through the context; without them, a transaction per request.
   */
  lances?: Partial<Pick<ServicoDeLances, 'fila' | 'compras' | 'maximos'>>;
  hub?: Hub;
  hotsiteId: number;
  licitante: Licitante;
  loteId: number;
  idempotencyKey?: string | null;
  /** The brand's wording for the answers (pages); the JSON API keeps the spec's leilão texts. */
  tipo?: 'leilao' | 'loja';
  /** The brand's own type, for the e-mails it sends (the API answers in leilão texts, its e-mails do not). */
  tipoDaMarca?: 'leilao' | 'loja';
}): Promise<Resposta> {
  const m = mensagensDaMarca(tipo);
  // The leader it outbids is told the lot was bought, not invited to bid again.
  const email = mensagensDaMarca(tipoDaMarca ?? tipo).emailComprado;
  const maximos = lances?.maximos;
  if (lances?.compras && !idempotencyKey?.trim()) {
    // Without a key: the brand's buy-nows that arrive together commit together, set-based (decision 088).
    const c = await lances.compras(hotsiteId, { licitante, loteId, m, email }, comprarJuntos);
    if (c.resposta.status === 201) maximos?.desmarcar(hotsiteId, loteId);
    publicar(hub, c.efeito);
    publicarVenda(hub, c.venda, 'criada');
    return c.resposta;
  }
  let venda: VendaTocada | null = null;
  const { resposta, efeito } = await comIdempotencia(
    db,
    { hotsiteId, usuarioId: licitante.id, chave: idempotencyKey, operacao: 'compre-ja', corpo: { loteId }, m, fila: lances?.fila, loteId },
    async (tx) => {
      const l = await travarLote(tx, hotsiteId, loteId);
      if (!l) return recusa(404, m.loteNaoEncontrado);
      const motivo = recusaDaCompra(l, m, licitante.id);
      if (motivo) return recusa(409, motivo);
      if (l.compreJa == null || (l.ultimoLanceValor != null && l.ultimoLanceValor >= l.compreJa)) return recusa(409, m.semCompreJa);
      const seq = l.sequencia + 1;
      const lances: LanceGerado[] = [{ usuarioId: licitante.id, valor: l.compreJa, tipo: 'Manual', configuracaoId: null }];
      const compra = { usuarioId: licitante.id, valor: l.compreJa };
      const { inseridos, efeito, compraFechada } = await gravar(
        tx,
        { ...l, recebeIncrementoTempo: false },
        lances,
        compra,
        seq,
        { situacao: 'AG_PAGAMENTO', compra },
        email,
      );
      if (!compraFechada) {
        // In a batch (another request on this lot shares the transaction): the sale reads the lot and
        // its bids, so the batch's pending writes go first, then the lot is closed statement by statement.
        await descarregar(tx);
        await tx.execute(sql`INSERT INTO lote_encerramento (lote_id, hotsite_id, situacao, valor, usuario_id)
                              VALUES (${l.id}, ${hotsiteId}, 'AG_PAGAMENTO', ${l.compreJa}, ${licitante.id})`);
        await tx.execute(sql`UPDATE lance_automatico SET situacao = 'Cancelado' WHERE lote_id = ${l.id} AND situacao = 'Ativo'`);
        if (l.leilaoId) {
          await tx.execute(
            sql`UPDATE leilao_lote SET situacao = 'AG_PAGAMENTO', arremate_valor = ${l.compreJa} WHERE lote_id = ${l.id} AND leilao_id = ${l.leilaoId}`,
          );
        }
      }
      const lido = lidoDe(tx, l.id);
      if (lido?.estado) lido.estado.configuracoes = [];
      // Without a batch the buyer's sale lock was taken by gravar's statement (after the lot's lock, as before).
      venda = await criarOuAtualizarVenda(
        tx,
        { hotsiteId, loteId: l.id, usuarioId: licitante.id, valor: l.compreJa },
        { travado: compraFechada },
      );
      maximos?.desmarcar(hotsiteId, l.id);
      const meu = inseridos[0];
      return {
        resposta: {
          status: 201,
          corpo: {
            lance: { id: meu.id, uid: meu.uid, loteId: l.id, valor: Number(meu.valor), tipo: 'Compre Já', data: meu.data },
            lote: efeito.evento,
            status: 'vencedor',
          },
        },
        efeito,
      };
    },
  );
  publicar(hub, efeito);
  publicarVenda(hub, venda, 'criada');
  return resposta;
}

/** One buy-now of a batch (compras-juntas.server.ts, decision 088). */
export interface PedidoDeCompra {
  licitante: Licitante;
  loteId: number;
  m: MensagensDeLance;
  email: MensagensDeLance['emailSuperado'];
}
/** A buy-now's answer, what to publish after the commit, and the sale it made. */
export interface Compra {
  resposta: Resposta;
  efeito: Efeito | null;
  venda: VendaTocada | null;
}

/**
 * Several buy-nows of one brand in the caller's transaction, set-based (issue #16, decisions 088 and
 * 092): the lots locked in one statement (id order) with the buyers' sale locks after them, each
 * request decided in arrival order by compreJa's rules (a second buy of a lot the batch already sold
 * gets the answer a later transaction would: closed), then one statement writes every winner's bid,
 * lot, closing, cancelled maxima, auction row and outbid e-mail and reads what the sales need, and
 * criarVendasJuntas writes the sales in one more. Four statements and the commit for the whole batch.
 */
export async function comprarJuntos(tx: Tx, hotsiteId: number, pedidos: PedidoDeCompra[]): Promise<Compra[]> {
  // The buyers' sale locks with the lots' (after them): the write below then reads the sales too.
  const lotes = await lerLotesTravados(
    tx,
    hotsiteId,
    [...new Set(pedidos.map((p) => p.loteId))],
    pedidos.map((p) => p.licitante.id),
  );
  const saidas: Compra[] = [];
  const vencedores: {
    i: number;
    l: LoteTravado;
    usuarioId: number;
    valor: number;
    seq: number;
    superado: number | null;
    assunto: string;
    texto: string;
  }[] = [];
  for (const [i, p] of pedidos.entries()) {
    const l = lotes.get(p.loteId);
    const recusada = (status: number, mensagem: string) => void (saidas[i] = { ...recusa(status, mensagem), efeito: null, venda: null });
    if (!l) {
      recusada(404, p.m.loteNaoEncontrado);
      continue;
    }
    const motivo = recusaDaCompra(l, p.m, p.licitante.id);
    if (motivo) {
      recusada(409, motivo);
      continue;
    }
    if (l.compreJa == null || (l.ultimoLanceValor != null && l.ultimoLanceValor >= l.compreJa)) {
      recusada(409, p.m.semCompreJa);
      continue;
    }
    const valor = l.compreJa;
    const seq = l.sequencia + 1;
    const anterior = l.ultimoLanceUsuarioId;
    const superados = anterior != null && anterior !== p.licitante.id ? [anterior] : [];
    // No time increment on a buy-now: the end stays (as gravar computes it for this lot).
    const efeito: Efeito = {
      hotsiteId,
      veiUid: l.veiUid,
      evento: parteDoLote(l, valor, l.dataFim, seq, 'AG_PAGAMENTO'),
      superados,
      lote: { id: l.id, nome: l.nome, numero: l.numero },
    };
    saidas[i] = { resposta: { status: 201, corpo: {} }, efeito, venda: null };
    vencedores.push({
      i,
      l: { ...l },
      usuarioId: p.licitante.id,
      valor,
      seq,
      superado: superados[0] ?? null,
      assunto: p.email.assunto.replace('{nome}', l.nome),
      texto: p.email.texto(moeda(valor)).replace('{numero}', l.numero).replace('{nome}', l.nome),
    });
    // What the next request on this lot in the batch sees, as after this one's commit.
    Object.assign(l, { situacao: 'AG_PAGAMENTO', sequencia: seq, ultimoLanceValor: valor, ultimoLanceUsuarioId: p.licitante.id });
  }
  if (vencedores.length === 0) return saidas;
  const col = <T>(f: (x: (typeof vencedores)[number]) => T, tipo: string) => arr(vencedores.map(f), tipo);
  const compras = vencedores.map((x) => ({ loteId: x.l.id, usuarioId: x.usuarioId, valor: x.valor }));
  // Named (decision 100): planning this statement took ≈ 4 ms a batch, running it ≈ 2 ms.
  const [r] = await executarNomeada<{
    lances: { id: number; uid: string; lote_id: number; data: string }[];
    vendas: Record<string, unknown>[];
  }>(
    tx,
    'compras_juntas',
    sql`
      WITH v AS (
        SELECT * FROM unnest(${col((x) => x.l.id, 'int[]')}, ${col((x) => x.l.leilaoId, 'int[]')}, ${col((x) => x.usuarioId, 'int[]')},
                             ${col((x) => x.valor, 'bigint[]')}, ${col((x) => x.seq, 'int[]')}, ${col((x) => x.l.agora.toISOString(), 'timestamptz[]')},
                             ${col((x) => x.superado, 'int[]')}, ${col((x) => x.assunto, 'text[]')}, ${col((x) => x.texto, 'text[]')})
                 WITH ORDINALITY AS v(lote_id, leilao_id, usuario_id, valor, seq, agora, superado, assunto, texto, n)
      ), novos AS (
        INSERT INTO lance (hotsite_id, lote_id, leilao_id, usuario_id, valor, tipo, lance_automatico_id, ordem, apelido, data)
        SELECT ${hotsiteId}, v.lote_id, v.leilao_id, v.usuario_id, v.valor, 'Manual', NULL, v.seq, ${apelidoSql(sql`u.id`)}, v.agora
          FROM v JOIN usuario u ON u.id = v.usuario_id
         ORDER BY v.n
        RETURNING id, uid, lote_id, data
      ), lotes AS (
        UPDATE lote l SET ultimo_lance_valor = v.valor, ultimo_lance_usuario_id = v.usuario_id, ultimo_lance_apelido = ${apelidoSql(sql`u.id`)},
               ultimo_lance_data = v.agora, quantidade_lances = l.quantidade_lances + 1, sequencia = v.seq, situacao = 'AG_PAGAMENTO',
               updated_at = v.agora
          FROM v JOIN usuario u ON u.id = v.usuario_id
         WHERE l.id = v.lote_id AND l.hotsite_id = ${hotsiteId}
      ), emails AS (
        INSERT INTO mensagem_saida (hotsite_id, canal, para, assunto, texto)
        SELECT ${hotsiteId}, 'email', u.email, v.assunto, v.texto FROM v JOIN usuario u ON u.id = v.superado ORDER BY v.n
      ), encerramento AS (
        INSERT INTO lote_encerramento (lote_id, hotsite_id, situacao, valor, usuario_id)
        SELECT v.lote_id, ${hotsiteId}, 'AG_PAGAMENTO', v.valor, v.usuario_id FROM v ORDER BY v.n
      ), maximos AS (
        UPDATE lance_automatico a SET situacao = 'Cancelado' FROM v
         WHERE a.lote_id = v.lote_id AND a.hotsite_id = ${hotsiteId} AND a.situacao = 'Ativo'
      ), no_leilao AS (
        UPDATE leilao_lote ll SET situacao = 'AG_PAGAMENTO', arremate_valor = v.valor FROM v
         WHERE ll.lote_id = v.lote_id AND ll.leilao_id = v.leilao_id
      )
      -- The sales as this statement's snapshot sees them (taken after the buyers' locks, in the previous one).
      SELECT (SELECT json_agg(novos) FROM novos) AS lances, (SELECT json_agg(x) FROM (${leituraDasVendasSql(hotsiteId, compras)}) x) AS vendas`,
  );
  const porLote = new Map(r.lances.map((x) => [Number(x.lote_id), x]));
  const vendas = await criarVendasJuntas(tx, hotsiteId, compras, r.vendas ?? []);
  for (const [k, x] of vencedores.entries()) {
    const meu = porLote.get(x.l.id)!;
    const s = saidas[x.i];
    s.venda = vendas[k];
    s.resposta.corpo = {
      lance: { id: meu.id, uid: meu.uid, loteId: x.l.id, valor: x.valor, tipo: 'Compre Já', data: new Date(meu.data).toISOString() },
      lote: s.efeito!.evento,
      status: 'vencedor',
    };
  }
  return saidas;
}

/**
 * A floor bid the auctioneer takes on behalf of the room (live auctions), inside the auctioneer
 * command's transaction: the engine's rules as for a manual bid (next accepted value when no value is
 * given; active maxima answer it), recorded as tipo 'Leiloeiro' under the auctioneer's user, so the
 * lot's bid counts tell floor bids apart. The caller publishes the effect after its commit.
 */
export async function lanceDoLeiloeiro(
  tx: Tx,
  {
    hotsiteId,
    loteId,
    usuarioId,
    valor,
    tipo = 'Leiloeiro',
  }: {
    hotsiteId: number;
    loteId: number;
    usuarioId: number;
    valor?: number;
    /** 'Manual' when staff register a client's bid from /admin/lance-recebido (decision 073). */
    tipo?: 'Leiloeiro' | 'Manual';
  },
): Promise<{ resposta: Resposta; efeito?: Efeito | null }> {
  const m = mensagensDaMarca('leilao');
  const l = await travarLote(tx, hotsiteId, loteId);
  if (!l) return recusa(404, m.loteNaoEncontrado);
  const motivo = recusaDoLote(l, m);
  if (motivo) return recusa(409, motivo);
  const estado = await estadoDaDisputa(tx, l);
  const seq = l.sequencia + 1;
  const r = lanceManual(estado, usuarioId, valor ?? proximoLance(l.ultimoLanceValor, l.minimo, l.incremento), seq);
  if (!r.aceito && r.motivo === 'abaixo') return recusa(409, m.abaixoDoProximo(moeda(r.proximo)), { proximo: r.proximo });
  const lances = r.lances.map((x) => (x.tipo === 'Manual' && x.usuarioId === usuarioId ? { ...x, tipo } : x));
  const { inseridos, efeito } = await gravar(tx, l, lances, r.atual, seq);
  if (!r.aceito) return { ...recusa(409, m.coberto(moeda(r.proximo)), { proximo: r.proximo, lote: efeito.evento }), efeito };
  const meu = inseridos.find((x) => x.tipo === tipo && Number(x.usuario_id) === usuarioId)!;
  return {
    resposta: {
      status: 201,
      corpo: {
        lance: { id: meu.id, uid: meu.uid, loteId: l.id, valor: Number(meu.valor), tipo: meu.tipo, data: meu.data },
        lote: efeito.evento,
      },
    },
    efeito,
  };
}
