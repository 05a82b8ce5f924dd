import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { assignments, departments, employees, headcountPlans, stores } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { nestByParent } from '../../lib/tree';
import { pathInScope, type Scope } from '../../core/scope';
import { idsOfPath, nodeColumns, underPath } from '../../core/department-tree';
import type { ChartNode } from '@dealer-hr/shared/org-chart/contract';

/** Department kinds that carry a headcount plan: a store's own, or the sum of the stores below. */
const PLANNED_KINDS = new Set(['group', 'region', 'store']);

/** Adds `amount` to the node of `path` and to every ancestor of it. */
function rollUp(totals: Map<number, number>, path: string, amount: number): void {
  for (const id of idsOfPath(path)) totals.set(id, (totals.get(id) ?? 0) + amount);
}

/** The path prefixes to draw: the chosen root's subtree (404 when outside the scope), else the scope. */
async function subtreeCondition(
  db: Database,
  scope: Scope,
  rootId: number | undefined,
): Promise<SQL | undefined> {
  if (rootId === undefined) return undefined;
  const [root] = await db
    .select({ path: departments.path })
    .from(departments)
    .where(and(eq(departments.id, rootId), eq(departments.status, 'active')));
  if (!root || !pathInScope(scope, root.path)) throw notFound('部门不存在');
  return underPath(root.path);
}

/**
 * `GET /api/auth/departments/chart`: the active departments of the caller's data scope (or of one root
 * inside it) as a tree with leader, headcount and plan. Three queries whatever the tree's size — nodes,
 * staff per department, plan per store — and the totals are rolled up the materialised paths in memory.
 */
export async function departmentChart(db: Database, scope: Scope, rootId?: number): Promise<ChartNode[]> {
  const subtree = await subtreeCondition(db, scope, rootId);
  const rows = await db
    .select({
      ...nodeColumns,
      path: departments.path,
      leaderId: employees.id,
      leaderName: employees.name,
    })
    .from(departments)
    .leftJoin(employees, eq(employees.id, departments.leaderEmployeeId))
    .where(and(eq(departments.status, 'active'), subtree))
    .orderBy(asc(departments.depth), asc(departments.sort), asc(departments.id));
  const visible = rows.filter((row) => pathInScope(scope, row.path));
  if (visible.length === 0) return [];

  // Staff and plans are counted group-wide per department and store: cheap at a group's size, and the
  // roll-up below only reads the totals of the visible nodes.
  const [staff, plans] = await Promise.all([
    db
      .select({ path: departments.path, total: sql<number>`count(*)::int` })
      .from(assignments)
      .innerJoin(departments, eq(departments.id, assignments.departmentId))
      .where(and(eq(assignments.isMain, true), isNull(assignments.endDate)))
      .groupBy(departments.path),
    db
      .select({ path: departments.path, total: sql<number>`sum(${headcountPlans.planned})::int` })
      .from(headcountPlans)
      .innerJoin(stores, eq(stores.id, headcountPlans.storeId))
      .innerJoin(departments, eq(departments.id, stores.departmentId))
      .groupBy(departments.path),
  ]);
  const headcount = new Map<number, number>();
  for (const row of staff) rollUp(headcount, row.path, row.total);
  const planned = new Map<number, number>();
  for (const row of plans) rollUp(planned, row.path, row.total);

  return nestByParent(visible, (row): ChartNode => ({
    id: row.id,
    name: row.name,
    kind: row.kind,
    leader: row.leaderId === null ? null : { id: row.leaderId, name: row.leaderName ?? '' },
    headcount: headcount.get(row.id) ?? 0,
    planned: PLANNED_KINDS.has(row.kind) ? (planned.get(row.id) ?? 0) : null,
    children: [],
  }));
}
