import { ErroCatalogo } from '~/components/catalogo/erro-catalogo';
import { RotaLote, metaLote } from '~/components/catalogo/rota-lote';

/**
 * The lot page, `{cidade}-{uf}/{tipo}/{marca}/{nome}/ano.{ano}/{id}` (the bid panel lives only here).
 * The loader checks the shape and the canonical path; other lengths are the list route's.
 */
export { carregarLote as loader } from '~/modules/catalogo/rota-catalogo.server';
export const meta = metaLote;
export default RotaLote;
export const ErrorBoundary = ErroCatalogo;
