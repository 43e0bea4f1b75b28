import { boolean, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { auditoria, bytea, instante } from './columns';

/**
 * Hotsite: one brand served by the platform. Field names follow the spec ("Hotsite (brand
 * configuration)"). Free-form groups (URLs per environment, address, social links, required
 * confirmations) are jsonb validated by `hotsiteSchema` before anything renders them.
 */
export const hotsite = pgTable('hotsite', {
  // The spec's known ids (1, 2, 14, 20, 1002) are inserted explicitly; new brands start above them.
  id: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 5000 }),
  uid: uuid().notNull().defaultRandom().unique(),
  /** Folder name in tenants/ (or the operator's slug): stable key for onboarding upserts. */
  chave: text().notNull().unique(),
  tipo: text({ enum: ['leilao', 'loja'] }).notNull(),
  /** Site mode: auction site, dealer shop or automatic-offer mode. */
  modoSite: text({ enum: ['leilao', 'loja', 'oferta-automatica'] }).notNull(),
  nome: text().notNull(),
  descricao: text().notNull().default(''),
  telefoneContato: text().notNull().default(''),
  whatsappContato: text(),
  emailContato: text(),
  apiUrl: text(),
  corPrimaria: text().notNull(),
  corSecundaria: text().notNull(),
  corGradient1: text().notNull(),
  corGradient2: text().notNull(),
  corGradient3: text().notNull(),
  fonte: text(),
  googleAnalytics: text(),
  logo: text(),
  favicon: text(),
  /** Production domain, for example www.brasilleiloes.com.br. */
  domain: text().unique(),
  /** Platform subdomain: <subdomain>.<PLATFORM_DOMAIN>. */
  subdomain: text().unique(),
  linkCanonico: text(),
  /** Site and API URLs per environment: { site: { producao, homologacao }, api: { ... } }. */
  urls: jsonb().notNull().default({}),
  scriptCabecalho: text(),
  cadastroInicio: instante(),
  cadastroFim: instante(),
  visualizacaoInicio: instante(),
  visualizacaoFim: instante(),
  permitirCpf: boolean().notNull().default(true),
  permitirCnpj: boolean().notNull().default(true),
  manterCondicional: boolean().notNull().default(false),
  tipoHabilitacao: text({ enum: ['nenhuma', 'por-leilao', 'por-hotsite'] })
    .notNull()
    .default('por-leilao'),
  /** A client's request to be enabled waits for staff (SAC, ADM) approval instead of enabling at once. */
  habilitacaoComAprovacao: boolean().notNull().default(false),
  loginObrigatorioVisualizar: boolean().notNull().default(false),
  paginaIds: jsonb().notNull().default({}),
  endereco: jsonb(),
  confirmacoesObrigatorias: jsonb().notNull().default(['email']),
  documentosObrigatorios: jsonb().notNull().default([]),
  redesSociais: jsonb().notNull().default({}),
  rodape: text(),
  /** DNS provider credentials: server-only, never serialised to a page or the public API. */
  dnsCredenciais: jsonb(),
  ativo: boolean().notNull().default(true),
  /** Referral (indique e ganhe): centavos credited to the referrer on the friend's first paid purchase; 0 = no programme. */
  indicacaoRecompensa: integer().notNull().default(0),
  /** The brand's own days without auctions, YYYY-MM-DD (municipal holidays, closures; decision 229). */
  datasSemLeilao: jsonb().$type<string[]>().notNull().default([]),
  /** The brand's rules for the buyer's deadlines (decision 231), read through prazosDaMarcaSchema. */
  prazosComprador: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  updatedBy: integer(),
  ...auditoria,
});

/** Uploaded brand files (logo, favicon, section images), served from the database with long caching. */
export const hotsiteArquivo = pgTable(
  'hotsite_arquivo',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    sha256: text().notNull(),
    nome: text().notNull(),
    contentType: text().notNull(),
    tamanho: integer().notNull(),
    conteudo: bytea().notNull(),
    createdAt: auditoria.createdAt,
  },
  (t) => [unique().on(t.hotsiteId, t.sha256)],
);

export const BANNER_POSICOES = ['home', 'lista-lotes', 'entre-leiloes', 'cabecalho'] as const;

/** Banners in the four fixed positions. `leiUid` links a banner to an auction (catalogue issue). */
export const banner = pgTable(
  'banner',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    posicaoBanner: text({ enum: BANNER_POSICOES }).notNull(),
    leiUid: uuid(),
    nome: text().notNull(),
    categoria: text(),
    dataInicio: instante(),
    dataFim: instante(),
    imagem: text().notNull(),
    imagemMobile: text(),
    urlDestino: text(),
    ativo: boolean().notNull().default(true),
    prioridade: integer().notNull().default(0),
    ...auditoria,
  },
  (t) => [index().on(t.hotsiteId, t.posicaoBanner)],
);
