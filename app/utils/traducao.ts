/**
 * The subset of i18next the site uses, in ~1 kB instead of ~19 kB of i18next + react-i18next in every
 * page's JavaScript (issue #16; docs/decisions/076-traducao-propria.md). One language, static
 * resources, one namespace, and the same lookup as i18next 26 for what the resources use:
 *  - keys by path ('nav.agenda'); a missing key reads as the key itself (or `defaultValue`);
 *  - context (`context: 'loja'` tries `chave_loja` first) and plurals by Intl.PluralRules
 *    (`count` tries `chave_one`/`chave_other`, and `chave_zero` for 0), in i18next's order:
 *    chave_ctx_zero, chave_ctx_<plural>, chave_ctx, chave_zero, chave_<plural>, chave;
 *  - `{{nome}}` interpolation without escaping; a variable not passed stays as written.
 * traducao.test.ts compares every key of the resources with i18next itself.
 *
 * `contar` is how the site shows a count (decision 124): the same lookup, with the count written the
 * Brazilian way ("1.234 lotes"). pt-BR's plural rules put 0 with 1 ("0 lote"), so every counted text
 * has its `_zero` ("Nenhum lote"), `_one` and `_other` (plurais.test.ts holds that).
 */
export type Recursos = Readonly<Record<string, unknown>>;

export interface Traducao {
  readonly language: string;
  t(chave: string, opcoes?: Record<string, unknown>): string;
  /** `t(chave, { count: quantidade, ...opcoes })` with `{{count}}` written as a Brazilian number (1.234). */
  contar(chave: string, quantidade: number, opcoes?: Record<string, unknown>): string;
  /** Deep-merges more resources under the same keys (existing texts win, as addResourceBundle(…, true, false)). */
  adicionar(recursos: Recursos): void;
}

type Arvore = Record<string, unknown>;
const ehArvore = (v: unknown): v is Arvore => v !== null && typeof v === 'object' && !Array.isArray(v);

function mesclar(alvo: Arvore, fonte: Recursos) {
  for (const k in fonte) {
    if (k === '__proto__' || k === 'constructor') continue;
    const v = fonte[k];
    if (ehArvore(v)) {
      if (!ehArvore(alvo[k])) {
        if (k in alvo) continue;
        alvo[k] = {};
      }
      mesclar(alvo[k] as Arvore, v);
    } else if (!(k in alvo)) alvo[k] = v;
  }
}

const INTERPOLACAO = /{{(.+?)}}/g;

export function criarTraducao(idioma: string, base: Recursos): Traducao {
  const dados: Arvore = {};
  mesclar(dados, base);
  const plural = new Intl.PluralRules(idioma);
  const numero = new Intl.NumberFormat(idioma, { maximumFractionDigits: 2 });
  const ler = (chave: string): unknown => {
    let no: unknown = dados;
    for (const parte of chave.split('.')) {
      if (!ehArvore(no)) return undefined;
      no = no[parte];
    }
    return no;
  };
  /** The text of a key; `valores` are what the `{{…}}` read (the options, unless a count is written otherwise). */
  function traduzir(chave: string, opcoes: Record<string, unknown>, valores: Record<string, unknown>): string {
    const { count, context } = opcoes;
    const comPlural = count !== undefined && typeof count !== 'string';
    const sufixo = comPlural ? `_${plural.select(count as number)}` : '';
    const zero = comPlural && count === 0;
    const candidatas = [chave];
    if (comPlural) candidatas.push(chave + sufixo, ...(zero ? [`${chave}_zero`] : []));
    if ((typeof context === 'string' || typeof context === 'number') && context !== '') {
      const comContexto = `${chave}_${context}`;
      candidatas.push(comContexto);
      if (comPlural) candidatas.push(comContexto + sufixo, ...(zero ? [`${comContexto}_zero`] : []));
    }
    let texto: unknown;
    for (let i = candidatas.length - 1; i >= 0 && texto === undefined; i--) texto = ler(candidatas[i]);
    if (texto === undefined || texto === null) texto = opcoes.defaultValue ?? chave;
    if (ehArvore(texto)) return `key '${chave} (${idioma})' returned an object instead of string.`;
    const s = String(texto);
    if (!s.includes('{{')) return s;
    return s.replace(INTERPOLACAO, (inteiro, nome: string) => {
      const v = valores[nome.trim()];
      if (v === undefined) return Object.prototype.hasOwnProperty.call(valores, nome.trim()) ? '' : inteiro;
      return v === null ? '' : String(v);
    });
  }
  return {
    language: idioma,
    adicionar: (recursos) => mesclar(dados, recursos),
    t: (chave, opcoes = {}) => traduzir(chave, opcoes, opcoes),
    contar(chave, quantidade, opcoes = {}) {
      const comContagem = { ...opcoes, count: quantidade };
      return traduzir(chave, comContagem, { ...comContagem, count: numero.format(quantidade) });
    },
  };
}
