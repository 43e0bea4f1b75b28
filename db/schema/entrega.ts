import { bigint, date, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { auditoria, instante } from './columns';
import { lote, patio, veiculo } from './catalogo';
import { CATEGORIAS_VEICULO } from './enums-catalogo';
import { hotsite } from './hotsites';
import { usuario } from './identity';
import { venda } from './vendas';

/*
 * Delivery after the sale (issue #14; decisions 072 and 073): the freight table, the sale's conditional
 * lots, lot validations answered by staff, and yard stays (estadia) with the services clients request.
 * Every row carries hotsiteId and every read filters by it. Money in centavos.
 */
const centavos = () => bigint({ mode: 'number' });

/** Shipping documents (spec 000 §4 post-sale methods) priced in the same table as vehicles. */
export const MODALIDADES_DOCUMENTO = ['Sedex', 'Carta Registrada'] as const;
export const MODALIDADES_FRETE = [...CATEGORIAS_VEICULO, ...MODALIDADES_DOCUMENTO] as const;

/** Freight by destination UF and vehicle category (or document method), edited by staff. */
export const tabelaFrete = pgTable(
  'tabela_frete',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    uf: text().notNull(),
    modalidade: text({ enum: MODALIDADES_FRETE }).notNull(),
    valor: centavos().notNull(),
    prazoDias: integer().notNull(),
    ...auditoria,
  },
  (t) => [unique().on(t.hotsiteId, t.uf, t.modalidade)],
);

/** A client's lot waiting for the seller's conditional answer, tied to the sale it will join (spec 001 §3 lotesEmCondicional). */
export const vendaLoteCondicional = pgTable(
  'venda_lote_condicional',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    vendaId: integer()
      .notNull()
      .references(() => venda.id, { onDelete: 'cascade' }),
    loteId: integer()
      .notNull()
      .unique()
      .references(() => lote.id, { onDelete: 'cascade' }),
    valor: centavos().notNull(),
    createdAt: auditoria.createdAt,
  },
  (t) => [index().on(t.vendaId)],
);

/** Spec 000 §4 "Lot validation result" and types. */
export const TIPOS_VALIDACAO = [
  'Procob_CPF_CNPJ',
  'Manual',
  'CPF_CNPJ_Restritos',
  'CPF_CNPJ_Restritos_Bradesco',
  'Procob_Inscricao_Estadual',
] as const;
export const RESULTADOS_VALIDACAO = ['Autorizado', 'Falha', 'Aguardando', 'Divergente'] as const;

/** A check on the client who won a lot, answered by staff (PUT .../responder-validacao/{id}). */
export const loteClienteValidacao = pgTable(
  'lote_cliente_validacao',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    loteId: integer()
      .notNull()
      .references(() => lote.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    tipo: text({ enum: TIPOS_VALIDACAO }).notNull(),
    resultado: text({ enum: RESULTADOS_VALIDACAO }).notNull().default('Aguardando'),
    observacao: text(),
    respondidoPor: text(),
    respondidoAt: instante(),
    ...auditoria,
  },
  (t) => [index().on(t.hotsiteId, t.loteId)],
);

export const SITUACOES_ESTADIA = ['ATIVA', 'FINALIZADA'] as const;
/** A vehicle kept at a yard (spec 001 §3 Stay). */
export const estadia = pgTable(
  'estadia',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    patioId: integer()
      .notNull()
      .references(() => patio.id, { onDelete: 'cascade' }),
    veiculoId: integer()
      .notNull()
      .references(() => veiculo.id, { onDelete: 'cascade' }),
    situacao: text({ enum: SITUACOES_ESTADIA }).notNull().default('ATIVA'),
    diaInicio: date({ mode: 'string' }).notNull(),
    diaFim: date({ mode: 'string' }),
    vaga: text(),
    codigoChave: text(),
    observacao: text(),
    finalizadoPor: text(),
    finalizadoAt: instante(),
    ...auditoria,
  },
  (t) => [index().on(t.hotsiteId, t.veiculoId), index().on(t.hotsiteId, t.patioId, t.situacao)],
);

export const SITUACOES_SERVICO = ['SOLICITADO', 'REALIZADO', 'CANCELADO', 'AGENDADO'] as const;
/** A service on a stay (pickup, third-party pickup…) requested by the buyer or staff. */
export const estadiaServico = pgTable(
  'estadia_servico',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    estadiaId: integer()
      .notNull()
      .references(() => estadia.id, { onDelete: 'cascade' }),
    vendaId: integer().references(() => venda.id, { onDelete: 'set null' }),
    usuarioId: integer().references(() => usuario.id, { onDelete: 'set null' }),
    tipo: text().notNull(),
    situacao: text({ enum: SITUACOES_SERVICO }).notNull().default('SOLICITADO'),
    agendadoPara: instante(),
    observacao: text(),
    agendadoPor: text(),
    canceladoPor: text(),
    ...auditoria,
  },
  (t) => [index().on(t.hotsiteId, t.usuarioId), index().on(t.estadiaId)],
);
