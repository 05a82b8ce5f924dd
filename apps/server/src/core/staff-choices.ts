import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { assignments, departments, employees, posts, stores } from '../db/schema';
import { employeeKeywordMatch } from './employee-keyword';
import { inScope, openMainAssignmentOf, type Scope } from './scope';

/** A person a filing form may choose, with their main post now and their record of that kind still open. */
export interface StaffChoice {
  id: number;
  employee_no: string;
  name: string;
  home: {
    store_id: number | null;
    store_name: string | null;
    department_id: number;
    department_name: string;
    post_id: number;
    post_name: string;
    start_date: string;
  };
  open: number | null;
}

/**
 * The person picker of a filing form (dispatch, rotation): people on staff placed in the caller's scope whose
 * name, pinyin, initials or number begins with `keyword`, at most 20, each with their open main post and the
 * id `openRecord` finds (a subquery on `employees.id`: their record already open, which makes them unchoosable).
 */
export async function staffChoices(
  db: Database,
  scope: Scope,
  keyword: string | undefined,
  openRecord: SQL<number | null>,
): Promise<StaffChoice[]> {
  const rows = await db
    .select({
      id: employees.id,
      employeeNo: employees.employeeNo,
      name: employees.name,
      assignment: assignments,
      store: stores.name,
      department: departments.name,
      post: posts.name,
      open: openRecord,
    })
    .from(employees)
    .innerJoin(assignments, openMainAssignmentOf(employees.id))
    .innerJoin(departments, eq(departments.id, assignments.departmentId))
    .leftJoin(stores, eq(stores.id, assignments.storeId))
    .innerJoin(posts, eq(posts.id, assignments.postId))
    .where(
      and(
        inArray(employees.status, ['probation', 'regular']),
        inScope(scope, employees.mainDepartmentId),
        keyword ? employeeKeywordMatch(keyword) : undefined,
      ),
    )
    .orderBy(asc(employees.employeeNo))
    .limit(20);
  return rows.map((row) => ({
    id: row.id,
    employee_no: row.employeeNo,
    name: row.name,
    home: {
      store_id: row.assignment.storeId,
      store_name: row.store,
      department_id: row.assignment.departmentId,
      department_name: row.department,
      post_id: row.assignment.postId,
      post_name: row.post,
      start_date: row.assignment.startDate,
    },
    open: row.open,
  }));
}
