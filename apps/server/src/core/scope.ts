import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { assignments, departments, postRoles, roles, userRoles, users } from '../db/schema';
import { notFound } from '../lib/errors';

/**
 * What records a user may see and change (docs/api.md "Data scope"): the whole group, or the
 * departments of their posts and everything below them. Records outside answer 404, not 1403, so a
 * user cannot learn that they exist.
 */
export type Scope =
  | { all: true }
  | {
      all: false;
      /** The departments of the user's posts, outermost only (one inside another adds nothing). */
      rootIds: number[];
      /** Their materialised paths, e.g. '/1/4/': a department is inside when its path starts with one. */
      paths: string[];
    };

/**
 * The open main assignment of an employee (a column to join on, or an id): the post that places a person,
 * and their account, in the organisation and so inside or outside a data scope.
 */
export const openMainAssignmentOf = (employeeId: AnyPgColumn | number): SQL | undefined =>
  and(eq(assignments.employeeId, employeeId), eq(assignments.isMain, true), isNull(assignments.endDate));

export interface ScopeOptions {
  /** Also the departments of part-time posts (docs/api.md "Data scope": `partTime=1`). */
  partTime?: boolean;
}

async function hasGroupWideRole(db: Database, userId: number): Promise<boolean> {
  const direct = db
    .select({ id: roles.id })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(
        eq(userRoles.userId, userId),
        eq(roles.status, 'active'),
        or(eq(roles.isSuper, true), eq(roles.dataScope, 'all')),
      ),
    );
  const viaPosts = db
    .select({ id: roles.id })
    .from(users)
    .innerJoin(assignments, and(eq(assignments.employeeId, users.employeeId), isNull(assignments.endDate)))
    .innerJoin(postRoles, eq(postRoles.postId, assignments.postId))
    .innerJoin(roles, eq(roles.id, postRoles.roleId))
    .where(
      and(
        eq(users.id, userId),
        eq(roles.status, 'active'),
        or(eq(roles.isSuper, true), eq(roles.dataScope, 'all')),
      ),
    );
  const rows = await direct.union(viaPosts).limit(1);
  return rows.length > 0;
}

export async function loadScope(
  db: Database,
  userId: number,
  { partTime = false }: ScopeOptions = {},
): Promise<Scope> {
  if (await hasGroupWideRole(db, userId)) return { all: true };
  const held = await db
    .select({ id: departments.id, path: departments.path })
    .from(users)
    .innerJoin(assignments, and(eq(assignments.employeeId, users.employeeId), isNull(assignments.endDate)))
    .innerJoin(departments, eq(departments.id, assignments.departmentId))
    .where(and(eq(users.id, userId), partTime ? undefined : eq(assignments.isMain, true)));
  const outermost = held.filter(
    (candidate) =>
      !held.some(
        (other) =>
          other.id !== candidate.id && candidate.path.startsWith(other.path) && other.path !== candidate.path,
      ),
  );
  const unique = [...new Map(outermost.map((row) => [row.id, row])).values()];
  return { all: false, rootIds: unique.map((row) => row.id), paths: unique.map((row) => row.path) };
}

/** The same string for the same scope: a key for what is kept per scope. */
export const scopeKeyOf = (scope: Scope): string => (scope.all ? '*' : scope.paths.join(','));

/** A where-condition keeping rows whose department column is inside the scope; undefined when all are. */
export function inScope(scope: Scope, departmentId: AnyPgColumn): SQL | undefined {
  if (scope.all) return undefined;
  if (scope.paths.length === 0) return sql`false`;
  const prefixes = sql.join(
    scope.paths.map((path) => sql`${`${path}%`}`),
    sql`, `,
  );
  return sql`${departmentId} in (select ${departments.id} from ${departments} where ${departments.path} like any(array[${prefixes}]::text[]))`;
}

/** Whether a department (by its path) is inside the scope. */
export function pathInScope(scope: Scope, path: string): boolean {
  return scope.all || scope.paths.some((prefix) => path.startsWith(prefix));
}

/**
 * For a detail, update or delete of a department-bound record: 404 unless its department is inside the
 * scope (the same answer as a record that does not exist).
 */
export async function assertInScope(db: Database, scope: Scope, departmentId: number | null): Promise<void> {
  if (scope.all) return;
  if (departmentId === null) throw notFound();
  const [row] = await db
    .select({ path: departments.path })
    .from(departments)
    .where(eq(departments.id, departmentId));
  if (!row || !pathInScope(scope, row.path)) throw notFound();
}
