import { boolean, date, doublePrecision, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { auditoria, bytea, instante } from './columns';
import { hotsite } from './hotsites';
import { usuario } from './identity';

/**
 * Client profile (spec "Client (cliente)"): one per login on the brand it signed up on. The login
 * itself (e-mail, password, two-factor fields, roles) stays on `usuario`; this row holds the registration.
 * Nature: Física when `cpf` is set, Jurídica when `cnpj` is set.
 */
export const cliente = pgTable(
  'cliente',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .unique()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    apelido: text(),
    dataNascimento: date({ mode: 'string' }),
    situacao: text({ enum: ['Ativo', 'Bloqueado', 'Pendente'] })
      .notNull()
      .default('Ativo'),
    documentoSituacao: text({ enum: ['Aguardando Validação', 'Aprovado', 'Divergente', 'Cadastrado'] })
      .notNull()
      .default('Cadastrado'),
    documentosEnviadosAt: instante(),
    documentosAprovadosAt: instante(),
    documentosPendentesAt: instante(),
    telefone: text(),
    telefone2: text(),
    telefone3: text(),
    email: text().notNull(),
    nome: text().notNull(),
    rg: text(),
    cpf: text(),
    cnpj: text(),
    razaoSocial: text(),
    nomeFantasia: text(),
    nomeFazenda: text(),
    inscricaoEstadual: text(),
    orgaoExpeditor: text(),
    ocupacaoProfissional: text(),
    ramoAtividade: text(),
    /** Centavos. */
    rendaMensal: integer(),
    comoConheceu: text(),
    // Interest flags
    carros: boolean().notNull().default(false),
    motos: boolean().notNull().default(false),
    onibus: boolean().notNull().default(false),
    caminhoes: boolean().notNull().default(false),
    imoveis: boolean().notNull().default(false),
    equipamento: boolean().notNull().default(false),
    telefoneConfirmadoAt: instante(),
    emailConfirmadoAt: instante(),
    referer: text(),
    carteiraId: integer(),
    observacaoInterna: text(),
    motivoBloqueio: text(),
    // Invitation
    conviteHash: text(),
    conviteTipo: text(),
    conviteResposta: text(),
    conviteData: instante(),
    convitePor: text(),
    habilitacaoSucata: boolean().notNull().default(false),
    permitirAcessoSistemaLegado: boolean().notNull().default(false),
    redirecionarParaLegadoAposLogin: boolean().notNull().default(false),
    dataCadastro: instante().notNull().defaultNow(),
    ...auditoria,
  },
  (t) => [
    // One registration per document per brand (a person may sign up on several brands).
    unique('cliente_hotsite_cpf_unq').on(t.hotsiteId, t.cpf),
    unique('cliente_hotsite_cnpj_unq').on(t.hotsiteId, t.cnpj),
    index().on(t.hotsiteId, t.nome),
  ],
);

/** Address (spec "Address"); one per client for now. */
export const endereco = pgTable('endereco', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  hotsiteId: integer()
    .notNull()
    .references(() => hotsite.id, { onDelete: 'cascade' }),
  clienteId: integer()
    .notNull()
    .unique()
    .references(() => cliente.id, { onDelete: 'cascade' }),
  tipoLogradouro: text(),
  logradouro: text().notNull(),
  numero: text().notNull(),
  bairro: text().notNull(),
  complemento: text(),
  referencia: text(),
  cep: text().notNull(),
  cidade: text().notNull(),
  estado: text(),
  estadoSigla: text().notNull(),
  regiao: text(),
  latitude: doublePrecision(),
  longitude: doublePrecision(),
  locId: integer(),
  ufId: integer(),
  ...auditoria,
});

/** Company partners (quadro societário), registered at /cadastro/socios. */
export const clienteSocio = pgTable(
  'cliente_socio',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    clienteId: integer()
      .notNull()
      .references(() => cliente.id, { onDelete: 'cascade' }),
    nome: text().notNull(),
    cpf: text().notNull(),
    email: text(),
    telefone: text(),
    dataNascimento: date({ mode: 'string' }),
    createdAt: auditoria.createdAt,
  },
  (t) => [unique().on(t.clienteId, t.cpf)],
);

export const SITUACOES_DOCUMENTO = ['Aguardando Validação', 'Aprovado', 'Divergente', 'Cadastrado'] as const;

/** A document the client uploaded (My Documents), with the staff's validation. */
export const clienteDocumento = pgTable(
  'cliente_documento',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid().notNull().defaultRandom().unique(),
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    clienteId: integer()
      .notNull()
      .references(() => cliente.id, { onDelete: 'cascade' }),
    /** Kind from the brand's documentosObrigatorios ('documento-identidade', 'comprovante-endereco', ...). */
    tipo: text().notNull(),
    nomeOriginal: text().notNull(),
    contentType: text().notNull(),
    tamanho: integer().notNull(),
    sha256: text().notNull(),
    conteudo: bytea().notNull(),
    situacao: text({ enum: SITUACOES_DOCUMENTO }).notNull().default('Aguardando Validação'),
    motivo: text(),
    respondidoAt: instante(),
    respondidoPor: integer().references(() => usuario.id, { onDelete: 'set null' }),
    ...auditoria,
  },
  (t) => [index().on(t.hotsiteId, t.clienteId)],
);
