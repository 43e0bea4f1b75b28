import { date, index, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { auditoria } from './columns';
import { patio } from './catalogo';
import { hotsite } from './hotsites';
import { usuario } from './identity';

/*
 * Yards in the back office (issue #13; spec 000 §2 `/admin/patio-usuario`, `/admin/patio-recesso`;
 * decision 057). Both carry the yard's hotsiteId, copied from the yard, and every read filters by it.
 */

/** Which yards a staff user (Interno - Pátio) works at. */
export const patioUsuario = pgTable(
  'patio_usuario',
  {
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    patioId: integer()
      .notNull()
      .references(() => patio.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    createdAt: auditoria.createdAt,
  },
  (t) => [primaryKey({ columns: [t.patioId, t.usuarioId] }), index().on(t.hotsiteId, t.usuarioId)],
);

/** A day a yard is closed (recesso): holidays, collective leave. */
export const patioRecesso = pgTable(
  'patio_recesso',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    patioId: integer()
      .notNull()
      .references(() => patio.id, { onDelete: 'cascade' }),
    /** The closed day, in São Paulo. */
    dia: date({ mode: 'string' }).notNull(),
    descricao: text().notNull(),
    ...auditoria,
  },
  (t) => [index().on(t.hotsiteId, t.dia), unique().on(t.patioId, t.dia)],
);
