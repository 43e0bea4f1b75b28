/** The rows of a raw `db.execute(sql...)` answer (pg and PGlite both answer `{ rows }`). */
export const linhas = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** A numeric column of a raw row (bigint and numeric come back as strings) as a number; null stays null. */
export const numeroOuNulo = (v: unknown) => (v == null ? null : Number(v));
