import { index, integer, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { auditoria, instante } from './columns';
import { hotsite } from './hotsites';
import { usuario } from './identity';
import { comitente, INTEGRADORAS, veiculo } from './catalogo';

/*
 * Seller integration (spec 001 §3 "Consignor group", "Integration tag", the vehicle's integration fields;
 * issue #30, decisions 166-170). Every row is the brand's: it carries hotsiteId and every read filters by it.
 */

/** Consignor group (spec: id, uid, cogSigla, nome). `comitente.grupo` holds the group's sigla. */
export const comitenteGrupo = pgTable(
  'comitente_grupo',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    cogSigla: text().notNull(),
    nome: text().notNull(),
    ...auditoria,
  },
  (t) => [unique().on(t.hotsiteId, t.cogSigla)],
);

/** Integration tag (spec: uid, nome, chave, integradora): the integrator's code for a kind of vehicle or event. */
export const comitenteIntegracaoTag = pgTable(
  'comitente_integracao_tag',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    nome: text().notNull(),
    chave: text().notNull(),
    integradora: text({ enum: INTEGRADORAS }).notNull(),
    ...auditoria,
  },
  (t) => [unique().on(t.hotsiteId, t.integradora, t.chave)],
);

/** The vehicle's classification by tags (spec vehicle `comitenteIntegracoesVeiculoTags`; `/admin/veiculos-classificacao`). */
export const comitenteIntegracaoVeiculoTag = pgTable(
  'comitente_integracao_veiculo_tag',
  {
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    veiculoId: integer()
      .notNull()
      .references(() => veiculo.id, { onDelete: 'cascade' }),
    tagId: integer()
      .notNull()
      .references(() => comitenteIntegracaoTag.id, { onDelete: 'cascade' }),
    createdAt: auditoria.createdAt,
  },
  (t) => [primaryKey({ columns: [t.veiculoId, t.tagId] }), index().on(t.hotsiteId, t.tagId)],
);

/**
 * The vehicle as its integrator knows it (spec vehicle: comitenteIntegracaoIntegradora,
 * externoComitenteIntegracaoVeiculoId, externoComitenteIntegracaoVeiSituacao, ...VeiDespachanteSituacao).
 */
export const comitenteIntegracaoVeiculo = pgTable(
  'comitente_integracao_veiculo',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    veiculoId: integer()
      .notNull()
      .unique()
      .references(() => veiculo.id, { onDelete: 'cascade' }),
    integradora: text({ enum: INTEGRADORAS }).notNull(),
    externoVeiculoId: text().notNull(),
    externoVeiSituacao: text(),
    externoVeiDespachanteSituacao: text(),
    ...auditoria,
  },
  (t) => [index().on(t.hotsiteId, t.integradora)],
);

/**
 * A seller's API key for machine access (the spec's client-credentials login; decision 167). `clientId` is
 * public; the secret is shown once and kept only as its SHA-256 digest. Rotating replaces the digest, bumps
 * `versao` and drops the access tokens issued before.
 */
export const comitenteCredencial = pgTable(
  'comitente_credencial',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    comitenteId: integer()
      .notNull()
      .references(() => comitente.id, { onDelete: 'cascade' }),
    descricao: text().notNull(),
    clientId: text().notNull().unique(),
    segredoHash: text().notNull(),
    /** The partner permission names it holds (`PERMISSOES_INTEGRACAO`). */
    permissoes: text().array().notNull(),
    versao: integer().notNull().default(1),
    criadoPor: integer().references(() => usuario.id, { onDelete: 'set null' }),
    rotacionadaEm: instante(),
    revogadaEm: instante(),
    ultimoUsoEm: instante(),
    ...auditoria,
  },
  (t) => [index().on(t.hotsiteId, t.comitenteId)],
);

/** An access token issued by the client-credentials login: its SHA-256 digest, until it expires. */
export const comitenteCredencialToken = pgTable(
  'comitente_credencial_token',
  {
    tokenHash: text().primaryKey(),
    credencialId: integer()
      .notNull()
      .references(() => comitenteCredencial.id, { onDelete: 'cascade' }),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    expiraEm: instante().notNull(),
    createdAt: auditoria.createdAt,
  },
  (t) => [index().on(t.credencialId)],
);
