/**
 * Awaits queries one after another and answers their results in order, as `Promise.all` would. For code whose
 * `db` may be a transaction: a transaction has one connection, and queries sent to it at once queue inside the
 * driver (deprecated by node-postgres). Drizzle's query builders run when awaited, so building them first is
 * free.
 */
export async function inTurn<T extends readonly unknown[]>(
  queries: readonly [...T],
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const results: unknown[] = [];
  for (const query of queries) results.push(await query);
  return results as { -readonly [K in keyof T]: Awaited<T[K]> };
}
