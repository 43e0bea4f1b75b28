/**
 * Many distinct searches for the search benches, built from the catalogue's real facets with a seeded
 * generator: the same facets and seed give the same searches, in the same order. A visitor's search picks
 * zero to three facets (the more common a value, the likelier), sometimes a year, price or km range, one of
 * the list's orders and mostly the first page. Also the two ways a search reaches the server (the list
 * page's URL and the API's body) and a Zipf draw of them, the popularity a site's searches follow.
 */
import { urlDaBusca } from '~/modules/catalogo/busca-url';
import type { Filtros, Ordenacao } from '~/modules/catalogo/filtros';

/** Value counts per facet, as the index's facets give them (`buscarComFacetas(...).facetas`). */
export type FacetasDoCatalogo = Partial<Record<string, { valor: string; quantidade: number }[]>>;

export interface BuscaGerada {
  filtros: Filtros;
  ordenacao: Ordenacao;
  pagina: number;
}

/** mulberry32: a small seeded generator, enough to draw searches (not for anything secret). */
export function geradorComSemente(semente: number) {
  let a = semente >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The facets a search may filter on (`leilao` and `promocao` change by the day; the year is a range). */
const CAMPOS = ['categoria', 'marca', 'modelo', 'uf', 'cidade', 'combustivel', 'cor', 'retomada', 'comitente'] as const;
const ORDENS: Ordenacao[] = [
  { campo: 'dataFim', tipoOrdenacao: 'asc' },
  { campo: 'valor', tipoOrdenacao: 'asc' },
  { campo: 'valor', tipoOrdenacao: 'desc' },
  { campo: 'anoModelo', tipoOrdenacao: 'desc' },
  { campo: 'km', tipoOrdenacao: 'asc' },
];
/** Ranges a visitor types, in centavos and km. */
const VALORES_MAX = [20_000_00, 40_000_00, 60_000_00, 80_000_00, 120_000_00];
const KMS_MAX = [50_000, 100_000, 150_000];

/** The canonical key of a search: two searches are the same when their keys are. */
export const chaveDaBusca = (b: BuscaGerada) =>
  `${urlDaBusca({ filtros: b.filtros, ordenacao: b.ordenacao, pagina: b.pagina })}#${b.pagina}`;

/**
 * `n` distinct searches from `facetas` and `semente`. Throws when the facets cannot give that many (a
 * catalogue too small or too uniform), rather than returning repeats.
 */
export function gerarBuscas({ facetas, n, semente }: { facetas: FacetasDoCatalogo; n: number; semente: number }): BuscaGerada[] {
  const rnd = geradorComSemente(semente);
  const escolher = <T>(lista: readonly T[]) => lista[Math.floor(rnd() * lista.length)];
  const campos = CAMPOS.filter((c) => (facetas[c]?.length ?? 0) > 0);
  const anos = (facetas.anoModelo ?? [])
    .map((v) => Number(v.valor))
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  /** A value of the facet, as likely as it is common in the catalogue. */
  const valorDe = (campo: string) => {
    const valores = facetas[campo]!;
    const total = valores.reduce((t, v) => t + v.quantidade, 0);
    let alvo = rnd() * total;
    for (const v of valores) if ((alvo -= v.quantidade) < 0) return v.valor;
    return valores[valores.length - 1].valor;
  };
  const vistas = new Set<string>();
  const buscas: BuscaGerada[] = [];
  for (let tentativas = 0; buscas.length < n; tentativas++) {
    if (tentativas > n * 50) throw new Error(`as facetas só deram ${buscas.length} buscas distintas de ${n}`);
    const filtros: Record<string, unknown> = {};
    const sorteio = rnd();
    const quantos = sorteio < 0.05 ? 0 : sorteio < 0.5 ? 1 : sorteio < 0.85 ? 2 : 3;
    const livres = [...campos];
    for (let k = 0; k < quantos && livres.length; k++) {
      const campo = livres.splice(Math.floor(rnd() * livres.length), 1)[0];
      // A model names its make: a visitor filtering by one does not also pick the other.
      const par = campo === 'modelo' ? 'marca' : campo === 'marca' ? 'modelo' : null;
      if (par && livres.includes(par)) livres.splice(livres.indexOf(par), 1);
      const valores = new Set([valorDe(campo)]);
      if (rnd() < 0.2) valores.add(valorDe(campo));
      filtros[campo] = campo === 'comitente' ? [...valores].map(Number) : [...valores];
    }
    if (anos.length && rnd() < 0.3) filtros.anoMin = escolher(anos);
    if (rnd() < 0.2) filtros.valorMax = escolher(VALORES_MAX);
    if (rnd() < 0.15) filtros.kmMax = escolher(KMS_MAX);
    const p = rnd();
    const busca: BuscaGerada = {
      filtros: filtros as Filtros,
      ordenacao: escolher(ORDENS),
      pagina: p < 0.7 ? 1 : p < 0.9 ? 2 : 3 + Math.floor(rnd() * 3),
    };
    const chave = chaveDaBusca(busca);
    if (vistas.has(chave)) continue;
    vistas.add(chave);
    buscas.push(busca);
  }
  return buscas;
}

/** The list page's path of a search on a leilão brand. */
export const caminhoDaPagina = (b: BuscaGerada) => `/leilao${urlDaBusca({ filtros: b.filtros, ordenacao: b.ordenacao, pagina: b.pagina })}`;

const CAMPO_NA_API: Record<string, string> = { uf: 'estado', categoria: 'categoria' };
/** The same search as the API's body (spec: from, size, requisicoesBusca, listaOrdenacao; ranges in reais). */
export function corpoDaApi(b: BuscaGerada, tamanho = 30): string {
  const requisicoesBusca: { campo: string; valores?: (string | number)[]; min?: number; max?: number }[] = [];
  for (const campo of CAMPOS) {
    const valores = b.filtros[campo] as (string | number)[] | undefined;
    if (valores?.length) requisicoesBusca.push({ campo: CAMPO_NA_API[campo] ?? campo, valores });
  }
  if (b.filtros.anoMin !== undefined) requisicoesBusca.push({ campo: 'anoModelo', min: b.filtros.anoMin });
  if (b.filtros.valorMax !== undefined) requisicoesBusca.push({ campo: 'valor', max: b.filtros.valorMax / 100 });
  if (b.filtros.kmMax !== undefined) requisicoesBusca.push({ campo: 'km', max: b.filtros.kmMax });
  return JSON.stringify({ from: (b.pagina - 1) * tamanho, size: tamanho, requisicoesBusca, listaOrdenacao: [b.ordenacao] });
}

/**
 * `total` draws of indexes in [0, n) with Zipf popularity (exponent `s`): index 0 is the most asked, the
 * k-th 1/k^s as often. Seeded; the popularity ranks are a seeded shuffle, so the most asked search is not
 * always the first generated.
 */
export function sorteioZipf({ n, total, semente, s = 1 }: { n: number; total: number; semente: number; s?: number }): number[] {
  const rnd = geradorComSemente(semente);
  const ordem = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [ordem[i], ordem[j]] = [ordem[j], ordem[i]];
  }
  const acumulado: number[] = [];
  let soma = 0;
  for (let k = 1; k <= n; k++) acumulado.push((soma += 1 / k ** s));
  return Array.from({ length: total }, () => {
    const alvo = rnd() * soma;
    let baixo = 0;
    let alto = n - 1;
    while (baixo < alto) {
      const meio = (baixo + alto) >> 1;
      if (acumulado[meio] < alvo) baixo = meio + 1;
      else alto = meio;
    }
    return ordem[baixo];
  });
}
