import { bigint, boolean, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { auditoria, instante } from './columns';
import { leilao, lote, veiculo } from './catalogo';
import { hotsite } from './hotsites';
import { usuario } from './identity';
import { RESULTADOS_VALIDACAO, TIPOS_VALIDACAO } from './entrega';

/*
 * Checks with third parties (issue #31): the traffic authority's items per auction (spec 001 §3
 * "Traffic-authority (detran) item"), the lot's checked history (one row per vehicle and item, the newest
 * answer), and the client checks (Procob, restricted lists). Each answer keeps its source and its time.
 */
const centavos = () => bigint({ mode: 'number' });

/** The items of the lot's checked history (decision 176). */
export const ITENS_CONSULTA_VEICULO = [
  'IPVA',
  'MULTAS',
  'LICENCIAMENTO',
  'ALIENACAO',
  'BLOQUEIO_JUDICIAL',
  'RECALL',
  'MONTA',
  'VEICULO_LEILAO',
] as const;
export type ItemConsultaVeiculo = (typeof ITENS_CONSULTA_VEICULO)[number];
/** NADA_CONSTA: clean; CONSTA: something found (a debt, a lien, a block...); FALHOU: the provider did not answer. */
export const RESULTADOS_CONSULTA = ['NADA_CONSTA', 'CONSTA', 'FALHOU'] as const;
export type ResultadoConsulta = (typeof RESULTADOS_CONSULTA)[number];
/** Damage class of a salvage vehicle (pequena / média / grande monta). */
export const CLASSES_MONTA = ['PEQUENA', 'MEDIA', 'GRANDE'] as const;

export const consultaVeiculo = pgTable(
  'consulta_veiculo',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    veiculoId: integer()
      .notNull()
      .references(() => veiculo.id, { onDelete: 'cascade' }),
    item: text({ enum: ITENS_CONSULTA_VEICULO }).notNull(),
    resultado: text({ enum: RESULTADOS_CONSULTA }).notNull(),
    /** Debts: the amount found, in centavos. */
    valor: centavos(),
    /** MONTA: the class; otherwise what the source said in a few words. */
    detalhe: text(),
    /** Who answered: 'Detran-SP', 'Senatran', 'Procob', 'Simulador'... */
    fonte: text().notNull(),
    consultadoAt: instante().notNull().defaultNow(),
    /** The last successful answer's time, kept when a later check fails (the panel says both). */
    ultimoSucessoAt: instante(),
  },
  (t) => [unique().on(t.hotsiteId, t.veiculoId, t.item), index().on(t.hotsiteId, t.consultadoAt)],
);

/** Who pays an item of the lot's debts, from the auction's terms. */
export const PAGADORES = ['ARREMATANTE', 'COMITENTE'] as const;
export type QuemPaga = Partial<Record<'IPVA' | 'MULTAS' | 'LICENCIAMENTO' | 'ALIENACAO', (typeof PAGADORES)[number]>>;

/** The auction's terms on debts (leilao_quem_paga): one row per auction, absent = "conforme edital". */
export const leilaoQuemPaga = pgTable('leilao_quem_paga', {
  leilaoId: integer()
    .primaryKey()
    .references(() => leilao.id, { onDelete: 'cascade' }),
  hotsiteId: integer()
    .notNull()
    .references(() => hotsite.id, { onDelete: 'cascade' }),
  itens: jsonb().$type<QuemPaga>().notNull().default({}),
  ...auditoria,
});

/** A detran item: one vehicle of an auction sent to the traffic authority's auction register. */
export const detranItem = pgTable(
  'detran_item',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    leilaoId: integer()
      .notNull()
      .references(() => leilao.id, { onDelete: 'cascade' }),
    loteId: integer().references(() => lote.id, { onDelete: 'set null' }),
    veiculoId: integer().references(() => veiculo.id, { onDelete: 'set null' }),
    /** The import that brought the item (one uid per file). */
    detranImportacaoUid: uuid().notNull(),
    idObjeto: text(),
    ordemVisualizacao: integer().notNull().default(0),
    vistoria: text(),
    placa: text(),
    tipo: text(),
    modelo: text(),
    cor: text(),
    ano: integer(),
    motor: text(),
    chassi: text().notNull(),
    renavan: text(),
    condicao: text(),
    valorUnitarioInicial: centavos(),
    /** null: not sent yet; true: registered; false: refused or the provider failed (see the response). */
    cadastroDetranOK: boolean('cadastro_detran_ok'),
    cadastroDetranData: instante(),
    cadastroDetranResponse: text(),
    createdBy: text(),
    createdAt: instante().notNull().defaultNow(),
  },
  (t) => [unique().on(t.hotsiteId, t.leilaoId, t.chassi), index().on(t.hotsiteId, t.loteId)],
);

/** A check of a client with Procob or a restricted list; staff answer the ones waiting. */
export const consultaCliente = pgTable(
  'consulta_cliente',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    tipo: text({ enum: TIPOS_VALIDACAO }).notNull(),
    situacao: text({ enum: RESULTADOS_VALIDACAO }).notNull().default('Aguardando'),
    /** What the provider answered, in a few words (never the whole payload: it carries personal data). */
    resposta: text(),
    fonte: text().notNull(),
    consultadoAt: instante().notNull().defaultNow(),
    respondidoPor: text(),
    respondidoAt: instante(),
  },
  (t) => [index().on(t.hotsiteId, t.usuarioId, t.consultadoAt)],
);
