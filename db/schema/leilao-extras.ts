import { boolean, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { leilao } from './catalogo';
import { auditoria, bytea, instante } from './columns';
import { hotsite } from './hotsites';
import { usuario } from './identity';

/*
 * Back-office extras of an auction (issue #13): its documents (edital, regulamento, others) shown to
 * the public, and the brand's photo stamp models applied to lot photos when they are stored.
 */

export const TIPOS_DOCUMENTO_LEILAO = ['EDITAL', 'REGULAMENTO', 'OUTRO'] as const;
export type TipoDocumentoLeilao = (typeof TIPOS_DOCUMENTO_LEILAO)[number];

/** A PDF of an auction (checked by its bytes), served at /leilao-documento/{uid}.pdf. */
export const leilaoDocumento = pgTable(
  'leilao_documento',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    leilaoId: integer()
      .notNull()
      .references(() => leilao.id, { onDelete: 'cascade' }),
    tipo: text({ enum: TIPOS_DOCUMENTO_LEILAO }).notNull(),
    descricao: text().notNull(),
    nomeArquivo: text().notNull(),
    tamanho: integer().notNull(),
    conteudo: bytea().notNull(),
    createdBy: integer().references(() => usuario.id, { onDelete: 'set null' }),
    createdAt: instante().notNull().defaultNow(),
  },
  (t) => [index().on(t.hotsiteId, t.leilaoId)],
);

export const TIPOS_CARIMBO = ['TEXTO', 'IMAGEM'] as const;
/** Where the stamp sits on the photo (sharp's gravities, in the words of the form). */
export const POSICOES_CARIMBO = [
  'superior-esquerda',
  'superior',
  'superior-direita',
  'esquerda',
  'centro',
  'direita',
  'inferior-esquerda',
  'inferior',
  'inferior-direita',
] as const;
export type PosicaoCarimbo = (typeof POSICOES_CARIMBO)[number];

/**
 * Photo stamp model (/admin/carimbo-fotos): a text or a PNG/WebP image laid over every lot photo the
 * back office stores while the model is active. `opacidade` 0-100; `largura` the stamp's width in
 * percent of the photo's.
 */
export const carimboFoto = pgTable(
  'carimbo_foto',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    nome: text().notNull(),
    tipo: text({ enum: TIPOS_CARIMBO }).notNull(),
    texto: text(),
    imagem: bytea(),
    posicao: text({ enum: POSICOES_CARIMBO }).notNull().default('inferior-direita'),
    opacidade: integer().notNull().default(60),
    largura: integer().notNull().default(25),
    ativo: boolean().notNull().default(true),
    ...auditoria,
  },
  (t) => [index().on(t.hotsiteId)],
);

/**
 * A lot badge of the brand (spec 001 search result `carimbos`: nome, urlCard, urlLote, link; decision 086):
 * "Oportunidade", "Financiável"... Staff pick some for a lot on the lot form; cards show `urlCard` (or the
 * name), the lot page `urlLote`; `link` leads to an explanation. Not the photo stamps above.
 */
export const carimboLote = pgTable(
  'carimbo_lote',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    nome: text().notNull(),
    urlCard: text(),
    urlLote: text(),
    link: text(),
    ativo: boolean().notNull().default(true),
    ...auditoria,
  },
  (t) => [unique().on(t.hotsiteId, t.nome)],
);
