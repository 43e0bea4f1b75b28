import { bigint, check, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { auditoria, instante } from './columns';
import { lote, veiculoTipo } from './catalogo';
import { hotsite } from './hotsites';
import { usuario } from './identity';
import { venda } from './vendas';

/*
 * The staff's daily work (issue #33; spec 000 §2 `/admin/incidentes`, `/admin/bloqueio-ips-dispositivos`,
 * `/admin/manutencao-plataforma`). Every row carries its brand and every read filters by it.
 */

export const SITUACOES_INCIDENTE = ['Aberto', 'Em atendimento', 'Fechado'] as const;

/** A support case opened by staff about a client, a lot or a sale (any of them, or none). */
export const incidente = pgTable(
  'incidente',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    titulo: text().notNull(),
    descricao: text().notNull(),
    situacao: text({ enum: SITUACOES_INCIDENTE }).notNull().default('Aberto'),
    clienteUsuarioId: integer().references(() => usuario.id, { onDelete: 'set null' }),
    loteId: integer().references(() => lote.id, { onDelete: 'set null' }),
    vendaId: integer().references(() => venda.id, { onDelete: 'set null' }),
    responsavelId: integer().references(() => usuario.id, { onDelete: 'set null' }),
    abertoPorId: integer().references(() => usuario.id, { onDelete: 'set null' }),
    fechadoEm: instante(),
    ...auditoria,
  },
  (t) => [
    index('incidente_hotsite_id_situacao_index').on(t.hotsiteId, t.situacao, t.createdAt),
    index('incidente_hotsite_id_cliente_usuario_id_index').on(t.hotsiteId, t.clienteUsuarioId),
    index('incidente_hotsite_id_lote_id_index').on(t.hotsiteId, t.loteId),
    check('incidente_situacao_check', sql`${t.situacao} IN ('Aberto', 'Em atendimento', 'Fechado')`),
  ],
);

export const incidenteComentario = pgTable(
  'incidente_comentario',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    incidenteId: integer()
      .notNull()
      .references(() => incidente.id, { onDelete: 'cascade' }),
    usuarioId: integer().references(() => usuario.id, { onDelete: 'set null' }),
    texto: text().notNull(),
    createdAt: auditoria.createdAt,
  },
  (t) => [index('incidente_comentario_incidente_id_index').on(t.incidenteId)],
);

export const TIPOS_BLOQUEIO = ['ip', 'faixa', 'dispositivo'] as const;

/** One blocked address, CIDR range or device fingerprint of a brand, until `expiraEm` (null: until removed). */
export const bloqueioAcesso = pgTable(
  'bloqueio_acesso',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    tipo: text({ enum: TIPOS_BLOQUEIO }).notNull(),
    valor: text().notNull(),
    motivo: text().notNull(),
    expiraEm: instante(),
    criadoPorId: integer().references(() => usuario.id, { onDelete: 'set null' }),
    createdAt: auditoria.createdAt,
  },
  (t) => [
    unique('bloqueio_acesso_hotsite_id_tipo_valor_unique').on(t.hotsiteId, t.tipo, t.valor),
    check('bloqueio_acesso_tipo_check', sql`${t.tipo} IN ('ip', 'faixa', 'dispositivo')`),
  ],
);

/** A login or bid a block refused: what staff see beside the blocks. */
export const bloqueioTentativa = pgTable(
  'bloqueio_tentativa',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    bloqueioId: integer().references(() => bloqueioAcesso.id, { onDelete: 'set null' }),
    acao: text({ enum: ['login', 'lance'] }).notNull(),
    ip: text().notNull(),
    dispositivo: text(),
    email: text(),
    createdAt: auditoria.createdAt,
  },
  (t) => [index('bloqueio_tentativa_hotsite_id_created_at_index').on(t.hotsiteId, t.createdAt)],
);

/** A scheduled maintenance window of one brand; a window for every brand is one row each, one `grupo`. */
export const manutencaoPlataforma = pgTable(
  'manutencao_plataforma',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    grupo: uuid().notNull().defaultRandom(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    inicio: instante().notNull(),
    fim: instante().notNull(),
    mensagem: text().notNull(),
    /** Lots whose closing time fell inside the window and were moved past its end. */
    lotesMovidos: integer().notNull().default(0),
    criadoPorId: integer().references(() => usuario.id, { onDelete: 'set null' }),
    canceladaEm: instante(),
    createdAt: auditoria.createdAt,
  },
  (t) => [
    index('manutencao_plataforma_hotsite_id_fim_index').on(t.hotsiteId, t.fim),
    check('manutencao_plataforma_periodo_check', sql`${t.fim} > ${t.inicio}`),
  ],
);

/**
 * A photo model (`/admin/modelo-fotos-site`, decision 221): the shots (Frente, Traseira, Painel...) a lot of
 * this vehicle type must have on this brand, in the order they are taken. A lot's photo names its shot in
 * `lote_foto.descricao`; the upload lists the model's shots no photo names yet.
 */
export const modeloFoto = pgTable(
  'modelo_foto',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    veiculoTipoId: integer()
      .notNull()
      .references(() => veiculoTipo.id, { onDelete: 'cascade' }),
    posicoes: jsonb().$type<string[]>().notNull().default([]),
    atualizadoPorId: integer().references(() => usuario.id, { onDelete: 'set null' }),
    ...auditoria,
  },
  (t) => [
    unique('modelo_foto_hotsite_id_veiculo_tipo_id_unique').on(t.hotsiteId, t.veiculoTipoId),
    check('modelo_foto_posicoes_check', sql`jsonb_typeof(${t.posicoes}) = 'array'`),
  ],
);

export const ESTADOS_GERAIS = ['Ótimo', 'Bom', 'Regular', 'Ruim', 'Sucata'] as const;

/**
 * The auctioneer's appraisal of a lot (spec 000 §2 `/admin/avaliacao-leiloeiro`, decision 254): what the
 * lot is worth and the minimum the auctioneer suggests, in centavos, with its general condition. One per lot.
 */
export const avaliacaoLeiloeiro = pgTable(
  'avaliacao_leiloeiro',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    loteId: integer()
      .notNull()
      .unique()
      .references(() => lote.id, { onDelete: 'cascade' }),
    valorAvaliacao: bigint({ mode: 'number' }).notNull(),
    minimoSugerido: bigint({ mode: 'number' }),
    estadoGeral: text({ enum: ESTADOS_GERAIS }).notNull(),
    observacao: text(),
    avaliadorId: integer().references(() => usuario.id, { onDelete: 'set null' }),
    ...auditoria,
  },
  (t) => [
    index('avaliacao_leiloeiro_hotsite_id_updated_at_index').on(t.hotsiteId, t.updatedAt),
    check('avaliacao_leiloeiro_valores_check', sql`${t.valorAvaliacao} > 0 AND (${t.minimoSugerido} IS NULL OR ${t.minimoSugerido} > 0)`),
    check('avaliacao_leiloeiro_estado_geral_check', sql`${t.estadoGeral} IN ('Ótimo', 'Bom', 'Regular', 'Ruim', 'Sucata')`),
  ],
);

export const RECOMENDACOES_CONDICIONAL = ['Liberada', 'Recusada', 'Novo valor'] as const;
export const SITUACOES_AVALIACAO_CONDICIONAL = ['Em andamento', 'Concluída'] as const;

/** One checklist line of a conditional evaluation. */
export interface ItemAvaliado {
  item: string;
  estado: string;
  nota: string | null;
}
/** One of the lot's photos picked for the evaluation, with what it shows. */
export interface FotoAvaliada {
  fotoId: number;
  nota: string | null;
}

/**
 * The conditional vehicle evaluation of a lot (spec 000 §2 `/admin/avaliacao-veicular-condicional/{uid}`,
 * decision 255): a checklist, the lot's photos with notes, the market value, repair cost and the value the
 * evaluator suggests, and a recommendation (the seller's three answers) that the answer form starts from.
 */
export const avaliacaoCondicional = pgTable(
  'avaliacao_condicional',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    loteId: integer()
      .notNull()
      .unique()
      .references(() => lote.id, { onDelete: 'cascade' }),
    itens: jsonb().$type<ItemAvaliado[]>().notNull().default([]),
    fotos: jsonb().$type<FotoAvaliada[]>().notNull().default([]),
    observacao: text(),
    valorMercado: bigint({ mode: 'number' }),
    custoReparos: bigint({ mode: 'number' }),
    valorSugerido: bigint({ mode: 'number' }),
    recomendacao: text({ enum: RECOMENDACOES_CONDICIONAL }),
    situacao: text({ enum: SITUACOES_AVALIACAO_CONDICIONAL }).notNull().default('Em andamento'),
    avaliadorId: integer().references(() => usuario.id, { onDelete: 'set null' }),
    concluidaEm: instante(),
    ...auditoria,
  },
  (t) => [
    check('avaliacao_condicional_listas_check', sql`jsonb_typeof(${t.itens}) = 'array' AND jsonb_typeof(${t.fotos}) = 'array'`),
    check('avaliacao_condicional_recomendacao_check', sql`${t.recomendacao} IN ('Liberada', 'Recusada', 'Novo valor')`),
    check('avaliacao_condicional_situacao_check', sql`${t.situacao} IN ('Em andamento', 'Concluída')`),
  ],
);
