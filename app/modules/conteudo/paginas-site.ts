/** Public content pages by path (spec section 2) → content key; aliases redirect to their page. */
export const PAGINAS_CONTEUDO = new Set([
  'como-funciona',
  'quem-somos',
  'regulamento',
  'fale-conosco',
  'duvidas',
  'delivery',
  'diferenciais',
  'formas-de-pagamento',
  'tabela-de-frete',
  'video',
]);
export const ALIASES_CONTEUDO: Record<string, string> = {
  sobre: 'quem-somos',
  'sobre-nos': 'quem-somos',
  sobrenos: 'quem-somos',
  'nossos-leiloes': 'regulamento',
  financiamento: 'regulamento',
};
