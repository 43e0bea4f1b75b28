import type { BannerAtivo } from '~/modules/catalogo/leiloes.server';
import type { BuscaDaUrl, CampoFaceta } from '~/modules/catalogo/busca-url';
import type { DadosCard } from './card-lote';

/** The list page's data (its loader's, as the list and its filter column read it). */
export interface DadosLista {
  prefixo: string;
  caminho: string;
  categoriaDoCaminho: string | null;
  busca: BuscaDaUrl;
  total: number;
  totalDePaginas: number;
  lotes: DadosCard[];
  facetas: Record<CampoFaceta, { valor: string; rotulo: string; quantidade: number }[]>;
  /** Facets with more values than rendered: their number of values. */
  ocultos: Partial<Record<CampoFaceta, number>>;
  /** The facet shown with every value (`?ver=`), if any. */
  ver: CampoFaceta | null;
  banners: Pick<BannerAtivo, 'uid' | 'nome' | 'imagem' | 'urlDestino'>[];
}
