import { boolean, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { auditoria, instante } from './columns';
import { hotsite } from './hotsites';

/** Hotsite page: one per content key (pagina-inicial, quem-somos, ...) per brand. */
export const hotsitePagina = pgTable(
  'hotsite_pagina',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    uri: text().notNull(),
    titulo: text().notNull(),
    descricao: text().notNull(),
    keywords: text(),
    handleScript: text(),
    tituloPagina: text(),
    descricaoPagina: text(),
    imagemPrincipal: text(),
    modeloPagina: text(),
    container: text({ enum: ['620', '860', '960', '1140', 'fluido'] })
      .notNull()
      .default('1140'),
    ativo: boolean().notNull().default(true),
    updatedBy: integer(),
    ...auditoria,
  },
  (t) => [unique().on(t.hotsiteId, t.uri)],
);

/** Section of a page: one content block of a given kind (`elemento`). */
export const hotsiteSessao = pgTable(
  'hotsite_sessao',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    paginaId: integer()
      .notNull()
      .references(() => hotsitePagina.id, { onDelete: 'cascade' }),
    elemento: text().notNull(),
    nome: text().notNull(),
    ativo: boolean().notNull().default(true),
    tamanhoColuna: text({ enum: ['inteira', 'metade'] })
      .notNull()
      .default('inteira'),
    margemCabecalho: text({ enum: ['zero', 'pequena', 'media', 'grande'] })
      .notNull()
      .default('media'),
    margemRodape: text({ enum: ['zero', 'pequena', 'media', 'grande'] })
      .notNull()
      .default('media'),
    container: text({ enum: ['620', '860', '960', '1140', 'fluido'] }),
    prioridade: integer().notNull().default(0),
    updatedBy: integer(),
    ...auditoria,
  },
  (t) => [index().on(t.hotsiteId, t.paginaId, t.prioridade)],
);

/** Item of a section (a slide, a card, a question...). Shown only inside its date window. */
export const hotsiteSessaoItem = pgTable(
  'hotsite_sessao_item',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    sessaoId: integer()
      .notNull()
      .references(() => hotsiteSessao.id, { onDelete: 'cascade' }),
    titulo: text(),
    subtitulo: text(),
    texto: text(),
    textoBotao: text(),
    imagem: text(),
    imagemMobile: text(),
    icone: text(),
    modelo: text(),
    link: text(),
    prioridade: integer().notNull().default(0),
    corTexto: text(),
    corFundo: text(),
    dataInicio: instante(),
    dataFim: instante(),
    updatedBy: integer(),
    ...auditoria,
  },
  (t) => [index().on(t.hotsiteId, t.sessaoId, t.prioridade)],
);
