import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { auditoria, instante } from './columns';
import { veiculo } from './catalogo';
import { hotsite } from './hotsites';
import { usuario } from './identity';

/*
 * Inspections (spec 001 §3 "Inspection", 000 §2 `/admin/vistorias`, `/admin/vistoria/{uid?}`,
 * `laudo-vistoria/{hash}`; decision 064). A type (tipo_vistoria) holds its categories, items and options
 * as one JSON document: they are edited together on one form and read together by every inspection.
 * An inspection copies its type's categories when created and keeps the answers in that copy, so editing
 * the type later never changes an inspection already done.
 */

export const SITUACOES_VISTORIA = ['Aguardando', 'Realizada', 'Cancelada'] as const;
export type SituacaoVistoria = (typeof SITUACOES_VISTORIA)[number];

/** One item of a category: `tipo` OPCAO answers one of `opcoes`; TEXTO answers free text. */
export interface ItemVistoria {
  nome: string;
  tipo: 'OPCAO' | 'TEXTO';
  obrigatorio: boolean;
  opcoes: string[];
  exemploUrl: string | null;
  ordem: number;
  resposta?: string | null;
  marcacoes?: string[];
}
export interface CategoriaVistoria {
  nome: string;
  ordem: number;
  itens: ItemVistoria[];
}

export const tipoVistoria = pgTable(
  'tipo_vistoria',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    nome: text().notNull(),
    /** false for a type the platform ships (read only on the form). */
    podeEditar: boolean().notNull().default(true),
    /** Vehicle categories (`veiculo_tipo.categoria`) the type is offered for; empty = every one. */
    disponibilizarParaTipos: jsonb().$type<string[]>().notNull().default([]),
    ativo: boolean().notNull().default(true),
    categorias: jsonb().$type<CategoriaVistoria[]>().notNull().default([]),
    updatedByClienteId: integer().references(() => usuario.id, { onDelete: 'set null' }),
    ...auditoria,
  },
  (t) => [index().on(t.hotsiteId)],
);

/** Tyres and equipment, in the shape of `veiculo.itens_detalhados` (light, heavy or motorcycle). */
export interface EquipamentosVistoria {
  tipo: 'leve' | 'pesado' | 'moto';
  quilometragem: number | null;
  bateria?: string | null;
  chaveReserva?: string | null;
  manualProprietario?: string | null;
  eixos?: number;
  pneus: { posicao: string; condicao: 'BOM' | 'MEIA-VIDA' | 'TROCA' }[];
  itens: Record<string, string>;
}

export const vistoria = pgTable(
  'vistoria',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    veiculoId: integer()
      .notNull()
      .references(() => veiculo.id, { onDelete: 'cascade' }),
    tipoVistoriaId: integer()
      .notNull()
      .references(() => tipoVistoria.id),
    situacao: text({ enum: SITUACOES_VISTORIA }).notNull().default('Aguardando'),
    /** 20 random bytes as 40 hex characters: opens laudo-vistoria/{hash} without login (decision 048). */
    hash: text().notNull().unique(),
    /** The inspector's name as signed on the report. */
    vistoriador: text(),
    categorias: jsonb().$type<CategoriaVistoria[]>().notNull().default([]),
    equipamentos: jsonb().$type<EquipamentosVistoria>(),
    observacao: text(),
    motivoCancelamento: text(),
    realizadaAt: instante(),
    canceladaAt: instante(),
    createdById: integer().references(() => usuario.id, { onDelete: 'set null' }),
    updatedById: integer().references(() => usuario.id, { onDelete: 'set null' }),
    ...auditoria,
  },
  (t) => [index().on(t.hotsiteId, t.situacao), index().on(t.veiculoId)],
);
