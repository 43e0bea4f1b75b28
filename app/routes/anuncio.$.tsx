import { ErroCatalogo } from '~/components/catalogo/erro-catalogo';
import { revalidarCards } from '~/components/catalogo/favorito-card';
import { RotaLista, metaLista } from '~/components/catalogo/rota-lista';

/** The lot list; the prefix follows the brand's wording (leilao | anuncio). Lot pages have their own route. */
export { carregarLista as loader } from '~/modules/catalogo/rota-catalogo.server';
export const meta = metaLista;
export const shouldRevalidate = revalidarCards;
export default RotaLista;
export const ErrorBoundary = ErroCatalogo;
