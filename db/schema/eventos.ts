import { check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { instante } from './columns';
import { hotsite } from './hotsites';
import { usuario } from './identity';
import { leilao } from './catalogo';
import { venda } from './vendas';

/**
 * A guest of an exclusive event (spec "Invitation fields: hash, type, answer, date, by"), one row per
 * invitation of a private auction: by e-mail or CPF, answered through its hash by the login that accepts
 * it (decision 186).
 */
export const leilaoConvidado = pgTable(
  'leilao_convidado',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    leilaoId: integer()
      .notNull()
      .references(() => leilao.id, { onDelete: 'cascade' }),
    tipo: text({ enum: ['email', 'cpf'] }).notNull(),
    email: text(),
    cpf: text(),
    hash: text().notNull().unique(),
    resposta: text({ enum: ['Pendente', 'Aceito', 'Recusado'] })
      .notNull()
      .default('Pendente'),
    respondidoEm: instante(),
    usuarioId: integer().references(() => usuario.id, { onDelete: 'set null' }),
    convidadoEm: instante().notNull().defaultNow(),
    convidadoPorId: integer().references(() => usuario.id, { onDelete: 'set null' }),
    convidadoPor: text().notNull(),
  },
  (t) => [
    unique('leilao_convidado_email_unq').on(t.leilaoId, t.email),
    unique('leilao_convidado_cpf_unq').on(t.leilaoId, t.cpf),
    index('leilao_convidado_hotsite_leilao_idx').on(t.hotsiteId, t.leilaoId),
    index('leilao_convidado_usuario_idx')
      .on(t.usuarioId, t.leilaoId)
      .where(sql`resposta = 'Aceito'`),
    check('leilao_convidado_tipo_check', sql`tipo IN ('email', 'cpf')`),
    check('leilao_convidado_resposta_check', sql`resposta IN ('Pendente', 'Aceito', 'Recusado')`),
  ],
);

/** A client's referral code on their brand (indique e ganhe), made the first time their page opens. */
export const indicacaoCodigo = pgTable(
  'indicacao_codigo',
  {
    usuarioId: integer()
      .primaryKey()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    codigo: text().notNull(),
    createdAt: instante().notNull().defaultNow(),
  },
  (t) => [unique('indicacao_codigo_unq').on(t.hotsiteId, t.codigo)],
);

/**
 * One referred friend (one referrer each, never themselves); the reward in centavos is written once, by
 * the friend's first sale to close as paid (decision 188).
 */
export const indicacao = pgTable(
  'indicacao',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    indicadorId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    indicadoId: integer()
      .notNull()
      .unique()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    createdAt: instante().notNull().defaultNow(),
    vendaId: integer().references(() => venda.id, { onDelete: 'set null' }),
    recompensa: integer(),
    recompensadaEm: instante(),
  },
  (t) => [
    index('indicacao_indicador_idx').on(t.hotsiteId, t.indicadorId),
    check('indicacao_sem_autoindicacao', sql`indicador_id <> indicado_id`),
  ],
);
