import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditoria, instante } from './columns';
import { leilao } from './catalogo';
import { hotsite } from './hotsites';
import { usuario } from './identity';

/*
 * Live auctions (issue 15): the auditorium's chat. Messages are stored (staff hide them; a client can
 * be blocked from the chat of the brand), and rendered as text only.
 */
export const chatMensagem = pgTable(
  'chat_mensagem',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    leilaoId: integer()
      .notNull()
      .references(() => leilao.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    /** Shown instead of the name, as in the bid history ("Maria S."). */
    apelido: text().notNull(),
    texto: text().notNull(),
    oculta: boolean().notNull().default(false),
    createdAt: auditoria.createdAt,
  },
  (t) => [index().on(t.hotsiteId, t.leilaoId, t.id), index().on(t.usuarioId, t.createdAt)],
);

/** A client blocked from the chat of a brand by staff. */
export const chatBloqueio = pgTable(
  'chat_bloqueio',
  {
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    bloqueadoPor: integer(),
    createdAt: instante().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.hotsiteId, t.usuarioId] })],
);

/*
 * Broadcast (spec 001 §7 "Broadcast"; decision 063): an auction's channels (a name, available or not, a
 * layout template from the fixed list in app/modules/aovivo/transmissao.server.ts) and its broadcasts (the
 * stream URL, video and audio on or off, the template position). Publishing a broadcast makes it the
 * auction's video (leilao.transmissao_url) and tells the auditorium (`on-transmissao`).
 */
export const canalTransmissao = pgTable(
  'canal_transmissao',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    leilaoId: integer()
      .notNull()
      .references(() => leilao.id, { onDelete: 'cascade' }),
    nome: text().notNull(),
    disponivel: boolean().notNull(),
    templateUid: uuid().notNull(),
    /** The auction's live channel: the one its viewers play (at most one per auction; decision 266). */
    ativo: boolean().notNull().default(false),
    ...auditoria,
  },
  (t) => [
    index().on(t.hotsiteId, t.leilaoId),
    uniqueIndex('canal_transmissao_um_ativo_por_leilao')
      .on(t.leilaoId)
      .where(sql`${t.ativo}`),
  ],
);

/*
 * Broadcast message templates (decision 265): the brand's saved notices ("Intervalo de 10 minutos", "O
 * pregão recomeça às 15h") that staff send to an auction's auditorium and lot pages in one click.
 */
export const modeloMensagemTransmissao = pgTable(
  'modelo_mensagem_transmissao',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    nome: text().notNull(),
    texto: text().notNull(),
    ...auditoria,
  },
  (t) => [unique().on(t.hotsiteId, t.nome)],
);

export const transmissao = pgTable(
  'transmissao',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    leilaoId: integer()
      .notNull()
      .references(() => leilao.id, { onDelete: 'cascade' }),
    canalTransmissaoId: integer().references(() => canalTransmissao.id, { onDelete: 'set null' }),
    urlRmtp: text().notNull(),
    videoAtivo: boolean().notNull(),
    audioAtivo: boolean().notNull(),
    posicaoTemplate: integer().notNull(),
    videoFilename: text(),
    videoLoop: boolean().notNull().default(false),
    videoVoltarNoSegundo: integer(),
    local: text(),
    ultimaChecagem: instante(),
    iniciadaPor: integer().references(() => usuario.id, { onDelete: 'set null' }),
    dataInicio: instante().notNull().defaultNow(),
    /** When it last went to the auditorium (null: started, never published). */
    dataPublicacao: instante(),
    ...auditoria,
  },
  (t) => [index().on(t.hotsiteId, t.leilaoId, t.id)],
);

/*
 * Chat read receipts (spec 001 §7 "chat read/receipt"; decision 074): a client's browser reports a
 * message 300 ms after showing it; each instance buffers the receipts and writes them in batches, one
 * row per message and reader (a repeat is ignored).
 */
export const chatLeitura = pgTable(
  'chat_leitura',
  {
    mensagemId: integer()
      .notNull()
      .references(() => chatMensagem.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    lidaEm: instante().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.mensagemId, t.usuarioId] })],
);

/*
 * Visitor page views (spec 001 §3 "Visitor page view", §7 "visitor page view posts"; decision 074): one
 * row per page change of a browser (the lot page has its own count), written in batches.
 */
export const visitaPagina = pgTable(
  'visita_pagina',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    /** The browser's visitor id (generated once and kept on the device). */
    visitanteUid: uuid().notNull(),
    /** The logged-in client, when there is one. */
    usuarioId: integer().references(() => usuario.id, { onDelete: 'set null' }),
    url: text().notNull(),
    pagina: text().notNull(),
    referrer: text(),
    createdAt: instante().notNull().defaultNow(),
  },
  (t) => [index().on(t.hotsiteId, t.createdAt), index().on(t.visitanteUid)],
);
