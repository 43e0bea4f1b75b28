import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
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

export const SITUACOES_PEDIDO_VENDA = ['Novo', 'Contatado', 'Virou lote', 'Recusado'] as const;

/**
 * "Vender seu carro" (issue #33, decision 226): a person offers a vehicle to the brand. Kept for the
 * brand's staff and sent to the brand's contact e-mail through the outbox; staff handle it at
 * /admin/pedidos-venda (decision 256): its status, who handles it, the lot it became.
 */
export const pedidoVendaVeiculo = pgTable(
  'pedido_venda_veiculo',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
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
    situacao: text({ enum: SITUACOES_PEDIDO_VENDA }).notNull().default('Novo'),
    responsavelId: integer().references(() => usuario.id, { onDelete: 'set null' }),
    loteId: integer().references(() => lote.id, { onDelete: 'set null' }),
    createdAt: instante().notNull().defaultNow(),
    updatedAt: instante().notNull().defaultNow(),
  },
  (t) => [
    index('pedido_venda_veiculo_recentes').on(t.hotsiteId, t.createdAt),
    index('pedido_venda_veiculo_hotsite_id_situacao_index').on(t.hotsiteId, t.situacao, t.createdAt),
    check('pedido_venda_veiculo_situacao_check', sql`${t.situacao} IN ('Novo', 'Contatado', 'Virou lote', 'Recusado')`),
  ],
);

/** A staff comment on a sell-your-car request (decision 256). */
export const pedidoVendaComentario = pgTable(
  'pedido_venda_comentario',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    pedidoId: integer()
      .notNull()
      .references(() => pedidoVendaVeiculo.id, { onDelete: 'cascade' }),
    usuarioId: integer().references(() => usuario.id, { onDelete: 'set null' }),
    texto: text().notNull(),
    createdAt: instante().notNull().defaultNow(),
  },
  (t) => [index('pedido_venda_comentario_pedido_id_index').on(t.pedidoId)],
);
