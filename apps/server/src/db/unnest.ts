import { sql, type SQL } from 'drizzle-orm';

/** A column of rows written through `unnest`: its name, its PostgreSQL type and how a row gives its value. */
export interface UnnestColumn<Row> {
  name: string;
  /** The element type: `int`, `date`, `timestamptz`, `bool`, `float8`, `text`... */
  type: string;
  value(row: Row): string | number | boolean | Date | null;
}

/**
 * Many rows as one statement with one array parameter per column: `insert into t (a, b) <unnestRows>`.
 * Thousands of rows cost a handful of parameters instead of one per cell, which both drivers parse far
 * faster (the day table's build writes hundreds of rows per batch, the demo a hundred thousand punches).
 * Instants travel as ISO strings, which every driver sends alike.
 */
export function unnestRows<Row>(rows: readonly Row[], columns: readonly UnnestColumn<Row>[]): SQL {
  const arrays = columns.map((column) => {
    const values = rows.map((row) => {
      const value = column.value(row);
      return value instanceof Date ? value.toISOString() : value;
    });
    return sql`${sql.param(values)}::${sql.raw(column.type)}[]`;
  });
  return sql`select * from unnest(${sql.join(arrays, sql`, `)})`;
}

/** `(a, b, c)`: the column list the rows go into, in the same order. */
export const columnList = <Row>(columns: readonly UnnestColumn<Row>[]): SQL =>
  sql.raw(`(${columns.map((column) => `"${column.name}"`).join(', ')})`);
