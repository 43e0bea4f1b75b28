import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditoria, instante } from './columns';
import { hotsite } from './hotsites';
import { usuario } from './identity';

/*
 * LGPD self-service (issue #34 part 4, decisions 234-236): the client's consents and the requests staff
 * answer within 15 days. Every row carries its brand and every read filters by it.
 */

/** What a client may consent to: the brand's marketing, and sharing their registration with another brand. */
export const FINALIDADES_CONSENTIMENTO = ['marketing', 'compartilhamento'] as const;
export type FinalidadeConsentimento = (typeof FINALIDADES_CONSENTIMENTO)[number];

/** The current answer per purpose (no row: never given, which counts as not consented). */
export const consentimento = pgTable(
  'consentimento',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    finalidade: text({ enum: FINALIDADES_CONSENTIMENTO }).notNull(),
    concedido: boolean().notNull(),
    alteradoEm: instante().notNull().defaultNow(),
  },
  (t) => [
    unique('consentimento_hotsite_id_usuario_id_finalidade_unique').on(t.hotsiteId, t.usuarioId, t.finalidade),
    check('consentimento_finalidade_check', sql`${t.finalidade} IN ('marketing', 'compartilhamento')`),
  ],
);

export const SITUACOES_SOLICITACAO = ['Pendente', 'Atendida', 'Recusada'] as const;
export type SituacaoSolicitacao = (typeof SITUACOES_SOLICITACAO)[number];

/**
 * A data subject's request that staff answer (LGPD art. 18, within 15 days: art. 19 II): deletion. One
 * pending request per client and kind (a partial unique index), so a double press files one.
 */
export const solicitacaoTitular = pgTable(
  'solicitacao_titular',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    tipo: text({ enum: ['exclusao'] }).notNull(),
    situacao: text({ enum: SITUACOES_SOLICITACAO }).notNull().default('Pendente'),
    /** The client's own words, optional. */
    motivo: text(),
    /** The legal deadline: filed + 15 days. */
    prazo: instante().notNull(),
    resposta: text(),
    respondidaEm: instante(),
    respondidaPorId: integer().references(() => usuario.id, { onDelete: 'set null' }),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('solicitacao_titular_pendente_unq')
      .on(t.hotsiteId, t.usuarioId, t.tipo)
      .where(sql`situacao = 'Pendente'`),
    index('solicitacao_titular_hotsite_id_situacao_prazo_index').on(t.hotsiteId, t.situacao, t.prazo),
    check('solicitacao_titular_situacao_check', sql`${t.situacao} IN ('Pendente', 'Atendida', 'Recusada')`),
    check('solicitacao_titular_tipo_check', sql`${t.tipo} IN ('exclusao')`),
  ],
);
