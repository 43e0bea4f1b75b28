import { boolean, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { auditoria, instante } from './columns';
import { comitente, INTEGRADORAS, lote } from './catalogo';
import { remocao } from './estoque';
import { hotsite } from './hotsites';
import { usuario } from './identity';

/*
 * Insurer integrations (issue #31; spec 001 §9 "Insurer integration payloads"; decisions 171-175). Every row
 * carries its brand and every read filters by it.
 */

/**
 * A brand's link to one insurer: the secret that signs what it sends and what we send back (HMAC-SHA256),
 * the address that takes our status updates, and the seller its vehicles are registered under.
 */
export const seguradoraIntegracao = pgTable(
  'seguradora_integracao',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    integradora: text({ enum: INTEGRADORAS }).notNull(),
    /** Never logged nor shown; compared in constant time. */
    segredo: text().notNull(),
    urlStatus: text(),
    comitenteId: integer().references(() => comitente.id, { onDelete: 'set null' }),
    ativo: boolean().notNull().default(true),
    ...auditoria,
  },
  (t) => [unique().on(t.hotsiteId, t.integradora)],
);

/** One event received, once: processId + eventCode is the idempotency key (a replay answers ESTXX). */
export const seguradoraEvento = pgTable(
  'seguradora_evento',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    integradora: text({ enum: INTEGRADORAS }).notNull(),
    processId: text().notNull(),
    eventCode: text().notNull(),
    /** The receipt answered: EST01, EST02 (EST03 is not kept: the insurer may send it again, corrected). */
    recibo: text().notNull(),
    remocaoId: integer().references(() => remocao.id, { onDelete: 'set null' }),
    createdAt: instante().notNull().defaultNow(),
  },
  (t) => [unique('seguradora_evento_unico').on(t.hotsiteId, t.integradora, t.processId, t.eventCode)],
);

export const SITUACOES_ENVIO_SEGURADORA = ['pendente', 'enviado', 'recusado', 'erro'] as const;

/** The outbox of status updates to the insurer: written in the removal's transaction, sent after it with retries. */
export const seguradoraEnvio = pgTable(
  'seguradora_envio',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    integradora: text({ enum: INTEGRADORAS }).notNull(),
    remocaoId: integer()
      .notNull()
      .references(() => remocao.id, { onDelete: 'cascade' }),
    eventCode: text().notNull(),
    body: jsonb().notNull(),
    situacao: text({ enum: SITUACOES_ENVIO_SEGURADORA }).notNull().default('pendente'),
    tentativas: integer().notNull().default(0),
    proximaEm: instante().notNull().defaultNow(),
    ultimoErro: text(),
    enviadoAt: instante(),
    ...auditoria,
  },
  (t) => [index('seguradora_envio_hotsite_id_remocao_id_index').on(t.hotsiteId, t.remocaoId)],
);

export const SITUACOES_ETAPA_AUTOMATICA = ['pendente', 'informada', 'ignorada'] as const;

/**
 * A sale stage (S10-S13, S17) the lot or the vehicle reached, written by the triggers of migration 0042 in the
 * lot's or vehicle's own transaction and reported to the insurer once, in order (decision 204).
 */
export const remocaoEtapaAutomatica = pgTable(
  'remocao_etapa_automatica',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    remocaoId: integer()
      .notNull()
      .references(() => remocao.id, { onDelete: 'cascade' }),
    codigo: text().notNull(),
    loteId: integer().references(() => lote.id, { onDelete: 'set null' }),
    /** What moved it: 'lote AG_PAGAMENTO', 'documentos recebidos'. */
    origem: text().notNull(),
    situacao: text({ enum: SITUACOES_ETAPA_AUTOMATICA }).notNull().default('pendente'),
    /** Why it waits (S11 before the insurer's S08) or was not reported (already past). */
    motivo: text(),
    proximaEm: instante().notNull().defaultNow(),
    ...auditoria,
  },
  (t) => [
    unique('remocao_etapa_automatica_unica').on(t.remocaoId, t.codigo),
    index('remocao_etapa_automatica_hotsite_id_remocao_id_index').on(t.hotsiteId, t.remocaoId),
  ],
);

/** An insurer's question (S14) and the staff's answer (S15, decision 205): one row per question code. */
export const seguradoraComunicacao = pgTable(
  'seguradora_comunicacao',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    remocaoId: integer()
      .notNull()
      .references(() => remocao.id, { onDelete: 'cascade' }),
    codigo: text().notNull(),
    tipo: text(),
    protocolo: text(),
    texto: text().notNull(),
    usuario: text(),
    recebidaEm: instante().notNull(),
    resposta: text(),
    respondidaEm: instante(),
    respondidaPorId: integer().references(() => usuario.id, { onDelete: 'set null' }),
    ...auditoria,
  },
  (t) => [
    unique('seguradora_comunicacao_unica').on(t.remocaoId, t.codigo),
    index('seguradora_comunicacao_hotsite_id_remocao_id_index').on(t.hotsiteId, t.remocaoId),
  ],
);
