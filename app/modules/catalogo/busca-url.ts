import { CHAVES_LISTA, CHAVES_NUM, CHAVES_NUM_LISTA, CHAVES_REAIS } from './chaves-busca';
import type { BuscaDaUrl } from './filtros';

/**
 * The list page's query string, client-safe (no zod, no schema): repeated keys are multi-select
 * (?marca=Fiat&marca=Honda), ranges in reais, `ordem=campo-direção`, `pagina=N`. Parsing with
 * validation is `buscaDaUrl` in filtros.ts (server).
 */
export const CAMPOS_FACETA = [
  'categoria',
  'marca',
  'modelo',
  'uf',
  'cidade',
  'combustivel',
  'cor',
  'retomada',
  'comitente',
  'leilao',
  'promocao',
  'anoModelo',
] as const;
export type { BuscaDaUrl };
export type CampoFaceta = (typeof CAMPOS_FACETA)[number];

/** Centavos → reais in the URL: 6000000 → "60000", 6000050 → "60000,50" (read back by the same parser). */
const reaisDaUrl = (centavos: number) =>
  centavos % 100 ? `${Math.floor(centavos / 100)},${String(centavos % 100).padStart(2, '0')}` : String(centavos / 100);

/** The canonical query string for a search (page 1 omitted, default order omitted). */
export function urlDaBusca({ filtros, ordenacao, pagina }: Partial<BuscaDaUrl>): string {
  const p = new URLSearchParams();
  const f = filtros ?? {};
  for (const k of [...CHAVES_LISTA, ...CHAVES_NUM_LISTA])
    for (const v of (f[k] as (string | number)[] | undefined) ?? []) p.append(k, String(v));
  for (const [k, campo] of Object.entries(CHAVES_NUM)) if (f[campo] !== undefined) p.set(k, String(f[campo]));
  for (const [k, campo] of Object.entries(CHAVES_REAIS)) if (f[campo] !== undefined) p.set(k, reaisDaUrl(f[campo]!));
  if (f.texto) p.set('q', f.texto);
  if (f.destaque) p.set('destaque', '1');
  if (ordenacao && (ordenacao.campo !== 'dataFim' || ordenacao.tipoOrdenacao !== 'asc'))
    p.set('ordem', `${ordenacao.campo}-${ordenacao.tipoOrdenacao}`);
  if (pagina && pagina > 1) p.set('pagina', String(pagina));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** Toggles one value of a multi-select filter; any filter change goes back to page 1. */
export function alternarFiltro(
  busca: BuscaDaUrl,
  campo: (typeof CHAVES_LISTA)[number] | (typeof CHAVES_NUM_LISTA)[number],
  valor: string | number,
): string {
  const atual = ((busca.filtros[campo] as (string | number)[] | undefined) ?? []).map(String);
  const v = String(valor);
  const novo = atual.includes(v) ? atual.filter((x) => x !== v) : [...atual, v];
  return urlDaBusca({ filtros: { ...busca.filtros, [campo]: novo.length ? novo : undefined }, ordenacao: busca.ordenacao, pagina: 1 });
}

/** Facets shown as link lists (multi-select): every facet but the year (a range). */
export const FACETAS_LISTA: CampoFaceta[] = CAMPOS_FACETA.filter((c) => c !== 'anoModelo');

/** The multi-select values of a search, each with its facet's label (the value itself if the facet lacks it). */
export function valoresAtivos(
  busca: BuscaDaUrl,
  facetas: Partial<Record<CampoFaceta, { valor: string; rotulo: string }[]>>,
): { campo: CampoFaceta; valor: string; rotulo: string }[] {
  return FACETAS_LISTA.flatMap((campo) =>
    (((busca.filtros as Record<string, unknown>)[campo] as (string | number)[] | undefined) ?? []).map((v) => ({
      campo,
      valor: String(v),
      rotulo: facetas[campo]?.find((f) => f.valor === String(v))?.rotulo ?? String(v),
    })),
  );
}

/** The current search's query pairs on page 1, but the keys in `exceto`: a GET form's hidden inputs. */
export function paresDaBusca(busca: BuscaDaUrl, exceto: readonly string[]): [string, string][] {
  return [...new URLSearchParams(urlDaBusca({ ...busca, pagina: 1 })).entries()].filter(([k]) => !exceto.includes(k));
}
