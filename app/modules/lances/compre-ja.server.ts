import { sql } from 'drizzle-orm';
import { executarNomeada, type Db, type Tx } from '@db/client.server';
import type { Hub } from '~/realtime/hub.server';
import {
  criarOuAtualizarVenda,
  criarVendasJuntas,
  leituraDasVendasSql,
  publicarVenda,
  type VendaTocada,
} from '~/modules/vendas/vendas.server';
import type { LanceGerado } from './disputa';
import { apelidoSql, descarregar, gravar } from './gravador.server';
import { comIdempotencia } from './idempotencia.server';
import { arr, lerLotesTravados, lidoDe, parteDoLote, recusaDaCompra, travarLote, type LoteTravado } from './lote-travado.server';
import { publicar } from './publicacao.server';
import type { Recusa, ResultadoDaCompra } from './resultado';
import type { ServicoDeLances } from './servico.server';
import type { Efeito, Licitante } from './tipos';

/**
 * Buy-now (Compre Já, POST /v1/lote/{id}/compre-ja and the lot page): the client buys at the buy-now
 * price and the lot closes for them in the same transaction (its closing, the maxima cancelled, the
 * sale). Without an Idempotency-Key the brand's buy-nows that arrive together commit together,
 * set-based (comprarJuntos, decision 088); with one, in the lot's group commit.
 */

/** The client buys at the buy-now price; the lot closes for them at once. */
export async function compreJa({
  db,
  lances,
  hub,
  hotsiteId,
  licitante,
  loteId,
  idempotencyKey,
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
  /**
   * The brand's type (unused: the leader it outbids hears the lot was sold through the notification queue,
   * decision 283).
   */
  tipoDaMarca?: 'leilao' | 'loja';
}): Promise<ResultadoDaCompra> {
  const maximos = lances?.maximos;
  if (lances?.compras && !idempotencyKey?.trim()) {
    // Without a key: the brand's buy-nows that arrive together commit together, set-based (decision 088).
    const c = await lances.compras(hotsiteId, { licitante, loteId }, comprarJuntos);
    if (c.resultado.tipo === 'comprado') maximos?.desmarcar(hotsiteId, loteId);
    publicar(hub, c.efeito);
    publicarVenda(hub, c.venda, 'criada');
    return c.resultado;
  }
  let venda: VendaTocada | null = null;
  const { resultado, efeito } = await comIdempotencia<ResultadoDaCompra>(
    db,
    { hotsiteId, usuarioId: licitante.id, chave: idempotencyKey, operacao: 'compre-ja', corpo: { loteId }, fila: lances?.fila, loteId },
    async (tx) => {
      const l = await travarLote(tx, hotsiteId, loteId);
      if (!l) return { resultado: { tipo: 'lote-nao-encontrado' } };
      const motivo = recusaDaCompra(l, licitante.id);
      if (motivo) return { resultado: motivo };
      if (l.compreJa == null || (l.ultimoLanceValor != null && l.ultimoLanceValor >= l.compreJa))
        return { resultado: { tipo: 'sem-compre-ja' } };
      const seq = l.sequencia + 1;
      const lances: LanceGerado[] = [{ usuarioId: licitante.id, valor: l.compreJa, tipo: 'Manual', configuracaoId: null }];
      const compra = { usuarioId: licitante.id, valor: l.compreJa };
      const { inseridos, efeito, compraFechada } = await gravar(tx, { ...l, recebeIncrementoTempo: false }, lances, compra, seq, {
        situacao: 'AG_PAGAMENTO',
        compra,
      });
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
        resultado: {
          tipo: 'comprado',
          lance: { id: meu.id, uid: meu.uid, loteId: l.id, valor: Number(meu.valor), tipo: 'Compre Já', data: meu.data },
          lote: efeito.evento,
        },
        efeito,
      };
    },
  );
  publicar(hub, efeito);
  publicarVenda(hub, venda, 'criada');
  return resultado;
}

/** One buy-now of a batch (compras-juntas.server.ts, decision 088). */
export interface PedidoDeCompra {
  licitante: Licitante;
  loteId: number;
}
/** A buy-now's result, what to publish after the commit, and the sale it made. */
export interface Compra {
  resultado: ResultadoDaCompra;
  efeito: Efeito | null;
  venda: VendaTocada | null;
}

/**
 * Several buy-nows of one brand in the caller's transaction, set-based (issue #16, decisions 088 and
 * 092): the lots locked in one statement (id order) with the buyers' sale locks after them, each
 * request decided in arrival order by compreJa's rules (a second buy of a lot the batch already sold
 * gets the answer a later transaction would: closed), then one statement writes every winner's bid,
 * lot, closing, cancelled maxima and auction row and reads what the sales need (the leader it outbids is
 * told by the lot's trigger, decision 283), and criarVendasJuntas writes the sales in one more. Four
 * statements and the commit for the whole batch.
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
    efeito: Efeito;
    l: LoteTravado;
    usuarioId: number;
    valor: number;
    seq: number;
  }[] = [];
  for (const [i, p] of pedidos.entries()) {
    const l = lotes.get(p.loteId);
    const recusada = (resultado: Recusa) => void (saidas[i] = { resultado, efeito: null, venda: null });
    if (!l) {
      recusada({ tipo: 'lote-nao-encontrado' });
      continue;
    }
    const motivo = recusaDaCompra(l, p.licitante.id);
    if (motivo) {
      recusada(motivo);
      continue;
    }
    if (l.compreJa == null || (l.ultimoLanceValor != null && l.ultimoLanceValor >= l.compreJa)) {
      recusada({ tipo: 'sem-compre-ja' });
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
      compreJa: true,
    };
    // Its answer once the batch's statement has written its bid.
    vencedores.push({
      i,
      efeito,
      l: { ...l },
      usuarioId: p.licitante.id,
      valor,
      seq,
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
                             ${col((x) => x.valor, 'bigint[]')}, ${col((x) => x.seq, 'int[]')}, ${col((x) => x.l.agora.toISOString(), 'timestamptz[]')})
                 WITH ORDINALITY AS v(lote_id, leilao_id, usuario_id, valor, seq, agora, n)
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
    saidas[x.i] = {
      resultado: {
        tipo: 'comprado',
        lance: { id: meu.id, uid: meu.uid, loteId: x.l.id, valor: x.valor, tipo: 'Compre Já', data: new Date(meu.data).toISOString() },
        lote: x.efeito.evento,
      },
      efeito: x.efeito,
      venda: vendas[k],
    };
  }
  return saidas;
}
