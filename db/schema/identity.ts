import { boolean, index, integer, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { auditoria, instante } from './columns';
import { hotsite } from './hotsites';

/**
 * A person who logs in. Clients belong to the brand they signed up on (`hotsiteId`); staff users
 * are platform-wide (`hotsiteId` null). E-mails are stored lower-cased; one account per e-mail per
 * brand, and one staff account per e-mail (NULLS NOT DISTINCT).
 */
export const usuario = pgTable(
  'usuario',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer().references(() => hotsite.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    nome: text().notNull(),
    senhaHash: text(),
    twoFactorHabilitado: boolean().notNull().default(false),
    twoFactorHabilitadoAt: instante(),
    twoFactorObrigatorio: boolean().notNull().default(false),
    twoFactorBloqueado: boolean().notNull().default(false),
    twoFactorSegredo: text(),
    twoFactorUltimoUso: instante(),
    /** TOTP time step of the last accepted code: a code is usable once. */
    twoFactorUltimoPasso: integer(),
    telefone: text(),
    bloqueado: boolean().notNull().default(false),
    motivoBloqueio: text(),
    ...auditoria,
  },
  (t) => [unique('usuario_hotsite_email_unq').on(t.hotsiteId, t.email).nullsNotDistinct()],
);

/** Roles by their spec names ('Interno - ADM', 'Interno - SAC', 'Clientes', ...). */
export const usuarioPapel = pgTable(
  'usuario_papel',
  {
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    papel: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.papel] })],
);

/**
 * Session: an opaque bearer token (only its SHA-256 is stored) issued on one brand's site.
 * Pages carry it in an httpOnly cookie; the JSON API and the websocket as a bearer token.
 */
export const sessao = pgTable(
  'sessao',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    expiraEm: instante().notNull(),
    revogadaEm: instante(),
    ip: text(),
    userAgent: text(),
    /** Refresh-token family that renewed this session (revoked together on reuse). */
    familia: uuid(),
    createdAt: auditoria.createdAt,
  },
  (t) => [index().on(t.usuarioId)],
);
