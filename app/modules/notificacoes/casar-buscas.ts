import { z } from 'zod';
import { CATEGORIAS_FORA_DO_PADRAO } from '~/modules/catalogo/regras';
import { semAcentos } from '~/utils/texto';

/**
 * Saved searches against newly released lots, as the list page reads its filters (decision 214): brand,
 * state and category by equality (no category asked: the list's default categories), year and price
 * ranges (the price is the card's value, the buy-now price of a "Compre Já"), and text in the lot's name
 * without accents or case, or its number exactly. Pure: the digest reads the searches and the lots, this
 * pairs them, the digest writes the notices.
 *
 * The lots are indexed once per batch by brand (and by brand for the searches that name none, under
 * `null`), so a search looks only at its brands' lots: 10,000 searches against 1,000 lots is a few million
 * comparisons in memory, not a join the planner has to guess.
 */

const lista = z.array(z.string()).max(50).optional();
const numero = z.number().finite().optional();
/** A search's stored filters (busca_salva.filtros); anything else a stored row holds is ignored. */
export const filtrosGuardadosSchema = z.object({
  marca: lista,
  uf: lista,
  categoria: lista,
  anoMin: numero,
  anoMax: numero,
  valorMin: numero,
  valorMax: numero,
  texto: z.string().max(200).optional(),
});
export type FiltrosGuardados = z.infer<typeof filtrosGuardadosSchema>;

export interface BuscaParaCasar {
  id: number;
  hotsiteId: number;
  /** Lots released after this instant (ms) are new to it. */
  vistoAte: number;
  filtros: FiltrosGuardados;
}

export interface LoteNovo {
  id: number;
  hotsiteId: number;
  /** When it was released (ms). */
  criadoEm: number;
  nome: string;
  numero: string;
  marca: string | null;
  uf: string | null;
  categoria: string | null;
  ano: number | null;
  /** The card's value in centavos. */
  valor: number;
}

export interface Achado {
  /** The search's first new lot (the smallest id), shown in the notice. */
  loteId: number;
  quantidade: number;
}

const FORA_DO_PADRAO: ReadonlySet<string> = new Set(CATEGORIAS_FORA_DO_PADRAO);
const normalizar = (s: string) => semAcentos(s).toLowerCase();

type LoteNormal = LoteNovo & { nomeNormal: string; numeroNormal: string };

/**
 * One search's test of a lot (after its brand), built once per search: only the conditions it sets, with
 * their values already normalised, so a batch runs millions of them without allocating.
 */
function predicado(f: FiltrosGuardados): (l: LoteNormal) => boolean {
  const testes: ((l: LoteNormal) => boolean)[] = [];
  if (f.uf?.length) {
    const ufs = new Set(f.uf.map((u) => u.toUpperCase()));
    testes.push((l) => l.uf != null && ufs.has(l.uf));
  }
  if (f.categoria?.length) {
    const categorias = new Set(f.categoria);
    testes.push((l) => l.categoria != null && categorias.has(l.categoria));
  } else testes.push((l) => l.categoria != null && !FORA_DO_PADRAO.has(l.categoria));
  // A missing year fails a year range, as NULL does in SQL and NaN does in the list's index.
  const { anoMin, anoMax, valorMin, valorMax } = f;
  if (anoMin != null) testes.push((l) => l.ano != null && l.ano >= anoMin);
  if (anoMax != null) testes.push((l) => l.ano != null && l.ano <= anoMax);
  if (valorMin != null) testes.push((l) => l.valor >= valorMin);
  if (valorMax != null) testes.push((l) => l.valor <= valorMax);
  const termo = f.texto ? normalizar(f.texto) : '';
  if (termo) testes.push((l) => l.nomeNormal.includes(termo) || l.numeroNormal === termo);
  return (l) => {
    for (const t of testes) if (!t(l)) return false;
    return true;
  };
}

/** Every search's new matching lots: its first lot and how many. Searches with none are left out. */
export function casarBuscas(buscas: readonly BuscaParaCasar[], lotes: readonly LoteNovo[]): Map<number, Achado> {
  // hotsite → brand → lots; `null` holds every lot of the brand-less searches' hotsite.
  const indice = new Map<number, Map<string | null, LoteNormal[]>>();
  for (const l of lotes) {
    // Spelled out, not spread: a spread copy can land in dictionary mode and cost ten times more per read.
    const n: LoteNormal = {
      id: l.id,
      hotsiteId: l.hotsiteId,
      criadoEm: l.criadoEm,
      nome: l.nome,
      numero: l.numero,
      marca: l.marca,
      uf: l.uf,
      categoria: l.categoria,
      ano: l.ano,
      valor: l.valor,
      nomeNormal: normalizar(l.nome),
      numeroNormal: normalizar(l.numero),
    };
    let doSite = indice.get(l.hotsiteId);
    if (!doSite) indice.set(l.hotsiteId, (doSite = new Map([[null, []]])));
    doSite.get(null)!.push(n);
    if (l.marca != null) {
      const m = doSite.get(l.marca);
      if (m) m.push(n);
      else doSite.set(l.marca, [n]);
    }
  }
  const achados = new Map<number, Achado>();
  for (const b of buscas) {
    const doSite = indice.get(b.hotsiteId);
    if (!doSite) continue;
    const marcas = b.filtros.marca?.length ? [...new Set(b.filtros.marca)] : [null];
    const atende = predicado(b.filtros);
    let loteId = Infinity;
    let quantidade = 0;
    for (const marca of marcas) {
      for (const l of doSite.get(marca) ?? []) {
        if (l.criadoEm <= b.vistoAte || !atende(l)) continue;
        quantidade++;
        if (l.id < loteId) loteId = l.id;
      }
    }
    if (quantidade > 0) achados.set(b.id, { loteId, quantidade });
  }
  return achados;
}
