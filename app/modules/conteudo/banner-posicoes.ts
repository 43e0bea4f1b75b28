/** The four fixed banner positions (spec), with the names the editor shows. Same ids as BANNER_POSICOES. */
export const NOMES_POSICAO = {
  home: 'Página inicial',
  'lista-lotes': 'Lista de lotes',
  'entre-leiloes': 'Entre leilões na página inicial',
  cabecalho: 'Cabeçalho',
} as const;
