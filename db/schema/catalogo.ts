import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, unique, uuid } from 'drizzle-orm/pg-core';
import { auditoria, instante } from './columns';
import { hotsite } from './hotsites';
import { usuario } from './identity';
import { CATEGORIAS_VEICULO, SITUACOES_LEILAO, SITUACOES_LOTE, TIPOS_CARTEIRA, TIPOS_NEGOCIACAO } from './enums-catalogo';

/*
 * Catalogue (spec 001 section 3: Auction, Lot, Vehicle, Yard, Banner, Committent).
 *
 * Money is integer centavos (bigint, mode number). Percentages are integer basis points
 * (500 = 5,00 %), so commission maths stays in integers: comissao = floor|round(valor * bp / 10000).
 * Reference tables (federative units, vehicle types, vehicle brands, conservation states, freight) are
 * platform-wide; everything a brand owns carries hotsiteId.
 */

const centavos = () => bigint({ mode: 'number' });

// ---------------------------------------------------------------------------------------------------
// Enumerations (spec 000 section 4)

export * from './enums-catalogo';

/** One badge as a lot carries it (spec 001 search result `carimbos`). */
export interface CarimboDoLote {
  id: number;
  nome: string;
  urlCard: string | null;
  urlLote: string | null;
  link: string | null;
}

// ---------------------------------------------------------------------------------------------------
// Reference tables (platform-wide)

/** The 27 federative units with region and capital. `id` is the IBGE code. */
export const unidadeFederativa = pgTable('unidade_federativa', {
  id: integer().primaryKey(),
  sigla: text().notNull().unique(),
  nome: text().notNull(),
  regiao: text({ enum: ['Norte', 'Nordeste', 'Centro-Oeste', 'Sudeste', 'Sul'] }).notNull(),
  capital: text().notNull(),
});

/** Vehicle/lot type. `id` follows the spec's lot-type id groups; `categoria` is the site category. */
export const veiculoTipo = pgTable('veiculo_tipo', {
  id: integer().primaryKey(),
  nome: text().notNull(),
  categoria: text({ enum: CATEGORIAS_VEICULO }).notNull(),
  ativo: boolean().notNull().default(true),
});

/** Vehicle make (marca). */
export const marca = pgTable('marca', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  nome: text().notNull().unique(),
});

export const estadoConservacao = pgTable('estado_conservacao', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  nome: text().notNull().unique(),
  ativo: boolean().notNull().default(true),
});

/** Freight table: destination city from each origin (Marituba PA, Goiânia GO), value and deadline. */
export const frete = pgTable(
  'frete',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    origemCidade: text().notNull(),
    origemUf: text().notNull(),
    destinoCidade: text().notNull(),
    destinoUf: text().notNull(),
    valor: centavos().notNull(),
    prazoDias: integer().notNull(),
  },
  (t) => [unique().on(t.origemCidade, t.origemUf, t.destinoCidade, t.destinoUf)],
);

// ---------------------------------------------------------------------------------------------------
// Brand-owned tables

/** Committent (seller). Logo served by us at logomarcaUrl. */
export const comitente = pgTable(
  'comitente',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    nomeSite: text().notNull(),
    razaoSocial: text(),
    cnpj: text(),
    logomarcaUrl: text(),
    existeLogomarca: boolean().notNull().default(false),
    /** Consignor group (cogSigla, e.g. BANCO, SEGURADORA, FROTA). */
    grupo: text(),
    laudoLoteCondicionalDestinatarios: jsonb().notNull().default({ emails: [], whatsapps: [] }),
    ativo: boolean().notNull().default(true),
    ...auditoria,
  },
  (t) => [index().on(t.hotsiteId)],
);

/**
 * Which sellers a user answers for (spec 001 §7, the `usuario-comitente` calls). A seller belongs to
 * one brand, so the link carries the seller's hotsiteId (copied from the seller when tied) and every
 * read filters by it; the users themselves are platform-wide staff. Deleting the user or the seller
 * drops the link.
 */
export const usuarioComitente = pgTable(
  'usuario_comitente',
  {
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    comitenteId: integer()
      .notNull()
      .references(() => comitente.id, { onDelete: 'cascade' }),
    createdAt: auditoria.createdAt,
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.comitenteId] }), index().on(t.hotsiteId, t.usuarioId), index().on(t.comitenteId)],
);

/**
 * Wallet (carteira, spec 001 §3 "Wallet": id, prioridade, tipo, endId, nome, infoCompl, status): a seller's
 * portfolio of goods (a bank's retail financing, an insurer's total losses...). Vehicles and the seller's
 * bank accounts point at one (decision 066). The address is kept inline (`endereco`) instead of `endId`.
 */
export const carteira = pgTable(
  'carteira',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    comitenteId: integer()
      .notNull()
      .references(() => comitente.id, { onDelete: 'cascade' }),
    nome: text().notNull(),
    tipo: text({ enum: TIPOS_CARTEIRA }).notNull(),
    /** Lower comes first in lists and in the choice of the account that receives a lot's payment. */
    prioridade: integer().notNull().default(0),
    infoCompl: text(),
    /** { logradouro, numero, bairro, cep, cidade, estadoUf } */
    endereco: jsonb(),
    status: text({ enum: ['ATIVA', 'INATIVA'] })
      .notNull()
      .default('ATIVA'),
    ...auditoria,
  },
  (t) => [index().on(t.hotsiteId, t.comitenteId)],
);

/** Business unit (unidade de negócio, spec 001 §3: id, nome, ativo, prioridade, uf), ADM alone (000 §6). */
export const unidadeNegocio = pgTable(
  'unidade_negocio',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    nome: text().notNull(),
    ativo: boolean().notNull().default(true),
    prioridade: integer().notNull().default(0),
    uf: text(),
    ...auditoria,
  },
  (t) => [unique().on(t.hotsiteId, t.nome)],
);

/** Yard (pátio). `slug` is the URL segment of /patios/:cidade/:estadoUf/:patioNome. */
export const patio = pgTable(
  'patio',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    nome: text().notNull(),
    slug: text().notNull(),
    cidade: text().notNull(),
    estado: text().notNull(),
    estadoUf: text().notNull(),
    /** { logradouro, numero, bairro, cep, complemento } */
    endereco: jsonb().notNull().default({}),
    telefone: text(),
    responsavel: text(),
    explicacaoVisitacao: text(),
    googleMaps: text(),
    latitude: text(),
    longitude: text(),
    fotos: jsonb().$type<string[]>().notNull().default([]),
    mapa: text(),
    ativo: boolean().notNull().default(true),
    /** Opening hours for pickup (decision 072): whole hours, São Paulo; the last slot starts an hour before closing. */
    horaAbertura: integer().notNull().default(8),
    horaFechamento: integer().notNull().default(17),
    /** ISO weekdays the yard serves (1 = Monday … 7 = Sunday), e.g. '12345'. */
    diasAtendimento: text().notNull().default('12345'),
    /** Storage fee per day (estadia), centavos; 0 = free. */
    valorDiaria: integer().notNull().default(0),
    ...auditoria,
  },
  (t) => [unique().on(t.hotsiteId, t.slug), index().on(t.hotsiteId, t.estadoUf)],
);

export const leiloeiro = pgTable(
  'leiloeiro',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    nome: text().notNull(),
    /** Registration at the state board of trade (JUCESP 123, ...). */
    inscricao: text().notNull(),
    ...auditoria,
  },
  (t) => [index().on(t.hotsiteId)],
);

/** Auction (leilão). Public, private and full fields of the spec. */
export const leilao = pgTable(
  'leilao',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    /** Full name, may end with a date ("Leilão Bradesco - 21/11/2026"); pages show nomeSemData. */
    nome: text().notNull(),
    situacao: text({ enum: SITUACOES_LEILAO }).notNull().default('EM_LOTEAMENTO'),
    /** Online, Presencial, Simultâneo. */
    modalidade: text().notNull().default('Online'),
    /** Origin type: Amigavel, Judicial, Perda Total, Frota, ... */
    tipoOrigem: text(),
    /** Start instant of the auction. */
    data: instante().notNull(),
    local: text(),
    cidade: text(),
    estadoUf: text(),
    patioId: integer().references(() => patio.id, { onDelete: 'set null' }),
    leiloeiroId: integer().references(() => leiloeiro.id, { onDelete: 'set null' }),
    segundoEntreLotes: integer().notNull().default(120),
    porcentagemComissao: integer().notNull().default(500),
    intervaloEntreLotesSegundos: integer().notNull().default(120),
    pontoCorteParaIncrementoPosLancesSegundos: integer().notNull().default(60),
    incrementoAposLancesSegundos: integer().notNull().default(60),
    validarSucata: boolean().notNull().default(false),
    transmissaoUrl: text(),
    transmissaoSubdominio: text(),
    editalUrl: text(),
    ordemVisitacaoUrl: text(),
    ordemEntradaUrl: text(),
    letId: integer(),
    texId: integer(),
    lrlId: integer(),
    regulamentoUid: uuid(),
    /** { id, lcpId, nome, endereco, cidade, telefone } */
    localRealizacao: jsonb(),
    destaque: boolean().notNull().default(false),
    /** Live auction (issue 15): the lot the auctioneer has on the floor, and whether the session is paused. */
    loteAtualId: integer(),
    pausado: boolean().notNull().default(false),
    /** Discount coupons of the auction form: [{ codigo, descontoPorcentagem (basis points) }]. */
    cupons: jsonb().$type<{ codigo: string; descontoPorcentagem: number }[]>().notNull().default([]),
    /** Video URLs of the auction (/admin/leilao-url-videos). */
    videos: jsonb().$type<string[]>().notNull().default([]),
    /** Photos stored for this auction's lots wait for approval (/admin/aprovar-fotos-leilao; decision 069). */
    aprovarFotos: boolean().notNull().default(false),
    /** Exclusive event (issue #32): only its guests (leilao_convidado, accepted) see it and bid in it. */
    privado: boolean().notNull().default(false),
    /** Judicial auctions: when the notice (edital) was published (CPC 887 § 1º; decision 229). */
    editalPublicadoEm: instante(),
    ...auditoria,
  },
  (t) => [index().on(t.hotsiteId, t.data), index().on(t.hotsiteId, t.situacao)],
);

/**
 * Vehicle (or good). One row per physical item; a lot sells it in an auction. Equipment lists
 * (light/heavy/moto with tyre positions) live in itensDetalhados.
 */
export const veiculo = pgTable(
  'veiculo',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    nome: text().notNull(),
    modelo: text().notNull(),
    versao: text(),
    situacao: text().notNull().default('ATIVO'),
    veiculoTipoId: integer()
      .notNull()
      .references(() => veiculoTipo.id),
    marcaId: integer().references(() => marca.id),
    estadoConservacaoId: integer().references(() => estadoConservacao.id),
    comitenteId: integer().references(() => comitente.id, { onDelete: 'set null' }),
    patioId: integer().references(() => patio.id, { onDelete: 'set null' }),
    carteiraId: integer().references(() => carteira.id, { onDelete: 'set null' }),
    unidadeNegocioId: integer().references(() => unidadeNegocio.id, { onDelete: 'set null' }),
    anoFabricacao: smallint(),
    anoModelo: smallint(),
    cor: text(),
    placa: text(),
    placaUfe: text(),
    /** { id, nome, unidadeFederativa } */
    placaLocalidade: jsonb(),
    chassi: text(),
    numeroMotor: text(),
    numeroMotorTipo: text(),
    renavam: text(),
    possuiChave: boolean(),
    km: integer(),
    /** GAS, ALC, DIE, FLE, GNV, ELE, HIB and combinations (GAS/GNV...). */
    combustivel: text(),
    cambio: text(),
    direcao: text(),
    /** Resale type (retomada): Recuperado de Financiamento, Sinistro, Frota, ... */
    retomada: text(),
    valorMercado: centavos(),
    fipeNome: text(),
    fipeValor: centavos(),
    fipeCodigo: text(),
    fipeDataAtualizacao: instante(),
    laudoUrl: text(),
    spincar: text(),
    /** Estimated documentation deadline, working days from purchase. */
    prazoDocumento: integer(),
    /** When the auction house received the vehicle's transfer documents from the seller; null = still pending (decision 164). */
    documentosRecebidosEm: instante(),
    videoUrl: text(),
    sinistro: boolean().notNull().default(false),
    numeroAvisoSinistro: text(),
    informacaoComplementar: text(),
    observacaoInterna: text(),
    itensDetalhados: jsonb(),
    faltaRecorte: boolean().notNull().default(false),
    faltaDecalque: boolean().notNull().default(false),
    devolucaoVeiculo: boolean().notNull().default(false),
    inibirVenda: boolean().notNull().default(false),
    bloquearRemocao: boolean().notNull().default(false),
    vendaDireta: boolean().notNull().default(false),
    crivoLeilao: boolean().notNull().default(false),
    cadastradoAppComitente: boolean().notNull().default(false),
    ...auditoria,
  },
  // The bulk import matches a vehicle by chassis, else plate.
  (t) => [index().on(t.hotsiteId), index().on(t.hotsiteId, t.placa), index().on(t.hotsiteId, t.chassi)],
);

/**
 * Lot: a vehicle offered for sale. `leilaoId` is the auction it currently belongs to (the search
 * filters on it); `leilao_lote` keeps every auction the lot passed through with its position.
 *
 * Search columns (categoria, marcaNome, modelo, anoModelo, combustivel, cor, retomada, km,
 * localizacao*) are copied from the vehicle/yard when the lot is saved, so the faceted search scans
 * one table. `valorAtual` (last bid, else minimum) is generated by PostgreSQL.
 *
 * The bidding engine owns the "ultimoLance*" snapshot, quantidadeLances and sequencia.
 */
export const lote = pgTable(
  'lote',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    veiculoId: integer()
      .notNull()
      .references(() => veiculo.id, { onDelete: 'cascade' }),
    leilaoId: integer().references(() => leilao.id, { onDelete: 'set null' }),
    comitenteId: integer().references(() => comitente.id, { onDelete: 'set null' }),
    patioId: integer().references(() => patio.id, { onDelete: 'set null' }),
    situacao: text({ enum: SITUACOES_LOTE }).notNull().default('CADASTRADO'),
    nome: text().notNull(),
    /** Lot number shown to users ("Lote 012"). */
    numero: text().notNull(),
    /** Sale mode: Disputa, Proposta, Compre Já. */
    tipo: text({ enum: TIPOS_NEGOCIACAO }).notNull().default('Disputa'),
    video: text(),
    descricao: text(),
    somenteBuyNowProposta: boolean().notNull().default(false),
    finalizacaoManual: boolean().notNull().default(false),
    transmissaoNaPista: boolean().notNull().default(false),
    recebeIncrementoTempo: boolean().notNull().default(true),
    prioridade: integer().notNull().default(0),
    destaque: boolean().notNull().default(false),
    /** Promotion/fair name the lot takes part in (filter "promoção"). */
    promocao: text(),
    blackCar10: boolean().notNull().default(false),
    sorteioFinalAno: boolean().notNull().default(false),
    dataInicio: instante(),
    dataFim: instante(),
    quantidadeFotos: integer().notNull().default(0),
    descricaoVisitacao: text(),
    laudoCautelarResultado: text(),
    laudoCautelarObservacao: text(),
    /** Why staff cancelled the lot (LOTE_CANCELADO), required by the cancel dialog. */
    motivoCancelamento: text(),

    // Search copy of the vehicle and its location.
    categoria: text({ enum: CATEGORIAS_VEICULO }).notNull(),
    veiculoTipoId: integer()
      .notNull()
      .references(() => veiculoTipo.id),
    marcaNome: text(),
    modelo: text(),
    anoModelo: smallint(),
    combustivel: text(),
    cor: text(),
    retomada: text(),
    km: integer(),
    localizacaoCidade: text(),
    localizacaoUf: text(),
    /** True when the lot is not at one of our yards (the card warns to read the description). */
    localizacaoExterna: boolean().notNull().default(false),

    // valor block (centavos; percentages in basis points).
    minimo: centavos().notNull(),
    /** Judicial lots (decision 229): the court's valuation, the judge's minimum, an incapable person's good (CPC 891, 896). */
    avaliacao: centavos(),
    minimoDoJuiz: centavos(),
    bemDeIncapaz: boolean().notNull().default(false),
    incremento: centavos().notNull(),
    comissaoPorcentagem: integer().notNull().default(500),
    comissaoExtraPorcentagem: integer().notNull().default(0),
    comissaoExtraMensagem: text(),
    despachante: centavos().notNull().default(0),
    outros: centavos().notNull().default(0),
    remocao: centavos().notNull().default(0),
    depositoDeBens: centavos().notNull().default(0),
    vistoria: centavos().notNull().default(0),
    compreJa: centavos(),
    compreJaPorcentagem: integer(),
    valorProposta: centavos(),
    /** Seller's reserve: below it a winning bid becomes CONDICIONAL. Never shown publicly. */
    valorComitente: centavos(),

    // Current-bid snapshot, updated by the bidding engine in the same transaction as the bid.
    ultimoLanceValor: centavos(),
    ultimoLanceApelido: text(),
    ultimoLanceCidade: text(),
    ultimoLanceData: instante(),
    ultimoLanceUsuarioId: integer(),
    quantidadeLances: integer().notNull().default(0),
    /** Per-lot sequence number carried by realtime events so clients see gaps. */
    sequencia: integer().notNull().default(0),
    valorAtual: centavos()
      .notNull()
      .generatedAlwaysAs(sql`coalesce(ultimo_lance_valor, minimo)`),

    visualizacoes: integer().notNull().default(0),
    /**
     * The lot's badges (spec 001 search result `carimbos`: nome, urlCard, urlLote, link), a copy of the brand's
     * `carimbo_lote` rows staff picked, rewritten when a badge changes (decision 086). Being a lot column, a
     * change reaches the cards through the lot's change feed.
     */
    carimbos: jsonb().$type<CarimboDoLote[]>().notNull().default([]),
    ...auditoria,
  },
  (t) => [
    index('lote_busca_idx').on(t.hotsiteId, t.situacao, t.dataFim, t.id),
    // The public list reads only listable lots: ordered scans for the default order and the value order.
    index('lote_listavel_fim_idx')
      .on(t.hotsiteId, t.dataFim, t.id)
      .where(sql`situacao in ('LIBERADO_LEILAO', 'AO_VIVO', 'REPASSE', 'PENDENTE')`),
    index('lote_listavel_valor_idx')
      .on(t.hotsiteId, t.valorAtual, t.id)
      .where(sql`situacao in ('LIBERADO_LEILAO', 'AO_VIVO', 'REPASSE', 'PENDENTE')`),
    index().on(t.hotsiteId, t.leilaoId),
    // The seller's page and charts read one seller's lots by auction (#30).
    index().on(t.hotsiteId, t.comitenteId, t.leilaoId),
    index().on(t.hotsiteId, t.marcaNome, t.modelo),
    index().on(t.veiculoId),
    // The in-memory search index follows changed lots by this column (a trigger bumps it on update).
    index('lote_atualizado_idx').on(t.updatedAt),
    // Saved searches read the lots released in a window (decision 214).
    index('lote_criado_idx').on(t.createdAt),
  ],
);

/** Auction-lot link: every auction a lot took part in, with its position and result. */
export const leilaoLote = pgTable(
  'leilao_lote',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    leilaoId: integer()
      .notNull()
      .references(() => leilao.id, { onDelete: 'cascade' }),
    loteId: integer()
      .notNull()
      .references(() => lote.id, { onDelete: 'cascade' }),
    situacao: text({ enum: SITUACOES_LOTE }).notNull().default('CADASTRADO'),
    ordemLeilao: integer().notNull(),
    arremateValor: centavos(),
    despachantePrazoDocumento: integer(),
    descricaoVisitacao: text(),
    respostaCondicional: text(),
    createdAt: auditoria.createdAt,
  },
  (t) => [unique().on(t.leilaoId, t.loteId), index().on(t.hotsiteId, t.leilaoId, t.ordemLeilao), index().on(t.loteId)],
);

/** Lot photos in display order (the card shows the first 4). */
export const loteFoto = pgTable(
  'lote_foto',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    loteId: integer()
      .notNull()
      .references(() => lote.id, { onDelete: 'cascade' }),
    ordem: integer().notNull(),
    url: text().notNull(),
    /** Small WebP for cards and the back office's grid (uploaded photos; seed placeholders have none). */
    urlMiniatura: text(),
    descricao: text(),
    /** False while the photo waits for approval: the public site shows approved photos only (decision 069). */
    aprovada: boolean().notNull().default(true),
  },
  (t) => [index().on(t.loteId, t.ordem)],
);

/** Lot documents (edital, laudo, CRLV...). */
export const loteArquivo = pgTable(
  'lote_arquivo',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    loteId: integer()
      .notNull()
      .references(() => lote.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    descricao: text().notNull(),
    tamanho: integer(),
  },
  (t) => [index().on(t.loteId)],
);

/** Committent logos shown by auctions (comitentesLogomarcas) come from comitente; this links them. */
export const leilaoComitente = pgTable(
  'leilao_comitente',
  {
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    leilaoId: integer()
      .notNull()
      .references(() => leilao.id, { onDelete: 'cascade' }),
    comitenteId: integer()
      .notNull()
      .references(() => comitente.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.leilaoId, t.comitenteId] })],
);
