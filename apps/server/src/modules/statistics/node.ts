import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { departments } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { pathInScope, type Scope } from '../../core/scope';

/**
 * What a statistics query counts: a department node and everything below it, or (no node asked) the caller's
 * whole scope. A node outside the scope answers 404, like any record the caller may not see.
 */
export interface StatisticsNode {
  id: number | null;
  name: string;
  /** Department paths whose subtrees are counted; null: the whole group. */
  paths: string[] | null;
}

/** The name of the whole group: its root node. */
async function rootName(db: Database): Promise<string> {
  const [root] = await db
    .select({ name: departments.name })
    .from(departments)
    .where(eq(departments.depth, 0))
    .limit(1);
  return root?.name ?? '';
}

export async function resolveNode(
  db: Database,
  scope: Scope,
  departmentId: number | undefined,
): Promise<StatisticsNode> {
  if (departmentId !== undefined) {
    const [node] = await db
      .select({ id: departments.id, name: departments.name, path: departments.path })
      .from(departments)
      .where(eq(departments.id, departmentId));
    if (!node || !pathInScope(scope, node.path)) throw notFound();
    return { id: node.id, name: node.name, paths: [node.path] };
  }
  if (scope.all) return { id: null, name: await rootName(db), paths: null };
  const roots =
    scope.rootIds.length === 0
      ? []
      : await db
          .select({ name: departments.name })
          .from(departments)
          .where(inArray(departments.id, scope.rootIds));
  return { id: null, name: roots.map((root) => root.name).join('、'), paths: scope.paths };
}

/**
 * A condition on a departments path expression: inside the node. `path` is the SQL of a path column (usually
 * of a departments row joined to what is counted).
 */
export function underNode(node: StatisticsNode, path: SQL): SQL {
  if (node.paths === null) return sql`true`;
  if (node.paths.length === 0) return sql`false`;
  const prefixes = sql.join(
    node.paths.map((prefix) => sql`${`${prefix}%`}`),
    sql`, `,
  );
  return sql`${path} like any(array[${prefixes}]::text[])`;
}
