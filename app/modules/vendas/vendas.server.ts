import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@db/client.server';
import type { Hub } from '~/realtime/hub.server';
import { salas } from '~/realtime/protocol';
import { totais } from '~/modules/lances/regras';
import { nomeSemData } from '~/modules/catalogo/regras';
import { linhas } from '~/utils/linhas.server';
import {
  dataDePagamento,
  entregaAposSituacao,
  situacaoAposPagamentos,
  totaisDaVenda,
  type Pagamento,
  type SituacaoEntrega,
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

export async function criarOuAtualizarVenda(
  tx: Tx,
  { hotsiteId, loteId, usuarioId, valor }: { hotsiteId: number; loteId: number; usuarioId: number; valor: number },
): Promise<VendaTocada> {
  // Two lots of the same client closing at once must land in one sale: serialise per client.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(727014, ${usuarioId})`);
  const l = await loteParaVenda(tx, hotsiteId, loteId);
  const leilaoId = (l.leilao_id as number | null) ?? null;
  const comitenteId = (l.comitente_id as number | null) ?? null;
  const [ja] = linhas<Linha>(await tx.execute(sql`SELECT venda_id FROM venda_item WHERE lote_id = ${loteId} AND ativo`));
  if (ja) return { hotsiteId, usuarioId, vendaId: Number(ja.venda_id) };

  // A conditional lot released (Liberada) joins the sale it was tied to while it waited (decision 073).
  const [ligada] = linhas<Linha>(
    await tx.execute(sql`
      DELETE FROM venda_lote_condicional vc USING venda v
       WHERE vc.lote_id = ${loteId} AND vc.hotsite_id = ${hotsiteId} AND v.id = vc.venda_id AND v.usuario_id = ${usuarioId}
         AND v.situacao IN ('Condicional', 'AguardandoPagamento', 'AguardandoValidacao')
      RETURNING v.id`),
  );
  let [aberta] = ligada
    ? [ligada]
    : linhas<Linha>(
        await tx.execute(sql`
      SELECT id FROM venda
       WHERE hotsite_id = ${hotsiteId} AND usuario_id = ${usuarioId}
         AND leilao_id IS NOT DISTINCT FROM ${leilaoId} AND comitente_id IS NOT DISTINCT FROM ${comitenteId}
         AND situacao IN ('AguardandoPagamento', 'AguardandoValidacao', 'Condicional')
       ORDER BY id DESC LIMIT 1`),
      );
  if (!aberta) aberta = { id: await abrirVenda(tx, { hotsiteId, usuarioId, l, situacao: 'AguardandoPagamento' }) };
  const vendaId = Number(aberta.id);
  // A sale that held only conditional lots now has something to pay.
  await tx.execute(sql`UPDATE venda SET situacao = 'AguardandoPagamento' WHERE id = ${vendaId} AND situacao = 'Condicional'`);
  await incluirItem(tx, { hotsiteId, vendaId, loteId, valor, l });
  await recalcularVenda(tx, hotsiteId, vendaId);
  return { hotsiteId, usuarioId, vendaId };
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
  await registrarEvento(tx, { hotsiteId, vendaId, texto: `Lote ${String(l.numero)} em condicional: aguardando a resposta do comitente` });
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
    await tx.execute(sql`
      SELECT l.id, l.numero, l.leilao_id, l.comitente_id, l.minimo, l.comissao_porcentagem, l.comissao_extra_porcentagem, l.despachante, l.outros,
             l.remocao, l.deposito_de_bens, l.vistoria, l.patio_id, le.data AS leilao_data, le.nome AS leilao_nome,
             lo.nome AS leiloeiro_nome, lo.inscricao AS leiloeiro_inscricao, c.nome_site AS comitente_nome, c.cnpj AS comitente_cnpj
        FROM lote l
        LEFT JOIN leilao le ON le.id = l.leilao_id AND le.hotsite_id = l.hotsite_id
        LEFT JOIN leiloeiro lo ON lo.id = le.leiloeiro_id
        LEFT JOIN comitente c ON c.id = l.comitente_id AND c.hotsite_id = l.hotsite_id
       WHERE l.id = ${loteId} AND l.hotsite_id = ${hotsiteId}`),
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
    const [conta] = linhas<Linha>(
      await tx.execute(sql`
        SELECT banco, codigo_banco, agencia, conta, digito, titular, cpf_cnpj, chave_pix, carteira, permite_boleto
          FROM conta_bancaria WHERE hotsite_id = ${hotsiteId} AND (comitente_id = ${comitenteId} OR comitente_id IS NULL)
         ORDER BY comitente_id NULLS LAST, recebe_lote DESC, id LIMIT 1`), // the seller's, one that takes lot payments first
    );
    const cabecalho = {
      // Shown without its trailing date (spec: auction names are shown without it).
      leilao: l.leilao_nome ? nomeSemData(String(l.leilao_nome)) : null,
      leilaoData: l.leilao_data ? new Date(l.leilao_data as string).toISOString() : null,
      leiloeiro: l.leiloeiro_nome ? { nome: l.leiloeiro_nome, inscricao: l.leiloeiro_inscricao } : null,
      comitente: l.comitente_nome ?? null,
      comitenteCnpj: l.comitente_cnpj ?? null,
      conta: conta
        ? {
            banco: conta.banco,
            codigoBanco: conta.codigo_banco,
            agencia: conta.agencia,
            conta: conta.conta,
            digito: conta.digito,
            titular: conta.titular,
            cpfCnpj: conta.cpf_cnpj,
            chavePix: conta.chave_pix,
            carteira: conta.carteira,
            permiteBoleto: conta.permite_boleto,
          }
        : null,
    };
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

async function incluirItem(
  tx: Tx,
  { hotsiteId, vendaId, loteId, valor, l }: { hotsiteId: number; vendaId: number; loteId: number; valor: number; l: Linha },
) {
  const t = totais({
    lance: valor,
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
  const pos = (v: unknown) => Math.max(0, n(v));
  await tx.execute(sql`
    INSERT INTO venda_item (hotsite_id, venda_id, lote_id, valor, comissao, despachante, outros, remocao, deposito_de_bens, vistoria, total)
    VALUES (${hotsiteId}, ${vendaId}, ${loteId}, ${valor}, ${t.comissao + t.comissaoExtra}, ${pos(l.despachante)}, ${pos(l.outros)},
            ${pos(l.remocao)}, ${pos(l.deposito_de_bens)}, ${pos(l.vistoria)}, ${t.totalAPagar})`);
  await registrarEvento(tx, { hotsiteId, vendaId, texto: `Lote incluído na venda` });
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
      sql`SELECT situacao, situacao_entrega, valor_desconto, valor_taxa_adm, valor_sedex, valor_frete FROM venda WHERE id = ${vendaId} AND hotsite_id = ${hotsiteId} FOR UPDATE`,
    ),
  );
  const pags = linhas<Linha>(
    await tx.execute(sql`SELECT tipo, valor, situacao FROM pagamento WHERE venda_id = ${vendaId} AND hotsite_id = ${hotsiteId}`),
  );
  const total = n(s.total) + n(v.valor_taxa_adm) + n(v.valor_sedex) + n(v.valor_frete);
  const t = totaisDaVenda({
    total,
    desconto: n(v.valor_desconto),
    recibosItens: n(s.recibos),
    pagamentos: pags.map((p) => ({ tipo: p.tipo, valor: n(p.valor), situacao: p.situacao }) as Pagamento),
  });
  const situacao = situacaoAposPagamentos(v.situacao as SituacaoVenda, t);
  const entrega = entregaAposSituacao(situacao, v.situacao_entrega as SituacaoEntrega);
  await tx.execute(sql`
    UPDATE venda SET arremate = ${n(s.arremate)}, valor_comissao = ${n(s.comissao)}, valor_despachante = ${n(s.despachante)},
           valor_outros = ${n(s.outros)}, valor_remocao = ${n(s.remocao)}, valor_vistoria = ${n(s.vistoria)}, total = ${total},
           situacao = ${situacao}, situacao_entrega = ${entrega},
           fechada_at = CASE WHEN ${situacao} = 'Fechada' THEN coalesce(fechada_at, now()) ELSE NULL END, updated_at = now()
     WHERE id = ${vendaId} AND hotsite_id = ${hotsiteId}`);
  if (situacao !== v.situacao && situacao === 'Fechada')
    await registrarEvento(tx, { hotsiteId, vendaId, texto: 'Pagamento confirmado: venda fechada' });
  return { situacao, totais: t };
}

/** After commit: the buyer's open pages hear that the sale changed (they reload it). */
export function publicarVenda(hub: Hub | undefined, v: VendaTocada | null | undefined, motivo = 'alterada') {
  if (!hub || !v) return;
  void hub.publicar(v.hotsiteId, salas.usuario(v.usuarioId), { event: 'on-venda-dto', data: { vendaId: v.vendaId, motivo } });
}
