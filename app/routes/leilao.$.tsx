import { ErroCatalogoSobDemanda as ErroCatalogo } from '~/components/sob-demanda';
import { revalidarCards } from '~/components/catalogo/card-lote';
import { RotaLista, metaLista } from '~/paginas/rota-lista';

/** The lot list; the prefix follows the brand's wording (leilao | anuncio). Lot pages have their own route. */
export { carregarLista as loader } from '~/paginas/rota-lista.server';
export const meta = metaLista;
export const shouldRevalidate = revalidarCards;
export default RotaLista;
export const ErrorBoundary = ErroCatalogo;
