import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { departments, stores } from '../db/schema';

// The department tree keeps a materialised path on every node: '/1/4/17/' is node 17 under 4 under 1. A
// subtree is one prefix match, and a node's ancestors are read off its own path.

/** '/1/4/17/' -> [1, 4, 17]: the node and its ancestors, outermost first. */
export const idsOfPath = (path: string): number[] => path.split('/').filter(Boolean).map(Number);

/** Departments whose path lies under (or is) `path`: one prefix match on the path index. */
export const underPath = (path: string): SQL => sql`${departments.path} like ${`${path}%`}`;

/** The columns every picture of the tree shows of a node. */
export const nodeColumns = {
  id: departments.id,
  parentId: departments.parentId,
  name: departments.name,
  kind: departments.kind,
};

/** The store a department sits in (its own node or the nearest store node above it); null at head office. */
export async function storeOfDepartment(db: Database, departmentPath: string) {
  const [store] = await db
    .select({ id: stores.id, name: stores.name, status: stores.status })
    .from(stores)
    .innerJoin(departments, eq(departments.id, stores.departmentId))
    .where(sql`${departmentPath} like ${departments.path} || '%'`)
    .orderBy(sql`length(${departments.path}) desc`)
    .limit(1);
  return store ?? null;
}
