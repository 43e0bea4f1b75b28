import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { auditoria, bytea, instante } from './columns';
import { carteira as carteiraDoComitente, comitente, leilao, lote, patio, TIPOS_RECEBIMENTO, unidadeNegocio } from './catalogo';
import { hotsite } from './hotsites';
import { proposta } from './lances';
import { usuario } from './identity';

/*
 * Post-sale (issue #14, spec 000 §4 and 001 §3). A sale (venda) groups one client's lots of one auction
 * and seller; it is created in the transaction that makes a lot AG_PAGAMENTO. Money in centavos.
 */
const centavos = () => bigint({ mode: 'number' });

/** Stored sale situations; the spec's filters use the same codes (labels in vendas/regras.ts). */
export const SITUACOES_VENDA = [
  'Condicional',
  'AguardandoPagamento',
  'AguardandoValidacao',
  'Fechada',
  'Cancelada',
  'ClienteDesistiu',
] as const;
export const SITUACOES_PAGAMENTO = ['aguardandoEnvio', 'aguardandoValidacao', 'aprovado', 'divergente'] as const;
/** Spec 001 §9 payment methods. */
export const FORMAS_PAGAMENTO = [
  'CARTAO_DE_CREDITO',
  'CARTAO_DE_CREDITO_MANUAL',
  'DINHEIRO',
  'CHEQUE',
  'DEPOSITO',
  'A_RECEBER',
  'BOLETO',
  'BOLETO_INTERNO',
  'DIFERENCA_XLS',
] as const;
/** Transfer-proof backend codes (spec 000 §4 "Other states"). */
export const CODIGOS_COMPROVANTE = ['CADASTRADO', 'AG_COMPENSACAO', 'PAGO', 'DIVERGENTE'] as const;
export const METODOS_ENTREGA = ['Sedex', 'Carta Registrada', 'Retirada'] as const;
export const SITUACOES_ENTREGA = [
  'aguardando_pagamento',
  'aguardando_validacao',
  'aguardando_agendamento',
  'aguardando_retirada',
  'entregue',
  'agendamento_cancelado',
  'nao_compareceu',
] as const;

/** Where a client pays: the seller's account, else the brand's (comitenteId null). */
export const contaBancaria = pgTable(
  'conta_bancaria',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    comitenteId: integer().references(() => comitente.id, { onDelete: 'cascade' }),
    banco: text().notNull(),
    /** FEBRABAN three-digit bank code (237, 341, 001...). */
    codigoBanco: text().notNull(),
    agencia: text().notNull(),
    conta: text().notNull(),
    digito: text().notNull(),
    titular: text().notNull(),
    cpfCnpj: text().notNull(),
    chavePix: text(),
    /** Boleto: the bank's wallet (carteira) and the beneficiary code; null means no boleto. */
    carteira: text(),
    permiteBoleto: boolean().notNull().default(false),
    /** Spec "Bank account" receivesLot / receivesRefund: the account takes lot payments, refunds (decision 066). */
    recebeLote: boolean().notNull().default(true),
    recebeReembolso: boolean().notNull().default(false),
    /** Spec "Consignor bank account" carId, unnId, tipoRecebimento: a seller's account per wallet and business unit. */
    carteiraId: integer().references(() => carteiraDoComitente.id, { onDelete: 'set null' }),
    unidadeNegocioId: integer().references(() => unidadeNegocio.id, { onDelete: 'set null' }),
    tipoRecebimento: text({ enum: TIPOS_RECEBIMENTO }),
    ...auditoria,
  },
  (t) => [index().on(t.hotsiteId, t.comitenteId)],
);

export const venda = pgTable(
  'venda',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    leilaoId: integer().references(() => leilao.id, { onDelete: 'set null' }),
    comitenteId: integer().references(() => comitente.id, { onDelete: 'set null' }),
    situacao: text({ enum: SITUACOES_VENDA }).notNull().default('AguardandoPagamento'),
    /** Opens extrato/{hash} without login; random, never listed. */
    hashQrcode: text().notNull().unique(),
    /** Auction date + 2 days (spec 000 §9). */
    dataPagamento: instante().notNull(),
    /** Snapshot for documents: auction, auctioneer, seller, bank account. */
    cabecalho: jsonb().notNull().default({}),
    valorTaxaAdm: centavos().notNull().default(0),
    valorComissao: centavos().notNull().default(0),
    valorDespachante: centavos().notNull().default(0),
    valorRemocao: centavos().notNull().default(0),
    valorVistoria: centavos().notNull().default(0),
    valorOutros: centavos().notNull().default(0),
    valorDesconto: centavos().notNull().default(0),
    /** The referral credit this sale took off its commission (decisions 188 and 215); already out of `total`. */
    valorCreditoIndicacao: centavos().notNull().default(0),
    valorSedex: centavos().notNull().default(0),
    arremate: centavos().notNull().default(0),
    total: centavos().notNull().default(0),
    metodoEntrega: text({ enum: METODOS_ENTREGA }),
    /** How the vehicle itself is received (salvar-metodo-entrega): pickup at the yard or freight (decision 072). */
    entregaVeiculo: text({ enum: ['Retirada', 'Frete'] }),
    valorFrete: centavos().notNull().default(0),
    ufFrete: text(),
    /** Yard storage fee charged when staff mark the sale delivered (decision 080); part of the total. */
    valorEstadia: centavos().notNull().default(0),
    /** The days that fee charges (after the payment date and the free days). */
    diariasEstadia: integer().notNull().default(0),
    patioId: integer().references(() => patio.id, { onDelete: 'set null' }),
    agendadoHorario: instante(),
    situacaoEntrega: text({ enum: SITUACOES_ENTREGA }).notNull().default('aguardando_pagamento'),
    motivoCancelada: text(),
    canceladaAt: instante(),
    canceladaPor: text(),
    fechadaAt: instante(),
    ...auditoria,
  },
  (t) => [index().on(t.hotsiteId, t.usuarioId, t.id), index().on(t.hotsiteId, t.situacao, t.id)],
);

export const vendaItem = pgTable(
  'venda_item',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    vendaId: integer()
      .notNull()
      .references(() => venda.id, { onDelete: 'cascade' }),
    loteId: integer()
      .notNull()
      .references(() => lote.id, { onDelete: 'cascade' }),
    valor: centavos().notNull(),
    comissao: centavos().notNull(),
    despachante: centavos().notNull().default(0),
    outros: centavos().notNull().default(0),
    remocao: centavos().notNull().default(0),
    depositoDeBens: centavos().notNull().default(0),
    vistoria: centavos().notNull().default(0),
    /** Receipts already given for this item (recibo), taken off the remaining balance. */
    valorRecibo: centavos().notNull().default(0),
    total: centavos().notNull(),
    /** False once the client gave up and the runner-up bought the lot (it stays in the abandoned sale's history). */
    ativo: boolean().notNull().default(true),
    createdAt: auditoria.createdAt,
  },
  // A lot is sold once: a second closing path cannot add it to another sale (the runner-up's sale after a
  // desistência is the one exception, which first retires the abandoned item).
  (t) => [
    uniqueIndex('venda_item_lote_unq')
      .on(t.loteId)
      .where(sql`ativo`),
    index().on(t.vendaId),
  ],
);

/**
 * A sale made from a judicial lot's accepted written proposal (CPC 895, decision 250): the down payment
 * (numero 0) and each monthly instalment of the lot's price, due day and value in centavos; they add up to
 * the item's price exactly.
 */
export const vendaParcela = pgTable(
  'venda_parcela',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    vendaId: integer()
      .notNull()
      .references(() => venda.id, { onDelete: 'cascade' }),
    loteId: integer()
      .notNull()
      .references(() => lote.id, { onDelete: 'cascade' }),
    propostaId: integer()
      .notNull()
      .references(() => proposta.id, { onDelete: 'cascade' }),
    numero: smallint().notNull(),
    vencimento: date({ mode: 'string' }).notNull(),
    valor: centavos().notNull(),
    createdAt: auditoria.createdAt,
  },
  (t) => [
    unique().on(t.propostaId, t.numero),
    check('venda_parcela_numero_check', sql`${t.numero} BETWEEN 0 AND 30`),
    check('venda_parcela_valor_check', sql`${t.valor} >= 0`),
    index().on(t.hotsiteId, t.vendaId),
  ],
);

export const pagamento = pgTable(
  'pagamento',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    vendaId: integer()
      .notNull()
      .references(() => venda.id, { onDelete: 'cascade' }),
    tipo: text({ enum: FORMAS_PAGAMENTO }).notNull(),
    valor: centavos().notNull(),
    situacao: text({ enum: SITUACOES_PAGAMENTO }).notNull().default('aguardandoValidacao'),
    motivo: text(),
    dataPagamento: instante(),
    registradoPor: text(),
    respondidoPor: text(),
    respondidoAt: instante(),
    ...auditoria,
  },
  (t) => [index().on(t.vendaId)],
);

/** A transfer proof sent by the client; bytes kept beside the row (≤ 5 MB, type read from the bytes). */
export const comprovante = pgTable(
  'comprovante',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    vendaId: integer()
      .notNull()
      .references(() => venda.id, { onDelete: 'cascade' }),
    pagamentoId: integer().references(() => pagamento.id, { onDelete: 'set null' }),
    nomeArquivo: text().notNull(),
    tipo: text().notNull(),
    tamanho: integer().notNull(),
    arquivo: bytea().notNull(),
    situacao: text({ enum: CODIGOS_COMPROVANTE }).notNull().default('AG_COMPENSACAO'),
    motivo: text(),
    enviadoPor: text(),
    respondidoPor: text(),
    respondidoAt: instante(),
    ...auditoria,
  },
  (t) => [index().on(t.vendaId)],
);

/** What happened to a sale, in order (the client's timeline). */
export const vendaEvento = pgTable(
  'venda_evento',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    vendaId: integer()
      .notNull()
      .references(() => venda.id, { onDelete: 'cascade' }),
    texto: text().notNull(),
    autor: text(),
    data: instante()
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index().on(t.vendaId, t.id)],
);

export const SITUACOES_OFERTA = ['Pendente', 'Aceita', 'Recusada', 'Expirada'] as const;

/**
 * After CLIENTE_DESISTIU the lot is offered once to the runner-up (second-highest distinct bidder) at
 * their own highest bid, until `prazo` (decision 058). A lapsed offer is `Pendente` past its deadline.
 */
export const ofertaSegundoColocado = pgTable(
  'oferta_segundo_colocado',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    loteId: integer()
      .notNull()
      .references(() => lote.id, { onDelete: 'cascade' }),
    /** The sale the winner gave up. */
    vendaOrigemId: integer()
      .notNull()
      .references(() => venda.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    valor: centavos().notNull(),
    prazo: instante().notNull(),
    situacao: text({ enum: SITUACOES_OFERTA }).notNull().default('Pendente'),
    /** The runner-up's sale once accepted. */
    vendaId: integer().references(() => venda.id, { onDelete: 'set null' }),
    respondidaAt: instante(),
    ...auditoria,
  },
  (t) => [uniqueIndex('oferta_segundo_colocado_lote_unq').on(t.loteId), index().on(t.hotsiteId, t.usuarioId)],
);

/** A third party the buyer authorises to pick up (retirada-por-terceiros/{hash}). */
export const autorizacaoRetirada = pgTable(
  'autorizacao_retirada',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    vendaId: integer()
      .notNull()
      .references(() => venda.id, { onDelete: 'cascade' }),
    /** Opens the authorisation without login; random 40 hex, never listed. */
    hash: text().notNull().unique(),
    nome: text().notNull(),
    /** Digits only, validated. */
    cpf: text().notNull(),
    /** Revoked by the buyer or staff (decision 059): the page then says so and shows no personal data; the PDF is gone (410). */
    revogadaAt: instante(),
    revogadaPor: text(),
    ...auditoria,
  },
  (t) => [index().on(t.vendaId)],
);
