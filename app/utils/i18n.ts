import { common } from '~/locales/pt-BR/common';

export const IDIOMA = 'pt-BR';

type Recursos = { readonly [chave: string]: string | Recursos };
export type OpcoesDeTexto = { context?: string; count?: number; [variavel: string]: unknown };

const plurais = new Intl.PluralRules(IDIOMA);
const textos = new Map<string, string | null>();

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
export function traduzir(chave: string, opcoes: OpcoesDeTexto = {}): string {
  const { context, count } = opcoes;
  const plural = typeof count === 'number' ? (count === 0 ? 'zero' : plurais.select(count)) : '';
  // A page asks the same few keys hundreds of times (30 cards): the lookup is kept per key, context and plural.
  const memo = `${chave}|${context ?? ''}|${plural}`;
  let texto = textos.get(memo);
  if (texto === undefined) {
    const bases = context ? [`${chave}_${context}`, chave] : [chave];
    const sufixos = plural === '' ? [''] : [...(plural === 'zero' ? ['_zero', `_${plurais.select(0)}`] : [`_${plural}`]), ''];
    for (const base of bases) for (const sufixo of sufixos) texto ??= ler(common, base + sufixo);
    texto ??= null;
    if (textos.size > 5_000) textos.clear(); // keys come from code, but never grow without bound
    textos.set(memo, texto);
  }
  if (texto === null) return chave;
  if (!texto.includes('{{')) return texto;
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
