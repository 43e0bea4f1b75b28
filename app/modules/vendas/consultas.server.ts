import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@db/client.server';
import { linhas } from '~/utils/linhas.server';
import {
  comprovante as rotuloComprovante,
  FORMA_PAGAMENTO,
  MENSAGEM_COMPRA,
  orientacao,
  prazoDaCondicional,
  SITUACAO_PAGAMENTO,
  SITUACAO_VENDA,
  totaisDaVenda,
  type FiltroVenda,
  type FormaPagamento,
  type Pagamento,
  type SituacaoEntrega,
  type SituacaoPagamento,
  type SituacaoVenda,
  type Tom,
  type Totais,
} from './regras';

/*
 * Reading sales. Every query filters by hotsiteId; a client's reads also by their user id, so another
 * client's or another brand's sale is simply not found (404, never 403: ids cannot be probed).
 */
type Linha = Record<string, unknown>;
const n = (v: unknown) => (v == null ? 0 : Number(v));
const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

export interface ContaDaVenda {
  banco: string;
  codigoBanco: string;
  agencia: string;
  conta: string;
  digito: string;
  titular: string;
  cpfCnpj: string;
  chavePix: string | null;
  carteira: string | null;
  permiteBoleto: boolean;
}

export interface Cabecalho {
  leilao: string | null;
  leilaoData: string | null;
  leiloeiro: { nome: string; inscricao: string } | null;
  comitente: string | null;
  comitenteCnpj: string | null;
  conta: ContaDaVenda | null;
}

export interface ResumoVenda {
  id: number;
  uid: string;
  situacao: SituacaoVenda;
  situacaoRotulo: string;
  tom: Tom;
  leilao: string | null;
  comitente: string | null;
  dataPagamento: string;
  createdAt: string;
  quantidadeItens: number;
  lotes: string;
  total: number;
  /** Sum of the offers still waiting for the seller (decision 126); nothing of it is owed yet. */
  valorCondicional: number;
  cliente: { id: number; nome: string; email: string };
}

export interface VendaDto extends ResumoVenda {
  hashQrcode: string;
  cabecalho: Cabecalho;
  arremate: number;
  valorComissao: number;
  valorDespachante: number;
  valorRemocao: number;
  valorVistoria: number;
  valorOutros: number;
  valorTaxaAdm: number;
  valorSedex: number;
  valorDesconto: number;
  /** The referral credit taken off this sale's commission (decision 215); already out of the total. */
  valorCreditoIndicacao: number;
  liquido: number;
  totais: Totais;
  orientacao: string;
  situacaoEntrega: SituacaoEntrega;
  mensagemCompra: string;
  metodoEntrega: string | null;
  agendadoHorario: string | null;
  patio: { id: number; uid: string; nome: string; cidade: string; estadoUf: string } | null;
  motivoCancelada: string | null;
  /** How the vehicle is received (salvar-metodo-entrega) and its freight (decision 072). */
  entregaVeiculo: 'Retirada' | 'Frete' | null;
  valorFrete: number;
  ufFrete: string | null;
  /** Storage fee charged at delivery and its days (decision 080); included in the total. */
  valorEstadia: number;
  diariasEstadia: number;
  /** Lots of this sale still waiting for the seller's conditional answer (decision 073). */
  lotesEmCondicional: {
    loteId: number;
    numero: string;
    nome: string;
    veiUid: string;
    /** The buyer's offer (their winning bid), centavos. */
    valor: number;
    /** Until when the seller answers (decision 126), ISO. */
    prazoResposta: string | null;
    /** The seller's counter-offer, when they answered "Novo valor". */
    novoValor: number | null;
  }[];
  itens: {
    loteId: number;
    numero: string;
    nome: string;
    veiUid: string;
    valor: number;
    comissao: number;
    despachante: number;
    outros: number;
    remocao: number;
    depositoDeBens: number;
    vistoria: number;
    total: number;
    ativo: boolean;
  }[];
  pagamentos: {
    id: number;
    uid: string;
    tipo: FormaPagamento;
    tipoRotulo: string;
    valor: number;
    situacao: SituacaoPagamento;
    situacaoRotulo: string;
    motivo: string | null;
    data: string;
  }[];
  comprovantes: {
    uid: string;
    nomeArquivo: string;
    tipo: string;
    tamanho: number;
    situacao: string;
    rotulo: string;
    tom: Tom;
    motivo: string | null;
    valor: number | null;
    data: string;
  }[];
  eventos: { texto: string; autor: string | null; data: string }[];
}

/** The counter-offer of a "Novo valor" answer kept on the auction lot (encerramento.server.ts), else null. */
function novoValorDaResposta(resposta: unknown): number | null {
  if (typeof resposta !== 'string') return null;
  try {
    const j = JSON.parse(resposta) as { resposta?: string; novoValor?: number | null };
    return j.resposta === 'Novo valor' && typeof j.novoValor === 'number' ? j.novoValor : null;
  } catch {
    return null;
  }
}

/** Who may read: a client reads their own sales; staff read every sale of the brand. */
export type Leitor = { usuarioId: number } | 'equipe';

const doLeitor = (leitor: Leitor): SQL => (leitor === 'equipe' ? sql`true` : sql`v.usuario_id = ${leitor.usuarioId}`);

function resumo(r: Linha): ResumoVenda {
  const situacao = r.situacao as SituacaoVenda;
  const cab = (r.cabecalho ?? {}) as Partial<Cabecalho>;
  return {
    id: Number(r.id),
    uid: String(r.uid),
    situacao,
    situacaoRotulo: SITUACAO_VENDA[situacao].rotulo,
    tom: SITUACAO_VENDA[situacao].tom,
    leilao: cab.leilao ?? null,
    comitente: cab.comitente ?? null,
    dataPagamento: iso(r.data_pagamento)!,
    createdAt: iso(r.created_at)!,
    quantidadeItens: n(r.quantidade_itens),
    lotes: String(r.lotes ?? ''),
    total: n(r.total),
    valorCondicional: n(r.valor_condicional),
    cliente: { id: Number(r.usuario_id), nome: String(r.cliente_nome), email: String(r.cliente_email) },
  };
}

const COLUNAS_RESUMO = sql`v.id, v.uid, v.situacao, cabecalho_selado(v.cabecalho, v.hotsite_id) AS cabecalho, v.data_pagamento, v.created_at, v.total, v.usuario_id,
  u.nome AS cliente_nome, u.email AS cliente_email,
  (SELECT count(*) FROM venda_item i WHERE i.venda_id = v.id) AS quantidade_itens,
  (SELECT string_agg(x.numero || ' · ' || x.nome, ', ' ORDER BY x.numero) FROM (
     SELECT l.numero, l.nome FROM venda_item i JOIN lote l ON l.id = i.lote_id WHERE i.venda_id = v.id
     UNION ALL SELECT l.numero, l.nome FROM venda_lote_condicional c JOIN lote l ON l.id = c.lote_id WHERE c.venda_id = v.id) x) AS lotes,
  (SELECT coalesce(sum(c.valor), 0) FROM venda_lote_condicional c WHERE c.venda_id = v.id) AS valor_condicional`;

export async function listarVendas({
  db,
  hotsiteId,
  leitor,
  filtro = null,
  pagina = 1,
  porPagina = 10,
  busca = null,
}: {
  db: Db;
  hotsiteId: number;
  leitor: Leitor;
  filtro?: FiltroVenda | null;
  pagina?: number;
  porPagina?: number;
  /** Staff: client name or e-mail, or the sale id. */
  busca?: string | null;
}): Promise<{ vendas: ResumoVenda[]; total: number }> {
  const onde = sql`v.hotsite_id = ${hotsiteId} AND ${doLeitor(leitor)}
    ${filtro ? sql`AND v.situacao = ${filtro}` : sql``}
    ${busca ? sql`AND (u.nome ILIKE ${`%${busca}%`} OR u.email ILIKE ${`%${busca}%`} OR v.id::text = ${busca})` : sql``}`;
  const [lista, contagem] = await Promise.all([
    db.execute(sql`SELECT ${COLUNAS_RESUMO} FROM venda v JOIN usuario u ON u.id = v.usuario_id
                    WHERE ${onde} ORDER BY v.id DESC LIMIT ${porPagina} OFFSET ${(pagina - 1) * porPagina}`),
    db.execute(sql`SELECT count(*) AS n FROM venda v JOIN usuario u ON u.id = v.usuario_id WHERE ${onde}`),
  ]);
  return { vendas: linhas<Linha>(lista).map(resumo), total: n(linhas<Linha>(contagem)[0]?.n) };
}

/** Counts per situation (the API's minhas-vendas-estatisticas and the list's filter badges). */
export async function estatisticasDeVendas({ db, hotsiteId, leitor }: { db: Db; hotsiteId: number; leitor: Leitor }) {
  const rs = linhas<Linha>(
    await db.execute(sql`SELECT v.situacao, count(*) AS n, coalesce(sum(v.total), 0) AS total FROM venda v
                          WHERE v.hotsite_id = ${hotsiteId} AND ${doLeitor(leitor)} GROUP BY v.situacao`),
  );
  const porSituacao = Object.fromEntries(Object.keys(SITUACAO_VENDA).map((s) => [s, 0])) as Record<SituacaoVenda, number>;
  let total = 0;
  for (const r of rs) {
    porSituacao[r.situacao as SituacaoVenda] = n(r.n);
    total += n(r.n);
  }
  return { total, porSituacao };
}

export async function buscarVenda({
  db,
  hotsiteId,
  leitor,
  id,
  hash,
}: {
  db: Db | Tx;
  hotsiteId: number;
  leitor: Leitor | 'hash';
  id?: number;
  hash?: string;
}): Promise<VendaDto | null> {
  const chave = hash != null ? sql`v.hash_qrcode = ${hash}` : sql`v.id = ${id ?? 0}`;
  const [r] = linhas<Linha>(
    await db.execute(sql`
      SELECT ${COLUNAS_RESUMO}, v.hash_qrcode, v.arremate, v.valor_comissao, v.valor_despachante, v.valor_remocao, v.valor_vistoria,
             v.valor_outros, v.valor_taxa_adm, v.valor_sedex, v.valor_desconto, v.valor_credito_indicacao, v.situacao_entrega, v.metodo_entrega, v.agendado_horario,
             v.motivo_cancelada, v.entrega_veiculo, v.valor_frete, v.uf_frete, v.valor_estadia, v.diarias_estadia, p.id AS patio_id, p.uid AS patio_uid, p.nome AS patio_nome, p.cidade AS patio_cidade, p.estado_uf AS patio_uf
        FROM venda v JOIN usuario u ON u.id = v.usuario_id LEFT JOIN patio p ON p.id = v.patio_id AND p.hotsite_id = v.hotsite_id
       WHERE v.hotsite_id = ${hotsiteId} AND ${chave} AND ${leitor === 'hash' ? sql`true` : doLeitor(leitor)}`),
  );
  if (!r) return null;
  const vendaId = Number(r.id);
  const [itens, pags, comps, eventos, condicionais] = await Promise.all([
    db.execute(sql`SELECT i.*, l.numero, l.nome, ve.uid AS vei_uid FROM venda_item i JOIN lote l ON l.id = i.lote_id JOIN veiculo ve ON ve.id = l.veiculo_id
                    WHERE i.venda_id = ${vendaId} ORDER BY l.numero, i.id`),
    db.execute(sql`SELECT * FROM pagamento WHERE venda_id = ${vendaId} ORDER BY id`),
    db.execute(sql`SELECT c.uid, c.nome_arquivo, c.tipo, c.tamanho, c.situacao, c.motivo, c.created_at, p.valor
                     FROM comprovante c LEFT JOIN pagamento p ON p.id = c.pagamento_id WHERE c.venda_id = ${vendaId} ORDER BY c.id`),
    db.execute(sql`SELECT texto, autor, data FROM venda_evento WHERE venda_id = ${vendaId} ORDER BY id`),
    db.execute(sql`SELECT vc.lote_id, vc.valor, l.numero, l.nome, ve.uid AS vei_uid, coalesce(e.encerrado_em, l.data_fim, vc.created_at) AS encerrado_em,
                          (SELECT ll.resposta_condicional FROM leilao_lote ll WHERE ll.lote_id = l.id AND ll.leilao_id = l.leilao_id) AS resposta
                     FROM venda_lote_condicional vc JOIN lote l ON l.id = vc.lote_id AND l.hotsite_id = vc.hotsite_id JOIN veiculo ve ON ve.id = l.veiculo_id
                     LEFT JOIN lote_encerramento e ON e.lote_id = l.id
                    WHERE vc.venda_id = ${vendaId} AND vc.hotsite_id = ${hotsiteId} ORDER BY l.numero`),
  ]);
  const itensL = linhas<Linha>(itens);
  const pagsL = linhas<Linha>(pags);
  const recibos = itensL.reduce((a, i) => a + n(i.valor_recibo), 0);
  const totais = totaisDaVenda({
    total: n(r.total),
    desconto: n(r.valor_desconto),
    recibosItens: recibos,
    pagamentos: pagsL.map((p) => ({ tipo: p.tipo, valor: n(p.valor), situacao: p.situacao }) as Pagamento),
  });
  const base = resumo(r);
  const entrega = r.situacao_entrega as SituacaoEntrega;
  return {
    ...base,
    hashQrcode: String(r.hash_qrcode),
    cabecalho: r.cabecalho as Cabecalho,
    arremate: n(r.arremate),
    valorComissao: n(r.valor_comissao),
    valorDespachante: n(r.valor_despachante),
    valorRemocao: n(r.valor_remocao),
    valorVistoria: n(r.valor_vistoria),
    valorOutros: n(r.valor_outros),
    valorTaxaAdm: n(r.valor_taxa_adm),
    valorSedex: n(r.valor_sedex),
    valorDesconto: n(r.valor_desconto),
    valorCreditoIndicacao: n(r.valor_credito_indicacao),
    liquido: n(r.total) - n(r.valor_desconto),
    totais,
    orientacao: orientacao(
      base.situacao,
      entrega,
      totais,
      { diarias: n(r.diarias_estadia), valor: n(r.valor_estadia) },
      (r.motivo_cancelada as string | null) ?? null,
    ),
    situacaoEntrega: entrega,
    // A cancelled or given-up sale has no next step for the buyer; a conditional one owes nothing yet.
    mensagemCompra:
      base.situacao === 'Cancelada' || base.situacao === 'ClienteDesistiu' || base.situacao === 'Condicional'
        ? ''
        : MENSAGEM_COMPRA[entrega],
    metodoEntrega: (r.metodo_entrega as string | null) ?? null,
    agendadoHorario: iso(r.agendado_horario),
    patio: r.patio_id
      ? {
          id: Number(r.patio_id),
          uid: String(r.patio_uid),
          nome: String(r.patio_nome),
          cidade: String(r.patio_cidade),
          estadoUf: String(r.patio_uf),
        }
      : null,
    motivoCancelada: (r.motivo_cancelada as string | null) ?? null,
    entregaVeiculo: (r.entrega_veiculo as 'Retirada' | 'Frete' | null) ?? null,
    valorFrete: n(r.valor_frete),
    ufFrete: (r.uf_frete as string | null) ?? null,
    valorEstadia: n(r.valor_estadia),
    diariasEstadia: n(r.diarias_estadia),
    lotesEmCondicional: linhas<Linha>(condicionais).map((c) => ({
      loteId: Number(c.lote_id),
      numero: String(c.numero),
      nome: String(c.nome),
      veiUid: String(c.vei_uid),
      valor: n(c.valor),
      prazoResposta: c.encerrado_em == null ? null : prazoDaCondicional(new Date(c.encerrado_em as string)).toISOString(),
      novoValor: novoValorDaResposta(c.resposta),
    })),
    itens: itensL.map((i) => ({
      loteId: Number(i.lote_id),
      numero: String(i.numero),
      nome: String(i.nome),
      veiUid: String(i.vei_uid),
      valor: n(i.valor),
      comissao: n(i.comissao),
      despachante: n(i.despachante),
      outros: n(i.outros),
      remocao: n(i.remocao),
      depositoDeBens: n(i.deposito_de_bens),
      vistoria: n(i.vistoria),
      total: n(i.total),
      /** False once the client gave up and the runner-up bought the lot (decision 058). */
      ativo: i.ativo !== false,
    })),
    pagamentos: pagsL.map((p) => ({
      id: Number(p.id),
      uid: String(p.uid),
      tipo: p.tipo as FormaPagamento,
      tipoRotulo: FORMA_PAGAMENTO[p.tipo as FormaPagamento],
      valor: n(p.valor),
      situacao: p.situacao as SituacaoPagamento,
      situacaoRotulo: SITUACAO_PAGAMENTO[p.situacao as SituacaoPagamento],
      motivo: (p.motivo as string | null) ?? null,
      data: iso(p.created_at)!,
    })),
    comprovantes: linhas<Linha>(comps).map((c) => ({
      uid: String(c.uid),
      nomeArquivo: String(c.nome_arquivo),
      tipo: String(c.tipo),
      tamanho: n(c.tamanho),
      situacao: String(c.situacao),
      rotulo: rotuloComprovante(String(c.situacao)).rotulo,
      tom: rotuloComprovante(String(c.situacao)).tom,
      motivo: (c.motivo as string | null) ?? null,
      valor: c.valor == null ? null : n(c.valor),
      data: iso(c.created_at)!,
    })),
    eventos: linhas<Linha>(eventos).map((e) => ({ texto: String(e.texto), autor: (e.autor as string | null) ?? null, data: iso(e.data)! })),
  };
}

/** A proof's bytes, for its owner or staff only. */
export async function arquivoDoComprovante({ db, hotsiteId, leitor, uid }: { db: Db; hotsiteId: number; leitor: Leitor; uid: string }) {
  const [r] = linhas<Linha>(
    await db.execute(sql`SELECT c.arquivo, c.tipo, c.nome_arquivo FROM comprovante c JOIN venda v ON v.id = c.venda_id
                          WHERE c.uid = ${uid} AND c.hotsite_id = ${hotsiteId} AND ${doLeitor(leitor)}`),
  );
  if (!r) return null;
  return { bytes: r.arquivo as Buffer, tipo: String(r.tipo), nome: String(r.nome_arquivo) };
}

/** The client's lots closed CONDICIONAL and waiting for the seller (they have no sale yet). */
export async function lotesEmCondicional({ db, hotsiteId, usuarioId }: { db: Db; hotsiteId: number; usuarioId: number }) {
  const rs = linhas<Linha>(
    await db.execute(sql`
      SELECT l.id, l.numero, l.nome, l.ultimo_lance_valor, ve.uid AS vei_uid, le.nome AS leilao_nome, coalesce(e.encerrado_em, l.data_fim) AS encerrado_em, vc.venda_id
        FROM lote l JOIN veiculo ve ON ve.id = l.veiculo_id
        LEFT JOIN venda_lote_condicional vc ON vc.lote_id = l.id AND vc.hotsite_id = l.hotsite_id
        LEFT JOIN leilao le ON le.id = l.leilao_id AND le.hotsite_id = l.hotsite_id
        LEFT JOIN lote_encerramento e ON e.lote_id = l.id
       WHERE l.hotsite_id = ${hotsiteId} AND l.situacao = 'CONDICIONAL' AND l.ultimo_lance_usuario_id = ${usuarioId}
       ORDER BY l.id DESC LIMIT 100`),
  );
  return rs.map((r) => ({
    loteId: Number(r.id),
    numero: String(r.numero),
    nome: String(r.nome),
    veiUid: String(r.vei_uid),
    leilao: (r.leilao_nome as string | null) ?? null,
    valor: n(r.ultimo_lance_valor),
    encerradoEm: iso(r.encerrado_em),
    /** Until when the seller answers (decision 126). */
    prazoResposta: r.encerrado_em == null ? null : prazoDaCondicional(new Date(r.encerrado_em as string)).toISOString(),
    /** The sale the lot joins if the seller answers Liberada (decision 073). */
    vendaId: r.venda_id == null ? null : Number(r.venda_id),
  }));
}
