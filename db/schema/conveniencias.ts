import { bigint, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
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

/**
 * "Vender seu carro" (issue #33, decision 226): a person offers a vehicle to the brand. Kept for the
 * brand's staff and sent to the brand's contact e-mail through the outbox.
 */
export const pedidoVendaVeiculo = pgTable(
  'pedido_venda_veiculo',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    nome: text().notNull(),
    email: text().notNull(),
    telefone: text().notNull(),
    marcaModelo: text().notNull(),
    anoModelo: integer().notNull(),
    km: integer(),
    valorPretendido: bigint({ mode: 'number' }),
    cidade: text().notNull(),
    uf: text().notNull(),
    observacao: text(),
    createdAt: instante().notNull().defaultNow(),
  },
  (t) => [index('pedido_venda_veiculo_recentes').on(t.hotsiteId, t.createdAt)],
);
