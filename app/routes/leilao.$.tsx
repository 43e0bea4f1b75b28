import { ErroCatalogo } from '~/components/catalogo/erro-catalogo';
import { RotaCatalogo, metaCatalogo } from '~/components/catalogo/rota-catalogo';

/** Lot list and lot pages; the prefix follows the brand's wording (leilao | anuncio). */
export { carregarCatalogo as loader } from '~/modules/catalogo/rota-catalogo.server';
export const meta = metaCatalogo;
export default RotaCatalogo;
export const ErrorBoundary = ErroCatalogo;
