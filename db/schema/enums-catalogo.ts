/** Catalogue enumerations (spec 000 section 4 and 9), importable by browser code (no drizzle). */
export const SITUACOES_LOTE = [
  'CADASTRADO',
  'PENDENTE',
  'LIBERADO_LEILAO',
  'PLACAR',
  'AG_CLIENTE',
  'NAO_ARREMATADO',
  'AG_PAGAMENTO',
  'PAGO',
  'CLIENTE_DESISTIU',
  'CANCELADO_NO_LEILAO',
  'CONDICIONAL',
  'NEGADA_CONDICIONAL',
  'LOTE_CANCELADO',
  'CONDICIONAL_NEGADA',
  'RECOMPRA',
  'DOULHE_UMA',
  'DOULHE_DUAS',
  'REPASSE',
  'BUY_NOW',
  'BOLETO',
  'PAGO_CARTAO',
  'PARCIAL_CARTAO',
  'RETIRADO',
  'SUSPENSO',
  'AO_VIVO',
] as const;
export type SituacaoLote = (typeof SITUACOES_LOTE)[number];

export const SITUACOES_LEILAO = ['EM_LOTEAMENTO', 'CRIADO', 'PRONTO', 'AO_VIVO', 'EXECUTADO', 'CANCELADO'] as const;
export type SituacaoLeilao = (typeof SITUACOES_LEILAO)[number];

/** Lot sale modes (spec: Disputa, Proposta, Compre Já). */
export const TIPOS_NEGOCIACAO = ['Disputa', 'Proposta', 'Compre Já'] as const;

export const CATEGORIAS_VEICULO = [
  'Carros',
  'Moto',
  'Pesados',
  'Utilitários',
  'Sucatas',
  'Equipamentos',
  'Imóveis',
  'Recuperável',
  'Aeronaves',
  'Embarcações',
] as const;
export type CategoriaVeiculo = (typeof CATEGORIAS_VEICULO)[number];

/** Wallet type (spec 001 "Wallet".tipo; values not shown, decision 066): the kind of goods a seller's wallet holds. */
export const TIPOS_CARTEIRA = ['Financiamento', 'Seguro', 'Frota', 'Judicial', 'Outros'] as const;
/** How a seller's account receives (spec "Consignor bank account".tipoRecebimento; values decision 066). */
export const TIPOS_RECEBIMENTO = ['TED', 'PIX', 'Boleto'] as const;
/** Removal situation (spec 001 "Removal".situacao; values not shown, decisions 067 and 081). */
export const SITUACOES_REMOCAO = ['SOLICITADA', 'AGENDADA', 'EM_TRANSITO', 'CONCLUIDA', 'CANCELADA'] as const;
/** Integrators (spec 001 §9 "Enumerations: integrators"): the insurers that send removals, and the Detran. */
export const INTEGRADORAS = ['Bradesco', 'Mapfre', 'Pan', 'Detran'] as const;
