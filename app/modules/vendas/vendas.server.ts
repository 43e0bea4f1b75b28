import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { executarNomeada, type Db, type Tx } from '@db/client.server';
import type { Hub } from '~/realtime/hub.server';
import { salas } from '~/realtime/protocol';
import { custoDaCompra } from '~/modules/dominio/dinheiro';
import { nomeSemData } from '~/modules/catalogo/regras';
import { recompensarPrimeiraCompra } from '~/modules/indicacao/indicacao.server';
import { formatarMoeda } from '~/utils/format';
import { linhas } from '~/utils/linhas.server';
import { textoDaMarca } from '~/utils/i18n';
import { lances } from '~/locales/pt-BR/lances';
import {
  dataDePagamento,
  entregaAposSituacao,
  situacaoAposPagamentos,
  totaisDaVenda,
  type Pagamento,
  type SituacaoEntrega,
  creditoNaComissao,
  type SituacaoVenda,
} from './regras';

/*
 * Creating and keeping a sale (venda). `criarOuAtualizarVenda` runs inside the transaction that makes a
 * lot AG_PAGAMENTO (closing, conditional released, buy-now, and any hammer built on those functions),
 * so a sold lot never exists without its sale. One client's lots of one auction and seller join the
 * open sale (Aguardando Pagamento / Validação) if there is one, else a new sale is opened.
 */

type Linha = Record<string, unknown>;
const n = (v: unknown) => (v == null ? 0 : Number(v));

export interface VendaTocada {
  hotsiteId: number;
  usuarioId: number;
  vendaId: number;
}

const SITUACOES_ABERTAS = sql`('AguardandoPagamento', 'AguardandoValidacao', 'Condicional')`;

/**
 * A lot's sale data read for its buyer (`usuario`: a bound id, or a column of the caller's rows): its
 * active item, the conditional sale it is tied to (decision 073), the buyer's open sale of its auction
 * and seller (locked, with its version as locked and as the statement saw it, its items' sums and its
 * payments), and the account a new sale's header would carry. The caller adds the WHERE on `l`.
 */
const vendaDoLoteSql = (usuario: SQL) => sql`
  SELECT ${COLUNAS_DO_LOTE},
         (SELECT venda_id FROM venda_item WHERE lote_id = l.id AND hotsite_id = l.hotsite_id AND ativo) AS ja,
         (SELECT v.id FROM venda_lote_condicional vc JOIN venda v ON v.id = vc.venda_id
           WHERE vc.lote_id = l.id AND vc.hotsite_id = l.hotsite_id AND v.usuario_id = ${usuario} AND v.situacao IN ${SITUACOES_ABERTAS}) AS ligada,
         (SELECT id FROM venda
           WHERE hotsite_id = l.hotsite_id AND usuario_id = ${usuario}
             AND leilao_id IS NOT DISTINCT FROM l.leilao_id AND comitente_id IS NOT DISTINCT FROM l.comitente_id
             AND situacao IN ${SITUACOES_ABERTAS}
           ORDER BY id DESC LIMIT 1) AS aberta,
         cb.banco, cb.codigo_banco, cb.agencia, cb.conta, cb.digito, cb.titular, cb.cpf_cnpj, cb.chave_pix, cb.carteira, cb.permite_boleto,
         cb.id IS NOT NULL AS tem_conta,
         ab.id AS travada, ab.versao, (SELECT xmin::text FROM venda WHERE id = ab.id) AS versao_vista,
         ab.situacao AS v_situacao, ab.situacao_entrega AS v_situacao_entrega, ab.valor_desconto AS v_valor_desconto,
         ab.valor_taxa_adm AS v_valor_taxa_adm, ab.valor_sedex AS v_valor_sedex, ab.valor_frete AS v_valor_frete,
         ab.valor_estadia AS v_valor_estadia, ab.valor_credito_indicacao AS v_valor_credito_indicacao, s.*,
         (SELECT json_agg(json_build_object('tipo', tipo, 'valor', valor, 'situacao', situacao))
            FROM pagamento WHERE venda_id = ab.id AND hotsite_id = l.hotsite_id) AS pagamentos
    ${JUNCOES_DO_LOTE}
    -- The same open sale, locked for its recalculation; its items' sums and payments as this statement saw them.
    LEFT JOIN LATERAL (
      SELECT id, xmin::text AS versao, situacao, situacao_entrega, valor_desconto, valor_taxa_adm, valor_sedex, valor_frete, valor_estadia,
             valor_credito_indicacao FROM venda
       WHERE hotsite_id = l.hotsite_id AND usuario_id = ${usuario}
         AND leilao_id IS NOT DISTINCT FROM l.leilao_id AND comitente_id IS NOT DISTINCT FROM l.comitente_id
         AND situacao IN ${SITUACOES_ABERTAS}
       ORDER BY id DESC LIMIT 1 FOR UPDATE) ab ON true
    LEFT JOIN LATERAL (${SOMAS_DOS_ITENS} FROM venda_item WHERE venda_id = ab.id AND hotsite_id = l.hotsite_id) s ON true
    LEFT JOIN LATERAL (${contaQueRecebeSql(sql`l.hotsite_id`, sql`l.comitente_id`)}) cb ON true
`;

/**
 * The one rule for the account a new sale is paid into (decision 121): among the brand's accounts that
 * take lot payments (`recebe_lote`), the sale's seller's own first, else the brand's (no seller);
 * the oldest of each. A seller's account that takes no lot payments (refunds only) never receives a
 * buyer's money, and another seller's never does. The sale copies it into its header
 * (`cabecalhoDaVenda`); every page, document and e-mail reads it from there (favorecido.ts).
 */
function contaQueRecebeSql(hotsiteId: SQL, comitenteId: SQL) {
  return sql`
      SELECT id, banco, codigo_banco, agencia, conta, digito, titular, cpf_cnpj, chave_pix, carteira, permite_boleto
        FROM conta_bancaria
       WHERE hotsite_id = ${hotsiteId} AND recebe_lote AND (comitente_id = ${comitenteId} OR comitente_id IS NULL)
       ORDER BY comitente_id NULLS LAST, id LIMIT 1`;
}

/**
 * Three statements (issue #16, decision 084; it was ~15): the client's lock, one read of everything
 * the choice needs (with the open sale locked), one write of the sale: a new sale, or the open one's
 * new item, with the item, the events and the sale's totals as recalcularVenda would set them. When
 * the open sale changed while this read waited for its lock (or the lot is tied to a conditional
 * sale), the item goes in first and the sale is recalculated from a fresh read (two more).
 * `travado`: the caller already holds the client's lock (buy-now takes it in its own write).
 */
export async function criarOuAtualizarVenda(
  tx: Tx,
  { hotsiteId, loteId, usuarioId, valor }: { hotsiteId: number; loteId: number; usuarioId: number; valor: number },
  { travado = false }: { travado?: boolean } = {},
): Promise<VendaTocada> {
  // Two lots of the same client closing at once must land in one sale: serialise per client.
  if (!travado) await tx.execute(sql`SELECT pg_advisory_xact_lock(${TRAVA_DO_CLIENTE}, ${usuarioId})`);
  // After the lock (a new statement sees every sale the client's earlier holders committed): the lot's
  // sale data, its active item if any, the conditional sale it is tied to (decision 073), the open sale
  // of its auction and seller, and the account a new sale's header would carry.
  const [l] = linhas<Linha>(
    await tx.execute(sql`
      ${vendaDoLoteSql(sql`${usuarioId}`)}
       WHERE l.id = ${loteId} AND l.hotsite_id = ${hotsiteId}`),
  );
  if (!l) throw new Error(`lote ${loteId} não encontrado ao criar a venda`);
  if (l.ja != null) return { hotsiteId, usuarioId, vendaId: Number(l.ja) };
  const item = itemDaVenda(valor, l);
  const valoresDoItem = sql`${valor}, ${item.comissao}, ${item.despachante}, ${item.outros}, ${item.remocao}, ${item.depositoDeBens}, ${item.vistoria}, ${item.total}`;
  const colunasDoItem = sql.raw('valor, comissao, despachante, outros, remocao, deposito_de_bens, vistoria, total');
  const alvo = l.ligada ?? l.aberta;
  if (alvo == null) {
    // A new sale: it holds this item only and no payment, so its totals are known here (as
    // recalcularVenda would set them); the sale, its item and its events in one statement.
    const situacao = situacaoAposPagamentos(
      'AguardandoPagamento',
      totaisDaVenda({ total: item.total, desconto: 0, recibosItens: 0, pagamentos: [] }),
    );
    const eventos = ['Venda criada', 'Lote incluído na venda', ...(situacao === 'Fechada' ? ['Pagamento confirmado: venda fechada'] : [])];
    const base = l.leilao_data ? new Date(l.leilao_data as string) : new Date();
    const [nova] = linhas<Linha>(
      await tx.execute(sql`
        WITH nova AS (
          INSERT INTO venda (hotsite_id, usuario_id, leilao_id, comitente_id, hash_qrcode, data_pagamento, cabecalho, patio_id, situacao,
                             arremate, valor_comissao, valor_despachante, valor_outros, valor_remocao, valor_vistoria, total,
                             situacao_entrega, fechada_at, updated_at)
          VALUES (${hotsiteId}, ${usuarioId}, ${(l.leilao_id as number | null) ?? null}, ${(l.comitente_id as number | null) ?? null},
                  ${randomBytes(20).toString('hex')}, ${dataDePagamento(base).toISOString()}, ${JSON.stringify(cabecalhoDaVenda(l))}::jsonb,
                  ${(l.patio_id as number | null) ?? null}, ${situacao},
                  ${valor}, ${item.comissao}, ${item.despachante}, ${item.outros + item.depositoDeBens}, ${item.remocao}, ${item.vistoria}, ${item.total},
                  ${entregaAposSituacao(situacao, 'aguardando_pagamento')}, CASE WHEN ${situacao} = 'Fechada' THEN now() END, now())
          RETURNING id
        ), novo_item AS (
          INSERT INTO venda_item (hotsite_id, venda_id, lote_id, ${colunasDoItem})
          SELECT ${hotsiteId}, nova.id, ${loteId}, ${valoresDoItem} FROM nova
        ), eventos AS (
          INSERT INTO venda_evento (hotsite_id, venda_id, texto)
          SELECT ${hotsiteId}, nova.id, e.texto FROM nova, unnest(${sql.param(eventos)}::text[]) WITH ORDINALITY AS e(texto, n) ORDER BY e.n
        )
        SELECT id FROM nova`),
    );
    return { hotsiteId, usuarioId, vendaId: Number(nova.id) };
  }
  const vendaId = Number(alvo);
  if (l.ligada == null && l.travada != null && Number(l.travada) === vendaId && l.versao === l.versao_vista) {
    // The open sale was locked without any change since this statement's snapshot (the same row
    // version): every change to a sale's items or payments also writes the sale's row (recalcularVenda),
    // so the sums and payments read with it are current. The item, its event and the new totals in one
    // statement, as the recalculation would set them.
    const v = {
      situacao: l.v_situacao === 'Condicional' ? 'AguardandoPagamento' : l.v_situacao,
      situacao_entrega: l.v_situacao_entrega,
      valor_desconto: l.v_valor_desconto,
      valor_taxa_adm: l.v_valor_taxa_adm,
      valor_sedex: l.v_valor_sedex,
      valor_frete: l.v_valor_frete,
      valor_estadia: l.v_valor_estadia,
      valor_credito_indicacao: l.v_valor_credito_indicacao,
    };
    const antes = somasDe(l);
    const somas = {
      arremate: antes.arremate + valor,
      comissao: antes.comissao + item.comissao,
      despachante: antes.despachante + item.despachante,
      outros: antes.outros + item.outros + item.depositoDeBens,
      remocao: antes.remocao + item.remocao,
      vistoria: antes.vistoria + item.vistoria,
      total: antes.total + item.total,
      recibos: antes.recibos,
    };
    const r = recalculo(somas, v, (l.pagamentos as Linha[] | null) ?? []);
    const eventos = ['Lote incluído na venda', ...(r.fechou ? ['Pagamento confirmado: venda fechada'] : [])];
    await tx.execute(sql`
      WITH novo_item AS (
        INSERT INTO venda_item (hotsite_id, venda_id, lote_id, ${colunasDoItem}) VALUES (${hotsiteId}, ${vendaId}, ${loteId}, ${valoresDoItem})
      ), eventos AS (
        INSERT INTO venda_evento (hotsite_id, venda_id, texto)
        SELECT ${hotsiteId}, ${vendaId}, e.texto FROM unnest(${sql.param(eventos)}::text[]) WITH ORDINALITY AS e(texto, n) ORDER BY e.n
      )
      ${atualizacaoDaVenda(hotsiteId, vendaId, somas, r)}`);
    if (r.fechou) await recompensar(tx, hotsiteId, vendaId);
    return { hotsiteId, usuarioId, vendaId };
  }
  // An existing sale: the conditional tie goes, a sale that held only conditional lots now has
  // something to pay (the UPDATE also takes the sale's row lock for the recalculation), the item and
  // its event go in.
  await tx.execute(sql`
    WITH desligada AS (
      DELETE FROM venda_lote_condicional
       WHERE ${l.ligada != null} AND lote_id = ${loteId} AND hotsite_id = ${hotsiteId} AND venda_id = ${vendaId}
    ), venda_travada AS (
      UPDATE venda SET situacao = CASE WHEN situacao = 'Condicional' THEN 'AguardandoPagamento' ELSE situacao END
       WHERE id = ${vendaId} AND hotsite_id = ${hotsiteId}
    ), novo_item AS (
      INSERT INTO venda_item (hotsite_id, venda_id, lote_id, ${colunasDoItem}) VALUES (${hotsiteId}, ${vendaId}, ${loteId}, ${valoresDoItem})
    )
    INSERT INTO venda_evento (hotsite_id, venda_id, texto) VALUES (${hotsiteId}, ${vendaId}, 'Lote incluído na venda')`);
  await recalcularVendaTravada(tx, hotsiteId, vendaId);
  return { hotsiteId, usuarioId, vendaId };
}

/**
 * What criarVendasJuntas reads, one row per item (`n`, from 1): the lot's sale data, its active item,
 * its conditional tie, the buyer's open sale of its auction and seller, and the account a new sale's
 * header carries. The open sale is locked here, with its version as locked and as the statement's
 * snapshot saw it: when they are equal, the sums and payments read beside it are current (every change
 * to a sale's items or payments writes its row). Run after the buyers' locks are held, in a statement
 * of its own or inside the caller's next statement (buy-now's write, decision 092).
 */
export const leituraDasVendasSql = (hotsiteId: number, itens: { loteId: number; usuarioId: number }[]) => sql`
  SELECT p.n, x.* FROM unnest(${sql.param(itens.map((i) => i.loteId))}::int[], ${sql.param(itens.map((i) => i.usuarioId))}::int[])
                       WITH ORDINALITY AS p(lote_id, usuario_id, n)
  CROSS JOIN LATERAL (
    ${vendaDoLoteSql(sql`p.usuario_id`)}
     WHERE l.id = p.lote_id AND l.hotsite_id = ${hotsiteId}) x`;

/**
 * The sales of a batch of buy-nows on different lots (issue #16, decisions 088 and 092), the caller
 * holding each buyer's lock (travaDoClienteSql). Two statements for the whole batch, whatever joins
 * what: one read of every lot with its buyer's open sale of the lot's auction and seller (locked, with
 * its items' sums and payments: leituraDasVendasSql, or its rows from the caller), then one write that opens the new sales and adds every item to its
 * sale, new or open, with the events and each sale's totals as criarOuAtualizarVenda would leave them
 * after adding the batch's lots one after the other, in input order. A sale (client, auction, seller)
 * is a group: its lots are summed once. A group whose open sale changed while the read waited for its
 * lock, or that touches a lot tied to a conditional sale, goes through criarOuAtualizarVenda one lot
 * after the other, after the write (as before). Answers in input order.
 */
export async function criarVendasJuntas(
  tx: Tx,
  hotsiteId: number,
  itens: { loteId: number; usuarioId: number; valor: number }[],
  /** leituraDasVendasSql's rows, when the caller read them in its own statement (after the buyers' locks). */
  lidas?: Linha[],
): Promise<VendaTocada[]> {
  lidas ??= linhas<Linha>(await tx.execute(leituraDasVendasSql(hotsiteId, itens)));
  const porItem = new Map(lidas.map((r) => [Number(r.n) - 1, r]));
  const vendas: (VendaTocada | undefined)[] = itens.map(() => undefined);
  // A sale is (client, auction, seller): a group's lots join one sale.
  interface Grupo {
    itens: number[];
    /** The open sale locked and current, or null for a new sale. */
    vendaId: number | null;
    /** Through criarOuAtualizarVenda, lot by lot (a conditional tie, an open sale changed meanwhile). */
    comum: boolean;
  }
  const grupos = new Map<string, Grupo>();
  const ligadas = new Set(lidas.filter((l) => l.ligada != null).map((l) => Number(l.ligada)));
  for (const [i, it] of itens.entries()) {
    const l = porItem.get(i);
    if (l?.ja != null) {
      vendas[i] = { hotsiteId, usuarioId: it.usuarioId, vendaId: Number(l.ja) };
      continue;
    }
    const chave = `${it.usuarioId}:${String(l?.leilao_id)}:${String(l?.comitente_id)}`;
    let g = grupos.get(chave);
    if (!g) grupos.set(chave, (g = { itens: [], vendaId: l?.aberta == null ? null : Number(l.aberta), comum: false }));
    g.itens.push(i);
    const atual = l != null && (l.aberta == null || (Number(l.travada) === Number(l.aberta) && l.versao === l.versao_vista));
    if (!atual || l.ligada != null || (g.vendaId != null && ligadas.has(g.vendaId))) g.comum = true;
  }
  const escritas: {
    vendaId: number | null;
    usuarioId: number;
    l: Linha;
    hash: string | null;
    somas: ReturnType<typeof somasDe>;
    r: ReturnType<typeof recalculo>;
    eventos: string[];
  }[] = [];
  const itensDaEscrita: { g: number; loteId: number; valor: number; item: ReturnType<typeof itemDaVenda> }[] = [];
  const doGrupo: number[][] = [];
  for (const g of grupos.values()) {
    if (g.comum) continue;
    const l0 = porItem.get(g.itens[0])!;
    // The sale as it stands (new: empty, AguardandoPagamento, nothing paid), then each lot added in order.
    const v: Linha =
      g.vendaId == null
        ? { situacao: 'AguardandoPagamento', situacao_entrega: 'aguardando_pagamento' }
        : {
            situacao: l0.v_situacao === 'Condicional' ? 'AguardandoPagamento' : l0.v_situacao,
            situacao_entrega: l0.v_situacao_entrega,
            valor_desconto: l0.v_valor_desconto,
            valor_taxa_adm: l0.v_valor_taxa_adm,
            valor_sedex: l0.v_valor_sedex,
            valor_frete: l0.v_valor_frete,
            valor_estadia: l0.v_valor_estadia,
            valor_credito_indicacao: l0.v_valor_credito_indicacao,
          };
    const somas = g.vendaId == null ? somasDe({}) : somasDe(l0);
    const pagamentos = g.vendaId == null ? [] : ((l0.pagamentos as Linha[] | null) ?? []);
    const eventos = g.vendaId == null ? ['Venda criada'] : [];
    let r = recalculo(somas, v, pagamentos);
    let fechada = false;
    for (const i of g.itens) {
      // A sale closed by an earlier lot of the batch is no longer open, the next lot would open another
      // one. Not expected (a lot only adds to what is owed); should it happen, the ordinary way decides.
      if (!['AguardandoPagamento', 'AguardandoValidacao', 'Condicional'].includes(String(v.situacao))) fechada = true;
      const l = porItem.get(i)!;
      const item = itemDaVenda(itens[i].valor, l);
      somas.arremate += itens[i].valor;
      somas.comissao += item.comissao;
      somas.despachante += item.despachante;
      somas.outros += item.outros + item.depositoDeBens;
      somas.remocao += item.remocao;
      somas.vistoria += item.vistoria;
      somas.total += item.total;
      r = recalculo(somas, v, pagamentos);
      eventos.push('Lote incluído na venda', ...(r.fechou ? ['Pagamento confirmado: venda fechada'] : []));
      v.situacao = r.situacao;
      v.situacao_entrega = r.entrega;
      itensDaEscrita.push({ g: escritas.length + 1, loteId: itens[i].loteId, valor: itens[i].valor, item });
    }
    if (fechada) {
      g.comum = true;
      itensDaEscrita.splice(itensDaEscrita.length - g.itens.length);
      continue;
    }
    doGrupo.push(g.itens);
    escritas.push({
      vendaId: g.vendaId,
      usuarioId: itens[g.itens[0]].usuarioId,
      l: l0,
      hash: g.vendaId == null ? randomBytes(20).toString('hex') : null,
      somas,
      r,
      eventos,
    });
  }
  if (escritas.length > 0) {
    const col = <T>(f: (x: (typeof escritas)[number]) => T, tipo: string) => sql`${sql.param(escritas.map(f))}::${sql.raw(tipo)}`;
    const coli = <T>(f: (x: (typeof itensDaEscrita)[number]) => T, tipo: string) =>
      sql`${sql.param(itensDaEscrita.map(f))}::${sql.raw(tipo)}`;
    // Named (decision 100): a buy-now batch's sale write costs more to parse and plan than to run.
    const alvos = await executarNomeada<{ k: number; venda_id: number }>(
      tx,
      'vendas_juntas',
      sql`
        WITH g AS (
          SELECT * FROM unnest(${col((x) => x.vendaId, 'int[]')}, ${col((x) => x.usuarioId, 'int[]')}, ${col((x) => x.l.leilao_id ?? null, 'int[]')},
                               ${col((x) => x.l.comitente_id ?? null, 'int[]')}, ${col((x) => x.hash, 'text[]')},
                               ${col((x) => dataDePagamento(x.l.leilao_data ? new Date(x.l.leilao_data as string) : new Date()).toISOString(), 'timestamptz[]')},
                               ${col((x) => (x.vendaId == null ? JSON.stringify(cabecalhoDaVenda(x.l)) : null), 'text[]')},
                               ${col((x) => x.l.patio_id ?? null, 'int[]')}, ${col((x) => x.r.situacao, 'text[]')}, ${col((x) => x.r.entrega, 'text[]')},
                               ${col((x) => x.somas.arremate, 'bigint[]')}, ${col((x) => x.somas.comissao, 'bigint[]')},
                               ${col((x) => x.somas.despachante, 'bigint[]')}, ${col((x) => x.somas.outros, 'bigint[]')},
                               ${col((x) => x.somas.remocao, 'bigint[]')}, ${col((x) => x.somas.vistoria, 'bigint[]')},
                               ${col((x) => x.r.total, 'bigint[]')}, ${col((x) => JSON.stringify(x.eventos), 'text[]')})
                 WITH ORDINALITY AS g(venda_id, usuario_id, leilao_id, comitente_id, hash, data_pagamento, cabecalho, patio_id, situacao,
                                      situacao_entrega, arremate, comissao, despachante, outros, remocao, vistoria, total, eventos, k)
        ), i AS (
          SELECT * FROM unnest(${coli((x) => x.g, 'int[]')}, ${coli((x) => x.loteId, 'int[]')}, ${coli((x) => x.valor, 'bigint[]')},
                               ${coli((x) => x.item.comissao, 'bigint[]')}, ${coli((x) => x.item.despachante, 'bigint[]')},
                               ${coli((x) => x.item.outros, 'bigint[]')}, ${coli((x) => x.item.remocao, 'bigint[]')},
                               ${coli((x) => x.item.depositoDeBens, 'bigint[]')}, ${coli((x) => x.item.vistoria, 'bigint[]')},
                               ${coli((x) => x.item.total, 'bigint[]')})
                 WITH ORDINALITY AS i(g, lote_id, valor, comissao, despachante, outros, remocao, deposito_de_bens, vistoria, total, k)
        ), nova AS (
          INSERT INTO venda (hotsite_id, usuario_id, leilao_id, comitente_id, hash_qrcode, data_pagamento, cabecalho, patio_id, situacao,
                             arremate, valor_comissao, valor_despachante, valor_outros, valor_remocao, valor_vistoria, total,
                             situacao_entrega, fechada_at, updated_at)
          SELECT ${hotsiteId}, usuario_id, leilao_id, comitente_id, hash, data_pagamento, cabecalho::jsonb, patio_id, situacao,
                 arremate, comissao, despachante, outros, remocao, vistoria, total,
                 situacao_entrega, CASE WHEN situacao = 'Fechada' THEN now() END, now()
            FROM g WHERE g.venda_id IS NULL ORDER BY g.k
          RETURNING id, hash_qrcode
        ), alvo AS (
          SELECT g.k, coalesce(g.venda_id, nova.id) AS venda_id, g.eventos FROM g LEFT JOIN nova ON nova.hash_qrcode = g.hash
        ), aberta AS (
          UPDATE venda v SET arremate = g.arremate, valor_comissao = g.comissao, valor_despachante = g.despachante, valor_outros = g.outros,
                 valor_remocao = g.remocao, valor_vistoria = g.vistoria, total = g.total, situacao = g.situacao,
                 situacao_entrega = g.situacao_entrega,
                 fechada_at = CASE WHEN g.situacao = 'Fechada' THEN coalesce(v.fechada_at, now()) ELSE NULL END, updated_at = now()
            FROM g WHERE g.venda_id IS NOT NULL AND v.id = g.venda_id AND v.hotsite_id = ${hotsiteId}
        ), novo_item AS (
          INSERT INTO venda_item (hotsite_id, venda_id, lote_id, valor, comissao, despachante, outros, remocao, deposito_de_bens, vistoria, total)
          SELECT ${hotsiteId}, alvo.venda_id, i.lote_id, i.valor, i.comissao, i.despachante, i.outros, i.remocao, i.deposito_de_bens, i.vistoria, i.total
            FROM i JOIN alvo ON alvo.k = i.g ORDER BY i.k
        ), eventos AS (
          INSERT INTO venda_evento (hotsite_id, venda_id, texto)
          SELECT ${hotsiteId}, alvo.venda_id, e.texto FROM alvo, json_array_elements_text(alvo.eventos::json) WITH ORDINALITY AS e(texto, k)
           ORDER BY alvo.k, e.k
        )
        SELECT k::int, venda_id FROM alvo`,
    );
    for (const a of alvos) {
      for (const i of doGrupo[Number(a.k) - 1]) vendas[i] = { hotsiteId, usuarioId: itens[i].usuarioId, vendaId: Number(a.venda_id) };
    }
  }
  for (const [i, it] of itens.entries()) {
    vendas[i] ??= await criarOuAtualizarVenda(tx, { hotsiteId, ...it }, { travado: true });
  }
  return vendas as VendaTocada[];
}

/** The client's advisory lock around creating and joining sales (pg_advisory_xact_lock's first key). */
const TRAVA_DO_CLIENTE = 727014;
/** The same lock as a statement fragment, for a caller that takes it inside its own write (buy-now). */
export const travaDoClienteSql = (usuarioId: number | SQL) => sql`pg_advisory_xact_lock(${TRAVA_DO_CLIENTE}, ${usuarioId})`;
const COLUNAS_DO_LOTE =
  sql.raw(`l.id, l.numero, l.leilao_id, l.comitente_id, l.minimo, l.comissao_porcentagem, l.comissao_extra_porcentagem,
             l.despachante, l.outros, l.remocao, l.deposito_de_bens, l.vistoria, l.patio_id, le.data AS leilao_data, le.nome AS leilao_nome,
             lo.nome AS leiloeiro_nome, lo.inscricao AS leiloeiro_inscricao, c.nome_site AS comitente_nome, c.cnpj AS comitente_cnpj`);
const JUNCOES_DO_LOTE = sql.raw(`FROM lote l
        LEFT JOIN leilao le ON le.id = l.leilao_id AND le.hotsite_id = l.hotsite_id
        LEFT JOIN leiloeiro lo ON lo.id = le.leiloeiro_id
        LEFT JOIN comitente c ON c.id = l.comitente_id AND c.hotsite_id = l.hotsite_id`);

/** A sale's items summed (prefixed: read beside the lot's own columns of the same names). */
const SOMAS_DOS_ITENS = sql.raw(`SELECT coalesce(sum(valor), 0) AS s_arremate, coalesce(sum(comissao), 0) AS s_comissao,
             coalesce(sum(despachante), 0) AS s_despachante, coalesce(sum(outros + deposito_de_bens), 0) AS s_outros,
             coalesce(sum(remocao), 0) AS s_remocao, coalesce(sum(vistoria), 0) AS s_vistoria, coalesce(sum(total), 0) AS s_total,
             coalesce(sum(valor_recibo), 0) AS s_recibos`);
const somasDe = (r: Linha) => ({
  arremate: n(r.s_arremate),
  comissao: n(r.s_comissao),
  despachante: n(r.s_despachante),
  outros: n(r.s_outros),
  remocao: n(r.s_remocao),
  vistoria: n(r.s_vistoria),
  total: n(r.s_total),
  recibos: n(r.s_recibos),
});

/** The item's money for a lot sold at `valor` (commission and the lot's expenses): custoDaCompra, as the buy-now summary. */
function itemDaVenda(valor: number, l: Linha) {
  const c = custoDaCompra({
    valor,
    minimo: n(l.minimo),
    comissaoPorcentagem: n(l.comissao_porcentagem),
    comissaoExtraPorcentagem: n(l.comissao_extra_porcentagem),
    despesas: {
      despachante: n(l.despachante),
      outros: n(l.outros),
      remocao: n(l.remocao),
      depositoDeBens: n(l.deposito_de_bens),
      vistoria: n(l.vistoria),
    },
  });
  return {
    comissao: c.comissao,
    despachante: c.despachante,
    outros: c.outros,
    remocao: c.remocao,
    depositoDeBens: c.depositoDeBens,
    vistoria: c.vistoria,
    total: c.total,
  };
}

/** The document header a new sale keeps (auction, auctioneer, seller, the account to pay into). */
function cabecalhoDaVenda(l: Linha) {
  return {
    // Shown without its trailing date (spec: auction names are shown without it).
    leilao: l.leilao_nome ? nomeSemData(String(l.leilao_nome)) : null,
    leilaoData: l.leilao_data ? new Date(l.leilao_data as string).toISOString() : null,
    leiloeiro: l.leiloeiro_nome ? { nome: l.leiloeiro_nome, inscricao: l.leiloeiro_inscricao } : null,
    comitente: l.comitente_nome ?? null,
    comitenteCnpj: l.comitente_cnpj ?? null,
    conta: l.tem_conta
      ? {
          banco: l.banco,
          codigoBanco: l.codigo_banco,
          agencia: l.agencia,
          conta: l.conta,
          digito: l.digito,
          titular: l.titular,
          cpfCnpj: l.cpf_cnpj,
          chavePix: l.chave_pix,
          carteira: l.carteira,
          permiteBoleto: l.permite_boleto,
        }
      : null,
  };
}

/**
 * A lot closed CONDICIONAL is tied to its bidder's open sale of the same auction and seller, or to a new
 * sale in situation Condicional (spec 001 §3 `lotesEmCondicional`); nothing is owed for it until the
 * seller answers Liberada, which moves it into the sale (criarOuAtualizarVenda).
 */
export async function vincularLoteCondicional(
  tx: Tx,
  { hotsiteId, loteId, usuarioId, valor }: { hotsiteId: number; loteId: number; usuarioId: number; valor: number },
): Promise<VendaTocada> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(727014, ${usuarioId})`);
  const l = await loteParaVenda(tx, hotsiteId, loteId);
  const [aberta] = linhas<Linha>(
    await tx.execute(sql`
      SELECT id FROM venda
       WHERE hotsite_id = ${hotsiteId} AND usuario_id = ${usuarioId}
         AND leilao_id IS NOT DISTINCT FROM ${(l.leilao_id as number | null) ?? null} AND comitente_id IS NOT DISTINCT FROM ${(l.comitente_id as number | null) ?? null}
         AND situacao IN ('AguardandoPagamento', 'AguardandoValidacao', 'Condicional')
       ORDER BY id DESC LIMIT 1`),
  );
  const vendaId = aberta ? Number(aberta.id) : await abrirVenda(tx, { hotsiteId, usuarioId, l, situacao: 'Condicional' });
  await tx.execute(sql`INSERT INTO venda_lote_condicional (hotsite_id, venda_id, lote_id, valor) VALUES (${hotsiteId}, ${vendaId}, ${loteId}, ${valor})
                       ON CONFLICT (lote_id) DO UPDATE SET venda_id = excluded.venda_id, valor = excluded.valor`);
  const [marca] = linhas<Linha>(await tx.execute(sql`SELECT tipo FROM hotsite WHERE id = ${hotsiteId}`));
  const texto = textoDaMarca(marca?.tipo === 'loja' ? 'loja' : 'leilao', 'historico_condicional.aguardando', { numero: l.numero }, lances);
  await registrarEvento(tx, { hotsiteId, vendaId, texto });
  return { hotsiteId, usuarioId, vendaId };
}

/**
 * The seller refused (or the lot left CONDICIONAL otherwise): the lot leaves its sale; a sale left with
 * neither items nor conditional lots is cancelled ("Condicional negada").
 */
export async function desvincularLoteCondicional(tx: Tx, { hotsiteId, loteId }: { hotsiteId: number; loteId: number }) {
  const [r] = linhas<Linha>(
    await tx.execute(sql`DELETE FROM venda_lote_condicional WHERE lote_id = ${loteId} AND hotsite_id = ${hotsiteId} RETURNING venda_id`),
  );
  if (!r) return null;
  const vendaId = Number(r.venda_id);
  const [v] = linhas<Linha>(
    await tx.execute(sql`
      UPDATE venda SET situacao = 'Cancelada', motivo_cancelada = 'Condicional negada', cancelada_at = now(), cancelada_por = 'Comitente'
       WHERE id = ${vendaId} AND situacao = 'Condicional'
         AND NOT EXISTS (SELECT 1 FROM venda_item WHERE venda_id = ${vendaId} AND ativo)
         AND NOT EXISTS (SELECT 1 FROM venda_lote_condicional WHERE venda_id = ${vendaId})
      RETURNING usuario_id`),
  );
  await registrarEvento(tx, {
    hotsiteId,
    vendaId,
    texto: v ? 'Condicional negada: venda cancelada' : 'Condicional negada: lote retirado da venda',
  });
  const [u] = linhas<Linha>(await tx.execute(sql`SELECT usuario_id FROM venda WHERE id = ${vendaId}`));
  return { hotsiteId, usuarioId: Number(u.usuario_id), vendaId } satisfies VendaTocada;
}

async function loteParaVenda(tx: Tx, hotsiteId: number, loteId: number) {
  const [l] = linhas<Linha>(
    await tx.execute(sql`SELECT ${COLUNAS_DO_LOTE} ${JUNCOES_DO_LOTE} WHERE l.id = ${loteId} AND l.hotsite_id = ${hotsiteId}`),
  );
  if (!l) throw new Error(`lote ${loteId} não encontrado ao criar a venda`);
  return l;
}

/** Opens a sale for the lot's auction and seller with the document header snapshot. */
async function abrirVenda(
  tx: Tx,
  { hotsiteId, usuarioId, l, situacao }: { hotsiteId: number; usuarioId: number; l: Linha; situacao: SituacaoVenda },
): Promise<number> {
  const leilaoId = (l.leilao_id as number | null) ?? null;
  const comitenteId = (l.comitente_id as number | null) ?? null;
  {
    const [conta] = linhas<Linha>(await tx.execute(contaQueRecebeSql(sql`${hotsiteId}`, sql`${comitenteId}`)));
    const cabecalho = cabecalhoDaVenda({ ...l, ...conta, tem_conta: conta != null });
    const base = l.leilao_data ? new Date(l.leilao_data as string) : new Date();
    const [nova] = linhas<Linha>(
      await tx.execute(sql`
        INSERT INTO venda (hotsite_id, usuario_id, leilao_id, comitente_id, hash_qrcode, data_pagamento, cabecalho, patio_id, situacao)
        VALUES (${hotsiteId}, ${usuarioId}, ${leilaoId}, ${comitenteId}, ${randomBytes(20).toString('hex')},
                ${dataDePagamento(base).toISOString()}, ${JSON.stringify(cabecalho)}::jsonb, ${(l.patio_id as number | null) ?? null}, ${situacao})
        RETURNING id`),
    );
    await registrarEvento(tx, { hotsiteId, vendaId: Number(nova.id), texto: 'Venda criada' });
    return Number(nova.id);
  }
}

export async function registrarEvento(
  tx: Tx | Db,
  { hotsiteId, vendaId, texto, autor = null }: { hotsiteId: number; vendaId: number; texto: string; autor?: string | null },
) {
  await tx.execute(
    sql`INSERT INTO venda_evento (hotsite_id, venda_id, texto, autor) VALUES (${hotsiteId}, ${vendaId}, ${texto}, ${autor})`,
  );
}

/**
 * Sums the items into the sale's money fields and moves its situation from its payments (the pure
 * `situacaoAposPagamentos`). Called after every change to items or payments, in the same transaction.
 */
export async function recalcularVenda(tx: Tx, hotsiteId: number, vendaId: number) {
  const [s] = linhas<Linha>(
    await tx.execute(sql`
      SELECT coalesce(sum(valor), 0) AS arremate, coalesce(sum(comissao), 0) AS comissao, coalesce(sum(despachante), 0) AS despachante,
             coalesce(sum(outros + deposito_de_bens), 0) AS outros, coalesce(sum(remocao), 0) AS remocao, coalesce(sum(vistoria), 0) AS vistoria,
             coalesce(sum(total), 0) AS total, coalesce(sum(valor_recibo), 0) AS recibos
        FROM venda_item WHERE venda_id = ${vendaId} AND hotsite_id = ${hotsiteId}`),
  );
  const [v] = linhas<Linha>(
    await tx.execute(
      sql`SELECT situacao, situacao_entrega, valor_desconto, valor_taxa_adm, valor_sedex, valor_frete, valor_estadia, valor_credito_indicacao
            FROM venda WHERE id = ${vendaId} AND hotsite_id = ${hotsiteId} FOR UPDATE`,
    ),
  );
  const pags = linhas<Linha>(
    await tx.execute(sql`SELECT tipo, valor, situacao FROM pagamento WHERE venda_id = ${vendaId} AND hotsite_id = ${hotsiteId}`),
  );
  return gravarRecalculo(tx, hotsiteId, vendaId, s, v, pags);
}

/** The sale's totals and situation from its items' sums, its row and its payments (recalcularVenda's rule). */
function recalculo(s: Linha, v: Linha, pags: Linha[]) {
  // The storage fee charged at delivery is part of what the buyer owes (decision 080); the referral credit the
  // sale took comes off it, never more than its commission, and goes back when the sale is cancelled (decision 215).
  const credito = creditoNaComissao(v.situacao as SituacaoVenda, n(v.valor_credito_indicacao), n(s.comissao));
  const total = n(s.total) + n(v.valor_taxa_adm) + n(v.valor_sedex) + n(v.valor_frete) + n(v.valor_estadia) - credito;
  const t = totaisDaVenda({
    total,
    desconto: n(v.valor_desconto),
    recibosItens: n(s.recibos),
    pagamentos: pags.map((p) => ({ tipo: p.tipo, valor: n(p.valor), situacao: p.situacao }) as Pagamento),
  });
  const situacao = situacaoAposPagamentos(v.situacao as SituacaoVenda, t);
  const entrega = entregaAposSituacao(situacao, v.situacao_entrega as SituacaoEntrega);
  return { total, credito, t, situacao, entrega, fechou: situacao !== v.situacao && situacao === 'Fechada' };
}

const atualizacaoDaVenda = (hotsiteId: number, vendaId: number, s: Linha, r: ReturnType<typeof recalculo>) => sql`
    UPDATE venda SET arremate = ${n(s.arremate)}, valor_comissao = ${n(s.comissao)}, valor_despachante = ${n(s.despachante)},
           valor_outros = ${n(s.outros)}, valor_remocao = ${n(s.remocao)}, valor_vistoria = ${n(s.vistoria)}, total = ${r.total},
           valor_credito_indicacao = ${r.credito},
           situacao = ${r.situacao}, situacao_entrega = ${r.entrega},
           fechada_at = CASE WHEN ${r.situacao} = 'Fechada' THEN coalesce(fechada_at, now()) ELSE NULL END, updated_at = now()
     WHERE id = ${vendaId} AND hotsite_id = ${hotsiteId}`;

async function gravarRecalculo(tx: Tx, hotsiteId: number, vendaId: number, s: Linha, v: Linha, pags: Linha[]) {
  const r = recalculo(s, v, pags);
  await tx.execute(atualizacaoDaVenda(hotsiteId, vendaId, s, r));
  if (r.fechou) {
    await registrarEvento(tx, { hotsiteId, vendaId, texto: 'Pagamento confirmado: venda fechada' });
    await recompensar(tx, hotsiteId, vendaId);
  }
  return { situacao: r.situacao, totais: r.t };
}

/**
 * The buyer's first paid purchase rewards whoever referred them, once (decision 188), and the credit comes
 * off the referrer's open commission at once (decision 215).
 */
async function recompensar(tx: Tx, hotsiteId: number, vendaId: number) {
  const r = await recompensarPrimeiraCompra(tx, { hotsiteId, vendaId });
  if (r) await aplicarCreditoDeIndicacao(tx, { hotsiteId, usuarioId: r.indicadorId });
}

/**
 * The client's referral credit left goes onto their sales waiting for payment, oldest first, up to each
 * one's commission (decision 215); a new sale takes it in the database (the trigger of migration 0044).
 * Under the client's advisory lock, as every sale opening is: the balance is read and spent by one
 * transaction at a time, so a credit is taken once whatever runs beside it. Answers the credit placed.
 */
export async function aplicarCreditoDeIndicacao(tx: Tx, { hotsiteId, usuarioId }: { hotsiteId: number; usuarioId: number }) {
  await tx.execute(sql`SELECT ${travaDoClienteSql(usuarioId)}`);
  const abertas = linhas<{ id: number; cabe: number | string; saldo: number | string }>(
    await tx.execute(sql`
      SELECT id, valor_comissao - valor_credito_indicacao AS cabe, saldo_credito_indicacao(${hotsiteId}, ${usuarioId}) AS saldo
        FROM venda
       WHERE hotsite_id = ${hotsiteId} AND usuario_id = ${usuarioId} AND situacao = 'AguardandoPagamento'
         AND valor_comissao > valor_credito_indicacao
       ORDER BY id
         FOR UPDATE`),
  );
  let saldo = abertas.length ? Number(abertas[0].saldo) : 0;
  let posto = 0;
  for (const a of abertas) {
    if (saldo <= 0) break;
    const parte = Math.min(saldo, Number(a.cabe));
    await tx.execute(sql`UPDATE venda SET valor_credito_indicacao = valor_credito_indicacao + ${parte} WHERE id = ${a.id}`);
    await registrarEvento(tx, { hotsiteId, vendaId: a.id, texto: `Crédito do Indique e ganhe na comissão: ${formatarMoeda(parte)}` });
    await recalcularVenda(tx, hotsiteId, a.id);
    saldo -= parte;
    posto += parte;
  }
  return posto;
}

/**
 * recalcularVenda for a caller that already holds the sale's row lock (criarOuAtualizarVenda): its
 * items, the sale and its payments in one read, then the same write.
 */
async function recalcularVendaTravada(tx: Tx, hotsiteId: number, vendaId: number) {
  const [v] = linhas<Linha & { pagamentos: Linha[] | null }>(
    await tx.execute(sql`
      SELECT v.situacao, v.situacao_entrega, v.valor_desconto, v.valor_taxa_adm, v.valor_sedex, v.valor_frete, v.valor_estadia,
             v.valor_credito_indicacao, s.*,
             (SELECT json_agg(json_build_object('tipo', tipo, 'valor', valor, 'situacao', situacao))
                FROM pagamento WHERE venda_id = v.id AND hotsite_id = v.hotsite_id) AS pagamentos
        FROM venda v,
             LATERAL (${SOMAS_DOS_ITENS} FROM venda_item WHERE venda_id = v.id AND hotsite_id = v.hotsite_id) s
       WHERE v.id = ${vendaId} AND v.hotsite_id = ${hotsiteId}`),
  );
  return gravarRecalculo(tx, hotsiteId, vendaId, somasDe(v), v, v.pagamentos ?? []);
}

/** After commit: the buyer's open pages hear that the sale changed (they reload it). */
export function publicarVenda(hub: Hub | undefined, v: VendaTocada | null | undefined, motivo = 'alterada') {
  if (!hub || !v) return;
  void hub.publicar(v.hotsiteId, salas.usuario(v.usuarioId), { event: 'on-venda-dto', data: { vendaId: v.vendaId, motivo } });
}
