import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instante } from './columns';
import { lote } from './catalogo';
import { hotsite } from './hotsites';
import { usuario } from './identity';

/*
 * Notifications (#32, migration 0037): the durable queue, its deliveries per channel, each person's choices,
 * Web Push subscriptions, the install's VAPID pair and saved searches. Triggers of the migration write
 * `notificacao` rows in the bid's, the closing's and the habilitation's own transactions (decision 181).
 */
export const CANAIS_DE_ENVIO = ['email', 'push', 'whatsapp', 'sms'] as const;
export type CanalDeEnvio = (typeof CANAIS_DE_ENVIO)[number];

export const notificacao = pgTable(
  'notificacao',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    evento: text().notNull(),
    loteId: integer().references(() => lote.id, { onDelete: 'cascade' }),
    /** With person, event and lot, the dedupe key: the same notice is queued once. */
    chave: text().notNull().default(''),
    dados: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** Spread into its deliveries (notificacao_envio) by the job. */
    distribuida: boolean().notNull().default(false),
    lidaEm: instante(),
    createdAt: instante().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notificacao_unica').on(t.hotsiteId, t.usuarioId, t.evento, sql`coalesce(${t.loteId}, 0)`, t.chave),
    index('notificacao_a_distribuir')
      .on(t.id)
      .where(sql`NOT distribuida`),
    index('notificacao_do_usuario').on(t.hotsiteId, t.usuarioId, t.id.desc()),
  ],
);

export const notificacaoEnvio = pgTable(
  'notificacao_envio',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    notificacaoId: integer()
      .notNull()
      .references(() => notificacao.id, { onDelete: 'cascade' }),
    canal: text({ enum: CANAIS_DE_ENVIO }).notNull(),
    situacao: text({ enum: ['pendente', 'enviando', 'enviado', 'erro'] })
      .notNull()
      .default('pendente'),
    tentativas: integer().notNull().default(0),
    /** When it is due: now, after a backoff, after quiet hours; while `enviando`, when its claim lapses. */
    proximaEm: instante().notNull().defaultNow(),
    enviadoEm: instante(),
    erro: text(),
  },
  (t) => [
    unique().on(t.notificacaoId, t.canal),
    index('notificacao_envio_a_fazer')
      .on(t.proximaEm)
      .where(sql`situacao IN ('pendente', 'enviando')`),
  ],
);

export const notificacaoPreferencia = pgTable(
  'notificacao_preferencia',
  {
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    evento: text().notNull(),
    canal: text({ enum: CANAIS_DE_ENVIO }).notNull(),
    ativo: boolean().notNull(),
    updatedAt: instante().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.hotsiteId, t.usuarioId, t.evento, t.canal] })],
);

export const notificacaoSilencio = pgTable(
  'notificacao_silencio',
  {
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    inicio: smallint().notNull(),
    fim: smallint().notNull(),
  },
  (t) => [primaryKey({ columns: [t.hotsiteId, t.usuarioId] })],
);

export const inscricaoPush = pgTable(
  'inscricao_push',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    endpoint: text().notNull(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    createdAt: instante().notNull().defaultNow(),
  },
  (t) => [unique().on(t.hotsiteId, t.endpoint), index('inscricao_push_do_usuario').on(t.hotsiteId, t.usuarioId)],
);

/** The install's VAPID pair, when the environment gives none (one row). */
export const chaveVapid = pgTable('chave_vapid', {
  id: smallint().primaryKey().default(1),
  publica: text().notNull(),
  privada: text().notNull(),
  createdAt: instante().notNull().defaultNow(),
});

export const FREQUENCIAS_DE_BUSCA = ['instantanea', 'diaria', 'semanal'] as const;

export const buscaSalva = pgTable(
  'busca_salva',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    filtros: jsonb().$type<Record<string, string>>().notNull(),
    frequencia: text({ enum: FREQUENCIAS_DE_BUSCA }).notNull(),
    /** Lots released up to this instant were already sent. */
    vistoAte: instante().notNull().defaultNow(),
    createdAt: instante().notNull().defaultNow(),
  },
  (t) => [index('busca_salva_do_usuario').on(t.hotsiteId, t.usuarioId)],
);

/**
 * A brand's setting of one event (migration 0043, decision 209): on or off, its title and text in each wording
 * (null = the built-in text) and the channels on until a client chooses (null = the built-in default).
 */
export const notificacaoModelo = pgTable(
  'notificacao_modelo',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    evento: text().notNull(),
    ativo: boolean().notNull().default(true),
    tituloLeilao: text(),
    textoLeilao: text(),
    tituloLoja: text(),
    textoLoja: text(),
    canais: text().array().$type<CanalDeEnvio[]>(),
    updatedAt: instante()
      .notNull()
      .default(sql`now()`),
    updatedPor: text(),
  },
  (t) => [unique().on(t.hotsiteId, t.evento)],
);

/** The brand's e-mail signature (plain text), appended by a trigger to every e-mail it sends (decision 210). */
export const assinaturaEmail = pgTable('assinatura_email', {
  hotsiteId: integer()
    .primaryKey()
    .references(() => hotsite.id, { onDelete: 'cascade' }),
  texto: text().notNull(),
  updatedAt: instante()
    .notNull()
    .default(sql`now()`),
  updatedPor: text(),
});
