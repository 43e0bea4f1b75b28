/** Waiting conditional offers per page of the seller's page: the nearest deadlines first, the rest a page away (decision 277). */
export const OFERTAS_POR_PAGINA = 20;
