/**
 * The conditional vehicle evaluation's checklist (decision 255): what the evaluator looks at, and the
 * states each item may be in. Pure and browser-safe: the page draws its form from it.
 */
export const ITENS_AVALIACAO = [
  'Lataria',
  'Pintura',
  'Vidros e retrovisores',
  'Pneus e rodas',
  'Motor',
  'Câmbio',
  'Suspensão e direção',
  'Freios',
  'Parte elétrica e painel',
  'Interior e bancos',
  'Chave e manual',
  'Documentação',
] as const;

export const ESTADOS_ITEM = ['Bom', 'Regular', 'Ruim', 'Não verificado'] as const;
