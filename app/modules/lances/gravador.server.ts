import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '@db/client.server';
import { linhas } from '~/utils/linhas.server';
import { situacaoAposLance } from '~/modules/dominio/situacoes';
import { travaDoClienteSql } from '~/modules/vendas/vendas.server';
import type { LanceGerado } from './disputa';
import { noFimDoLote } from './fila-do-lote.server';
import { arr, lidoDe, parteDoLote, type LoteTravado } from './lote-travado.server';
import { dataFimAposLance } from './regras';
import type { Efeito } from './tipos';

/**
 * The engine's writer. Alone, one statement writes a step's bids, the lot's new snapshot (value,
 * leader, sequence, end) and the outbid e-mails. Inside a batch of the lot's group commit
 * (fila-do-lote.server.ts) the bodies' writes wait for the batch's end and go in a few multi-row
 * statements (descarregar), with the ids taken ahead from the sequences.
 */

/**
 * Name shown in the bid history, by the SQL function apelido_do_usuario (migration 0032): the nickname the
 * client chose at sign-up, else first name and the initial of the last ("Maria S."), as the fast path does.
 */
export const apelidoSql = (usuarioId: SQL) => sql`apelido_do_usuario(${usuarioId})`;

/**
 * The `status` of an Idempotency-Key row: 0 while its first request runs, CHAVE_RESPONDIDA once its
 * result (data, resultado.ts) is stored. Rows answered before results were data hold an HTTP status
 * (100 and up) and the answer's body (read by idempotencia.server.ts).
 */
export const CHAVE_RESPONDIDA = 1;

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
  /** Maxima saved by the batch's bodies, by id (a new one's id taken ahead from its sequence, like bids'). */
  maximos: Map<number, { novo: boolean; usuarioId: number; valorMaximo: number; ordem: number; data: Date }>;
  idsDeMaximo: number[];
  /** Idempotency-Key rows answered by the batch's bodies (their result as JSON). */
  idempotencia: { hotsiteId: number; usuarioId: number; chave: string; resposta: string }[];
  /** The lot's columns to write: only when a body wrote bids (else sequence and situation only). */
  comLances: boolean;
  ultimoLanceData: Date | null;
  atualizadoEm: Date | null;
}
const PENDENTES = new WeakMap<Tx, Pendente>();

/** What the batch of this transaction has still to write (an answer of a keyed body goes there too). */
export const pendenteNoLote = (tx: Tx) => PENDENTES.get(tx);

export function pendenteDe(tx: Tx, l: { hotsiteId: number; id: number; leilaoId: number | null }): Pendente {
  let p = PENDENTES.get(tx);
  if (!p) {
    p = {
      hotsiteId: l.hotsiteId,
      loteId: l.id,
      leilaoId: l.leilaoId,
      ids: [],
      lances: [],
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

/** Writes what the batch's bodies left pending (see Pendente); a no-op when nothing is. */
export async function descarregar(tx: Tx) {
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
  if (p.idempotencia.length > 0) {
    const i = p.idempotencia;
    await tx.execute(sql`
      UPDATE idempotencia d SET status = ${CHAVE_RESPONDIDA}, resposta = v.resposta::jsonb
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
          i.map((x) => x.resposta),
          'text[]',
        )}) AS v(hotsite_id, usuario_id, chave, resposta)
       WHERE d.hotsite_id = v.hotsite_id AND d.usuario_id = v.usuario_id AND d.chave = v.chave`);
  }
  p.lances = [];
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
export const proximoIdDeMaximo = (tx: Tx, p: Pendente) => proximoIdDaSequencia(tx, p.idsDeMaximo, 'lance_automatico', 16);
const proximoIdDeLance = (tx: Tx, p: Pendente) => proximoIdDaSequencia(tx, p.ids, 'lance', 64);

/**
 * Writes the generated bids and the lot's new snapshot in one statement. The client who lost the lead hears it
 * through the notification queue (the lot's leader-changed trigger, decision 283), never from here.
 */
export async function gravar(
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
        SELECT (SELECT json_agg(novos ORDER BY id) FROM novos) AS lances, (SELECT count(*) FROM lote_novo) AS n${
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
    compreJa: Boolean(extra.compra),
  };
  return { inseridos, novoFim, efeito, compraFechada: Boolean(extra.compra) && !lidoDe(tx, l.id) && lances.length > 0 };
}
