/**
 * The rows of a raw `db.execute(sql...)`: both drivers (PGlite and node-postgres) answer `{ rows }`, which the
 * shared Database type leaves unknown.
 */
export const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;
