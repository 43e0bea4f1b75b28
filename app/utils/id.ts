/** The largest id a PostgreSQL `integer` column holds: anything above it is no row of ours. */
export const ID_MAXIMO = 2_147_483_647;

/** Whether a number from a URL or a form can be a row id (a positive `integer`); else it is a 404. */
export const idValido = (n: number) => Number.isSafeInteger(n) && n > 0 && n <= ID_MAXIMO;
