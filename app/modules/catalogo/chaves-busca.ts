/**
 * The list page's query-string keys, shared by the client-safe URL builder (busca-url.ts) and the
 * validating parser (filtros.ts) without either importing the other.
 */
export const CHAVES_LISTA = ['marca', 'modelo', 'uf', 'cidade', 'categoria', 'promocao', 'combustivel', 'cor', 'retomada'] as const;
export const CHAVES_NUM_LISTA = ['leilao', 'comitente', 'tipoId', 'patio'] as const;
export const CHAVES_NUM = { ano_min: 'anoMin', ano_max: 'anoMax', km_min: 'kmMin', km_max: 'kmMax' } as const;
export const CHAVES_REAIS = { valor_min: 'valorMin', valor_max: 'valorMax' } as const;
