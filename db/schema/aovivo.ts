import { boolean, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { auditoria, instante } from './columns';
import { leilao } from './catalogo';
import { hotsite } from './hotsites';
import { usuario } from './identity';

/*
 * Live auctions (issue 15): the auditorium's chat. Messages are stored (staff hide them; a client can
 * be blocked from the chat of the brand), and rendered as text only.
 */
export const chatMensagem = pgTable(
  'chat_mensagem',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    leilaoId: integer()
      .notNull()
      .references(() => leilao.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    /** Shown instead of the name, as in the bid history ("Maria S."). */
    apelido: text().notNull(),
    texto: text().notNull(),
    oculta: boolean().notNull().default(false),
    createdAt: auditoria.createdAt,
  },
  (t) => [index().on(t.hotsiteId, t.leilaoId, t.id), index().on(t.usuarioId, t.createdAt)],
);

/** A client blocked from the chat of a brand by staff. */
export const chatBloqueio = pgTable(
  'chat_bloqueio',
  {
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    bloqueadoPor: integer(),
    createdAt: instante().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.hotsiteId, t.usuarioId] })],
);
