import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { auditoria, instante } from './columns';
import { hotsite } from './hotsites';
import { sessao, usuario } from './identity';

/**
 * Refresh tokens rotate: each use marks the token used and issues a successor in the same family.
 * Presenting a used token again means it leaked, so the whole family (and its sessions) is revoked.
 */
export const refreshToken = pgTable(
  'refresh_token',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    sessaoId: integer().references(() => sessao.id, { onDelete: 'set null' }),
    familia: uuid().notNull(),
    tokenHash: text().notNull().unique(),
    manterLogado: boolean().notNull().default(false),
    expiraEm: instante().notNull(),
    usadoEm: instante(),
    revogadoEm: instante(),
    createdAt: auditoria.createdAt,
  },
  (t) => [index().on(t.familia)],
);

/** Every login attempt: rate limiting per IP and per account, and the client's "last logins". */
export const tentativaLogin = pgTable(
  'tentativa_login',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    usuarioId: integer().references(() => usuario.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    ip: text().notNull(),
    userAgent: text(),
    sucesso: boolean().notNull(),
    motivo: text(),
    createdAt: auditoria.createdAt,
  },
  (t) => [
    index().on(t.ip, t.createdAt),
    index().on(t.email, t.createdAt),
    index().on(t.usuarioId, t.createdAt),
    // The purge of records older than six months (migration 0048, decision 236).
    index('tentativa_login_created_at_index').on(t.createdAt),
  ],
);

/**
 * Attempt counters (decision 106): one row per limited thing (an account's logins, an IP's, a user's 2FA
 * codes, a client's chat messages...). An attempt is reserved by one INSERT ... ON CONFLICT DO UPDATE that
 * increments and answers the new count before the slow check runs, so concurrent guesses cannot all pass
 * a check that was read before any of them was counted. `hotsiteId` is the brand the counter belongs to
 * (null for platform-wide ones: an IP, a staff account).
 */
export const limiteTentativa = pgTable(
  'limite_tentativa',
  {
    chave: text().primaryKey(),
    hotsiteId: integer().references(() => hotsite.id, { onDelete: 'cascade' }),
    n: integer().notNull(),
    janelaFim: instante().notNull(),
  },
  (t) => [index().on(t.janelaFim)],
);

/**
 * Outbox for e-mail and SMS: use cases insert in their own transaction; a sender (SMTP/SMS provider,
 * or, without SMTP, the local mailbox of each recipient: decision 107) drains it.
 */
export const mensagemSaida = pgTable(
  'mensagem_saida',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    canal: text({ enum: ['email', 'sms'] }).notNull(),
    para: text().notNull(),
    assunto: text(),
    texto: text().notNull(),
    html: text(),
    /** Headers for SMTP (a notification's List-Unsubscribe and List-Unsubscribe-Post). */
    cabecalhos: jsonb().$type<Record<string, string>>(),
    situacao: text({ enum: ['pendente', 'enviado', 'erro'] })
      .notNull()
      .default('pendente'),
    tentativas: integer().notNull().default(0),
    erro: text(),
    enviadoAt: instante(),
    createdAt: auditoria.createdAt,
  },
  (t) => [index().on(t.situacao, t.createdAt), index().on(t.hotsiteId, t.createdAt)],
);

/** E-mail / phone confirmation codes (6 digits, stored hashed, limited attempts). */
export const codigoConfirmacao = pgTable(
  'codigo_confirmacao',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    tipo: text({ enum: ['email', 'telefone'] }).notNull(),
    destino: text().notNull(),
    codigoHash: text().notNull(),
    tentativas: integer().notNull().default(0),
    expiraEm: instante().notNull(),
    usadoEm: instante(),
    createdAt: auditoria.createdAt,
  },
  (t) => [index().on(t.usuarioId, t.tipo)],
);

/**
 * Single-use secrets: login links (/admin-auth/{hash}, POST /v1/usuario/hash/efetuar-login) and
 * password reset links. Only the SHA-256 is stored; the first use consumes it.
 */
export const tokenUsoUnico = pgTable('token_uso_unico', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  hotsiteId: integer()
    .notNull()
    .references(() => hotsite.id, { onDelete: 'cascade' }),
  usuarioId: integer()
    .notNull()
    .references(() => usuario.id, { onDelete: 'cascade' }),
  tipo: text({ enum: ['login', 'redefinir-senha'] }).notNull(),
  tokenHash: text().notNull().unique(),
  expiraEm: instante().notNull(),
  usadoEm: instante(),
  criadoPor: integer().references(() => usuario.id, { onDelete: 'set null' }),
  createdAt: auditoria.createdAt,
});
