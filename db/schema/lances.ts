import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { auditoria, instante } from './columns';
import { lote, leilao } from './catalogo';
import { hotsite } from './hotsites';
import { usuario } from './identity';

/*
 * Bidding (issue #5). The lot row (catalogo.ts) carries the current-bid snapshot and the per-lot
 * sequence number; these tables hold every bid, automatic maximum, proposal, favourite and enablement.
 * Money is integer centavos.
 */
const centavos = () => bigint({ mode: 'number' });

/**
 * 'Leiloeiro': a floor bid the auctioneer takes on behalf of the room (live auctions, issue 15). 'Proposta': a
 * judicial lot's accepted written proposal (CPC 895), recorded as its winning bid (decision 287).
 */
export const TIPOS_LANCE = ['Manual', 'Automático', 'Configuração Automática', 'Leiloeiro', 'Proposta'] as const;
/** Stored situations; Superado/Vencendo/Vencedor are derived from the lot (spec: back-office labels). */
export const SITUACOES_LANCE = ['Recebido', 'Cancelado'] as const;

/** One accepted bid. `ordem` is the lot's sequence number when it was placed (ties go to the lower). */
export const lance = pgTable(
  'lance',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    loteId: integer()
      .notNull()
      .references(() => lote.id, { onDelete: 'cascade' }),
    leilaoId: integer().references(() => leilao.id, { onDelete: 'set null' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    valor: centavos().notNull(),
    tipo: text({ enum: TIPOS_LANCE }).notNull(),
    situacao: text({ enum: SITUACOES_LANCE }).notNull().default('Recebido'),
    lanceAutomaticoId: integer(),
    ordem: integer().notNull(),
    /** Shown in the bid history instead of the name. */
    apelido: text().notNull(),
    cidade: text(),
    data: instante().notNull().defaultNow(),
    /**
     * The tamper-evident record (decision 196): SHA-256 of the bid's canonical line chained to the lot's
     * previous bid, both written by the trigger lance_encadear (migration 0040) in the bid's own statement.
     */
    hashAnterior: text(),
    hash: text(),
  },
  (t) => [index().on(t.loteId, t.id), index().on(t.hotsiteId, t.usuarioId, t.loteId)],
);

/** A client's automatic-bid maximum on a lot; one active per client and lot. */
export const lanceAutomatico = pgTable(
  'lance_automatico',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    loteId: integer()
      .notNull()
      .references(() => lote.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    valorMaximo: centavos().notNull(),
    /** The lot's sequence number when this maximum was set: earlier wins at equal maxima. */
    ordem: integer().notNull(),
    situacao: text({ enum: ['Ativo', 'Cancelado'] })
      .notNull()
      .default('Ativo'),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('lance_automatico_ativo_unq')
      .on(t.loteId, t.usuarioId)
      .where(sql`situacao = 'Ativo'`),
    index().on(t.hotsiteId, t.usuarioId),
  ],
);

/** Proposal on a lot sold by buy-now or proposal, for the seller's answer. */
export const proposta = pgTable(
  'proposta',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    loteId: integer()
      .notNull()
      .references(() => lote.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    valor: centavos().notNull(),
    telefone: text().notNull(),
    email: text().notNull(),
    situacao: text({ enum: ['Enviada', 'Aceita', 'Recusada'] })
      .notNull()
      .default('Enviada'),
    /** CPC 895 (judicial lots, decision 230): down payment in centavos and monthly instalments; null = cash. */
    entrada: centavos(),
    parcelas: smallint(),
    ...auditoria,
  },
  (t) => [
    index().on(t.hotsiteId, t.usuarioId, t.id),
    // A judicial lot's accepted proposal becomes its sale once (decision 250): one accepted per lot.
    uniqueIndex('proposta_aceita_por_lote_unq')
      .on(t.loteId)
      .where(sql`situacao = 'Aceita'`),
  ],
);

/** Favourite lot of a client, by vehicle uid (the spec's POST body is `veiUid`). */
export const favorito = pgTable(
  'favorito',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    veiUid: uuid().notNull(),
    createdAt: auditoria.createdAt,
  },
  (t) => [unique().on(t.usuarioId, t.veiUid), index().on(t.hotsiteId, t.usuarioId), index('favorito_vei_uid').on(t.veiUid)],
);

export const SITUACOES_HABILITACAO = ['Habilitado', 'Pendente', 'Recusado'] as const;
export type SituacaoHabilitacao = (typeof SITUACOES_HABILITACAO)[number];

/**
 * Habilitation of a client (hotsite.tipoHabilitacao 'por-leilao'; leilaoId null = whole brand).
 * Pendente while staff decide (hotsite.habilitacaoComAprovacao); Habilitado = approved; Recusado
 * carries the reason shown to the client. Who decided and when (docs/decisions/031).
 */
export const habilitacao = pgTable(
  'habilitacao',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    leilaoId: integer().references(() => leilao.id, { onDelete: 'cascade' }),
    situacao: text({ enum: SITUACOES_HABILITACAO }).notNull().default('Habilitado'),
    /** Refusal reason (required when Recusado). */
    motivo: text(),
    /** When the client accepted the auction's conditions (edital / regulamento). */
    aceiteEm: instante(),
    decididoPor: integer().references(() => usuario.id, { onDelete: 'set null' }),
    decididoEm: instante(),
    createdAt: auditoria.createdAt,
  },
  (t) => [unique().on(t.usuarioId, t.leilaoId).nullsNotDistinct(), index().on(t.hotsiteId, t.situacao)],
);

/** Scrap enablement (habilitacaoSucata): situacao and tipoAutorizacao as the spec's document check answers. */
export const habilitacaoSucata = pgTable('habilitacao_sucata', {
  usuarioId: integer()
    .primaryKey()
    .references(() => usuario.id, { onDelete: 'cascade' }),
  hotsiteId: integer()
    .notNull()
    .references(() => hotsite.id, { onDelete: 'cascade' }),
  situacao: text({ enum: ['Autorizado', 'Falha', 'Aguardando', 'Divergente'] }).notNull(),
  tipoAutorizacao: text(),
  ...auditoria,
});

/** First answer to a bid request per Idempotency-Key (per client), replayed for the same body. */
export const idempotencia = pgTable(
  'idempotencia',
  {
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    chave: text().notNull(),
    hashCorpo: text().notNull(),
    status: integer().notNull(),
    resposta: jsonb().notNull(),
    createdAt: auditoria.createdAt,
  },
  (t) => [primaryKey({ columns: [t.hotsiteId, t.usuarioId, t.chave] })],
);

/** One row per lot closing: the primary key makes a second closing impossible. */
export const loteEncerramento = pgTable('lote_encerramento', {
  loteId: integer()
    .primaryKey()
    .references(() => lote.id, { onDelete: 'cascade' }),
  hotsiteId: integer()
    .notNull()
    .references(() => hotsite.id, { onDelete: 'cascade' }),
  situacao: text().notNull(),
  valor: centavos(),
  usuarioId: integer(),
  encerradoEm: instante().notNull().defaultNow(),
});

/**
 * Commit receipts (decision 113). A bid's transaction writes one row under an id the server chose before
 * it began; when the COMMIT's answer is lost (a reset connection, a read timeout), the server learns what
 * happened by inserting the same id itself: a conflict with a row that is not `anulada` means the
 * transaction committed (and `resposta` holds its answer when the statement's own answer was lost); a
 * successful insert (`anulada`) means it never did, and never can: its own insert would now conflict.
 * Kept a day, then deleted by the hourly cleanup.
 */
export const reciboTransacao = pgTable(
  'recibo_transacao',
  {
    id: uuid().primaryKey(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    resposta: jsonb(),
    anulada: boolean().notNull().default(false),
    criadoEm: instante().notNull().defaultNow(),
  },
  (t) => [index().on(t.criadoEm)],
);

/**
 * A one-tap answer link to a conditional offer, e-mailed to a seller's user (#30, decision 162): the
 * e-mail holds the random token, the row only its SHA-256; it expires and works once (`usado_em`,
 * set by one atomic UPDATE).
 */
export const respostaCondicionalLink = pgTable(
  'resposta_condicional_link',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    loteId: integer()
      .notNull()
      .references(() => lote.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    expiraEm: instante().notNull(),
    usadoEm: instante(),
    resposta: text(),
    createdAt: auditoria.createdAt,
  },
  (t) => [uniqueIndex().on(t.loteId, t.usuarioId)],
);
