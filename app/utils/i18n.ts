import { common } from '~/locales/pt-BR/common';

export const IDIOMA = 'pt-BR';

type Recursos = { readonly [chave: string]: string | Recursos };
export type OpcoesDeTexto = { context?: string; count?: number; [variavel: string]: unknown };

const plurais = new Intl.PluralRules(IDIOMA);

function ler(recursos: Recursos, chave: string): string | undefined {
  let no: string | Recursos | undefined = recursos;
  for (const parte of chave.split('.')) no = typeof no === 'object' ? no[parte] : undefined;
  return typeof no === 'string' ? no : undefined;
}

/**
 * The wording, read with i18next's rules for what our resources use (i18next itself was 17 kB gzip
 * of every page's JavaScript): nested keys (`catalogo.ano`); the brand type as context (`lance_loja`
 * wins over `lance`); plurals by `count` (`_one`/`_other` by Intl.PluralRules, `_zero` for 0);
 * `{{variavel}}` replaced as text (React escapes it), left as is when not given. Lookup order as
 * i18next: context+zero, context+plural, context, zero, plural, key; a missing key reads as itself.
 * `i18n.test.ts` checks every key against i18next.
 */
export function traduzir(chave: string, opcoes: OpcoesDeTexto = {}, recursos: Recursos = common): string {
  const { context, count } = opcoes;
  const bases = context ? [`${chave}_${context}`, chave] : [chave];
  const sufixos = typeof count === 'number' ? [...(count === 0 ? ['_zero'] : []), `_${plurais.select(count)}`, ''] : [''];
  let texto: string | undefined;
  for (const base of bases) for (const sufixo of sufixos) texto ??= ler(recursos, base + sufixo);
  if (texto === undefined) return chave;
  return texto.replace(/{{(.+?)}}/g, (trecho, nome: string) => {
    const variavel = nome.trim();
    const valor = opcoes[variavel];
    if (valor === undefined) return variavel in opcoes ? '' : trecho;
    return valor === null ? '' : String(valor);
  });
}

/**
 * The brand's wording outside React (meta functions, loaders, sitemap): the same keys and the same
 * context as useWording, so `textoDaMarca('loja', 'caminho_lista')` reads 'anuncio'.
 */
export function textoDaMarca(tipo: 'leilao' | 'loja', chave: string, opcoes: OpcoesDeTexto = {}): string {
  return traduzir(chave, { context: tipo, ...opcoes });
}
