import { index, integer, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { auditoria, instante } from './columns';
import { hotsite } from './hotsites';
import { usuario } from './identity';
import { lote } from './catalogo';

/** Client group (spec 001 §7 grupos-cliente; decision 269): a brand's clients gathered by staff. */
export const grupoCliente = pgTable(
  'grupo_cliente',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    nome: text().notNull(),
    descricao: text(),
    ...auditoria,
  },
  (t) => [unique().on(t.hotsiteId, t.nome)],
);

/** A client in a group (the brand's own clients only). */
export const grupoClienteMembro = pgTable(
  'grupo_cliente_membro',
  {
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    grupoId: integer()
      .notNull()
      .references(() => grupoCliente.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    createdAt: instante().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.grupoId, t.usuarioId] }), index().on(t.hotsiteId, t.usuarioId)],
);

/** The lot's gruposCliente: a lot with rows here takes bids only from the members of one of its groups. */
export const loteGrupoCliente = pgTable(
  'lote_grupo_cliente',
  {
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    loteId: integer()
      .notNull()
      .references(() => lote.id, { onDelete: 'cascade' }),
    grupoId: integer()
      .notNull()
      .references(() => grupoCliente.id, { onDelete: 'cascade' }),
    createdAt: instante().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.loteId, t.grupoId] }), index().on(t.grupoId)],
);
