import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { instante } from './columns';
import { lote } from './catalogo';
import { hotsite } from './hotsites';
import { usuario } from './identity';

/*
 * The buyer's conveniences (issue #33, decision 225). The last lots a client opened, newest first: one
 * row per client and lot, its time moved on each visit, trimmed to the newest few by the writer. A
 * visitor's list stays in the browser.
 */
export const loteVisitado = pgTable(
  'lote_visitado',
  {
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    loteId: integer()
      .notNull()
      .references(() => lote.id, { onDelete: 'cascade' }),
    visitadoEm: instante().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.loteId] }), index('lote_visitado_recentes').on(t.hotsiteId, t.usuarioId, t.visitadoEm)],
);
