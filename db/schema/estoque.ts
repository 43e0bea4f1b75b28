import { bigint, boolean, date, doublePrecision, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { auditoria, bytea, instante } from './columns';
import { INTEGRADORAS, patio, SITUACOES_REMOCAO, veiculo } from './catalogo';
import { hotsite } from './hotsites';
import { usuario } from './identity';

/*
 * A vehicle's life in the yards (issue #13; spec 000 §2 `/admin/deposito-bens`, the vehicle form's tabs
 * Pátio, Remoções and Documentos; decision 067). Every row carries the vehicle's hotsiteId and every read
 * filters by it.
 */

/**
 * Deposit of goods (depósito de bens): the vehicle entered a yard on a day, delivered by someone, in a
 * stated condition. Fields borrowed from the spec's Stay (diaInicio as `data`, vaga, codigoChave,
 * observacao). Registering one moves the vehicle to that yard.
 */
export const depositoBem = pgTable(
  'deposito_bem',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    veiculoId: integer()
      .notNull()
      .references(() => veiculo.id, { onDelete: 'cascade' }),
    patioId: integer()
      .notNull()
      .references(() => patio.id, { onDelete: 'cascade' }),
    /** The day the good entered the yard, in São Paulo. */
    data: date({ mode: 'string' }).notNull(),
    entreguePor: text().notNull(),
    entreguePorDocumento: text(),
    vaga: text(),
    codigoChave: text(),
    /** Condition on arrival: damage, missing items, notes. */
    observacao: text(),
    createdById: integer().references(() => usuario.id, { onDelete: 'set null' }),
    ...auditoria,
  },
  (t) => [index().on(t.hotsiteId, t.data), index().on(t.veiculoId)],
);

/** Carrier (spec 001 "Removal".transportadora: id, nome, telefone; decision 173): a register of the brand. */
export const transportadora = pgTable(
  'transportadora',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    nome: text().notNull(),
    cnpj: text(),
    telefone: text(),
    email: text(),
    ativo: boolean().notNull().default(true),
    ...auditoria,
  },
  (t) => [unique().on(t.hotsiteId, t.nome)],
);

/** Driver (spec 001 "Driver": id, nome, cpf, telefone, email), optionally of one carrier. */
export const motorista = pgTable(
  'motorista',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    transportadoraId: integer().references(() => transportadora.id, { onDelete: 'set null' }),
    nome: text().notNull(),
    cpf: text(),
    telefone: text(),
    email: text(),
    ativo: boolean().notNull().default(true),
    ...auditoria,
  },
  (t) => [index().on(t.hotsiteId)],
);

/** Removal location (spec 001 "Removal location": id, nome, endereco, contact email/phones/name, localizacao). */
export const localRemocao = pgTable(
  'local_remocao',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    nome: text().notNull(),
    /** The spec's Address (logradouro, numero, bairro, cidade, estadoSigla, cep...). */
    endereco: jsonb(),
    contatoNome: text(),
    contatoEmail: text(),
    contatoTelefone: text(),
    contatoTelefone2: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    ...auditoria,
  },
  (t) => [index().on(t.hotsiteId)],
);

/** Removal (remoção, spec 001 "Removal"): taking the vehicle from where it is to one of the yards. */
export const remocao = pgTable(
  'remocao',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    veiculoId: integer()
      .notNull()
      .references(() => veiculo.id, { onDelete: 'cascade' }),
    /** Destination yard. */
    patioId: integer().references(() => patio.id, { onDelete: 'set null' }),
    situacao: text({ enum: SITUACOES_REMOCAO }).notNull().default('SOLICITADA'),
    dataSolicitacao: instante().notNull().defaultNow(),
    diaInicioPrevisto: date({ mode: 'string' }),
    diaFimPrevisto: date({ mode: 'string' }),
    /** Day the carrier picked the vehicle up (EM_TRANSITO, or CONCLUIDA straight from AGENDADA). */
    diaInicioReal: date({ mode: 'string' }),
    diaFimReal: date({ mode: 'string' }),
    /** Where the vehicle is picked up (address as typed). */
    localRemocao: text().notNull(),
    transportadora: text(),
    motorista: text(),
    /** Price of the towing, centavos. */
    valorSugerido: bigint({ mode: 'number' }),
    observacao: text(),
    /** The insurer that asked for it through its integration (null when typed by staff). */
    integradora: text({ enum: INTEGRADORAS }),
    /** The insurer's own removal id (removalId / protocolId of its payload). */
    protocolo: text(),
    motivoCancelamento: text(),
    /** The last insurer stage reached, S01-S17 (decision 171). */
    etapa: text(),
    /** The insurer's processId of the claim (its events and our updates carry it). */
    processId: text(),
    /** The insurer's claim number (claimId). */
    sinistro: text(),
    transportadoraId: integer().references(() => transportadora.id, { onDelete: 'set null' }),
    motoristaId: integer().references(() => motorista.id, { onDelete: 'set null' }),
    localRemocaoId: integer().references(() => localRemocao.id, { onDelete: 'set null' }),
    confirmadoAt: instante(),
    confirmadoPor: text(),
    canceladoAt: instante(),
    canceladoPor: text(),
    /** The insurer's sale authorisation (S08). */
    autorizadoAt: instante(),
    autorizacaoCodigo: text(),
    autorizadoPor: text(),
    createdById: integer().references(() => usuario.id, { onDelete: 'set null' }),
    ...auditoria,
  },
  (t) => [index().on(t.hotsiteId, t.veiculoId), index().on(t.hotsiteId, t.situacao)],
);

/**
 * Integration log (spec 001 §9 "Integration log": uid, cliUid, integradora, tipo, url, body, query, response,
 * error, tempoResposta, audit fields, veiculo, remocao): one call exchanged with an insurer or the Detran,
 * received (tipo `webhook`) or sent. Read-only on the removal screen (decision 081).
 */
export const comitenteIntegracaoLog = pgTable(
  'comitente_integracao_log',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    /** The partner's id of the exchange (correlation id). */
    cliUid: text(),
    integradora: text({ enum: INTEGRADORAS }).notNull(),
    /** `webhook` when received, else the call sent (`api`). */
    tipo: text().notNull(),
    url: text().notNull(),
    body: jsonb(),
    query: jsonb(),
    response: jsonb(),
    error: text(),
    /** Milliseconds. */
    tempoResposta: integer(),
    veiculoId: integer().references(() => veiculo.id, { onDelete: 'set null' }),
    remocaoId: integer().references(() => remocao.id, { onDelete: 'cascade' }),
    ...auditoria,
  },
  (t) => [index().on(t.hotsiteId, t.remocaoId), index().on(t.hotsiteId, t.veiculoId)],
);

/**
 * Vehicle attachment (spec 001 "Attachment": nomeOriginal, tamanho, descricao, diaCad...): CRLV, invoice,
 * power of attorney. The bytes stay in the row and are served only to staff who may open the vehicle.
 */
export const veiculoArquivo = pgTable(
  'veiculo_arquivo',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    veiculoId: integer()
      .notNull()
      .references(() => veiculo.id, { onDelete: 'cascade' }),
    descricao: text().notNull(),
    nomeOriginal: text().notNull(),
    tipoMime: text().notNull(),
    tamanho: integer().notNull(),
    conteudo: bytea().notNull(),
    createdById: integer().references(() => usuario.id, { onDelete: 'set null' }),
    createdAt: auditoria.createdAt,
  },
  (t) => [index().on(t.veiculoId)],
);
