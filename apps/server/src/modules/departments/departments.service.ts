import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { departments } from '../../db/schema';
import { pathInScope, type Scope } from '../../core/scope';
import { nestByParent } from '../../lib/tree';
import { nodeColumns } from '../../core/department-tree';
import type { DepartmentNode } from '@dealer-hr/shared/departments/contract';

/**
 * `GET /api/auth/departments/my/tree`: the part of the department tree the user's data scope covers —
 * the whole tree, or one subtree per department of their posts. Disabled departments stay out.
 */
export async function myDepartmentTree(db: Database, scope: Scope): Promise<DepartmentNode[]> {
  const rows = await db
    .select({ ...nodeColumns, code: departments.code, path: departments.path })
    .from(departments)
    .where(eq(departments.status, 'active'))
    .orderBy(asc(departments.depth), asc(departments.sort), asc(departments.id));
  return nestByParent(
    rows.filter((row) => pathInScope(scope, row.path)),
    (row): DepartmentNode => ({
      id: row.id,
      parent_id: row.parentId,
      name: row.name,
      kind: row.kind,
      code: row.code,
    }),
  );
}
