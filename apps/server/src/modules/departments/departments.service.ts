import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { departments } from '../../db/schema';
import { pathInScope, type Scope } from '../access/scope';
import type { DepartmentNode } from './departments.schemas';

type DepartmentRow = Pick<
  typeof departments.$inferSelect,
  'id' | 'parentId' | 'name' | 'kind' | 'code' | 'path'
>;

/** Nests rows (ordered parents first by depth) under their parents; roots are those whose parent is absent. */
export function nestDepartments(rows: readonly DepartmentRow[]): DepartmentNode[] {
  const nodes = new Map<number, DepartmentNode>();
  const roots: DepartmentNode[] = [];
  for (const row of rows) {
    const node: DepartmentNode = {
      id: row.id,
      parent_id: row.parentId,
      name: row.name,
      kind: row.kind,
      code: row.code,
    };
    nodes.set(row.id, node);
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/**
 * `GET /api/auth/departments/my/tree`: the part of the department tree the user's data scope covers —
 * the whole tree, or one subtree per department of their posts. Disabled departments stay out.
 */
export async function myDepartmentTree(db: Database, scope: Scope): Promise<DepartmentNode[]> {
  const rows = await db
    .select({
      id: departments.id,
      parentId: departments.parentId,
      name: departments.name,
      kind: departments.kind,
      code: departments.code,
      path: departments.path,
    })
    .from(departments)
    .where(eq(departments.status, 'active'))
    .orderBy(asc(departments.depth), asc(departments.sort), asc(departments.id));
  return nestDepartments(rows.filter((row) => pathInScope(scope, row.path)));
}
