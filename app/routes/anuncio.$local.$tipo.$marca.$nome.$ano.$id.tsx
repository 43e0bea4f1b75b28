import { ErroCatalogoSobDemanda as ErroCatalogo } from '~/components/sob-demanda';
import { RotaLote, metaLote } from '~/paginas/rota-lote';

/**
 * The lot page, `{cidade}-{uf}/{tipo}/{marca}/{nome}/ano.{ano}/{id}` (the bid panel lives only here).
 * The loader checks the shape and the canonical path; other lengths are the list route's.
 */
export { carregarLote as loader } from '~/paginas/rota-catalogo.server';
export const meta = metaLote;
export default RotaLote;
export const ErrorBoundary = ErroCatalogo;
