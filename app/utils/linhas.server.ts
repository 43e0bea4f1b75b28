/** The rows of a raw `db.execute(sql...)` answer (pg and PGlite both answer `{ rows }`). */
export const linhas = <T>(r: unknown) => (r as { rows: T[] }).rows;
