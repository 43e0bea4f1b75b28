import { index, integer, jsonb, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { auditoria, instante } from './columns';
import { hotsite } from './hotsites';
import { usuario } from './identity';

/**
 * Which brands a staff user with role Interno - MKT may edit (issue 6). Interno - ADM edits every
 * brand and needs no row here; the ADM assigns MKT users on the brand's screen.
 */
export const usuarioHotsite = pgTable(
  'usuario_hotsite',
  {
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    createdBy: integer(),
    createdAt: auditoria.createdAt,
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.hotsiteId] }), index().on(t.hotsiteId)],
);

/**
 * Who changed what in a brand's configuration or content, and when: one row per change (the
 * content tables also keep updatedBy/updatedAt of their last change).
 */
export const hotsiteAlteracao = pgTable(
  'hotsite_alteracao',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    usuarioId: integer().references(() => usuario.id, { onDelete: 'set null' }),
    /** hotsite | pagina | sessao | item | banner | usuario-hotsite */
    entidade: text().notNull(),
    entidadeId: integer(),
    /** criou | alterou | apagou | duplicou | prioridade */
    acao: text().notNull(),
    detalhes: jsonb(),
    createdAt: auditoria.createdAt,
  },
  (t) => [index().on(t.hotsiteId, t.createdAt)],
);

/** A message sent through a brand's contact form (section kind formulario-contato). */
export const mensagemContato = pgTable(
  'mensagem_contato',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    nome: text().notNull(),
    email: text().notNull(),
    telefone: text(),
    mensagem: text().notNull(),
    lidaEm: instante(),
    createdAt: auditoria.createdAt,
  },
  (t) => [index().on(t.hotsiteId, t.createdAt)],
);

/** Newsletter sign-ups, one per e-mail per brand (section kind newsletter). */
export const newsletterInscricao = pgTable(
  'newsletter_inscricao',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    createdAt: auditoria.createdAt,
  },
  (t) => [unique().on(t.hotsiteId, t.email)],
);
